// Requirement: "Link prefetching uses a link hint ...; it is skipped on 2g connections or when
// data saving is on". The site prefetches the code of the pages its visible links lead to, with
// <link rel="prefetch">. The connection is emulated with an init script defining
// navigator.connection, which Chromium reports as a fast connection by default.
import type {Page} from '@playwright/test';
import {test, expect, open} from './fixtures';

/** The prefetch hints in the document head, after the network has settled. */
async function prefetchHints(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return page
    .locator('head link[rel="prefetch"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
}

async function scrollToFooter(page: Page): Promise<void> {
  await page.locator('footer').scrollIntoViewIfNeeded();
  await expect(page.locator('footer').getByRole('link', {name: 'Blog', exact: true})).toBeInViewport();
}

test.use({viewport: {width: 1280, height: 600}});

test('the code of pages linked in view is prefetched with link hints; more as links scroll into view', async ({
  page,
}) => {
  await open(page, '/');
  const atLoad = await prefetchHints(page);
  expect(atLoad.length).toBeGreaterThan(0);
  for (const href of atLoad) expect(href).toMatch(/\/assets\/js\/[^/]+\.js$/);
  await expect(page.locator('footer')).not.toBeInViewport();
  await scrollToFooter(page);
  await expect.poll(async () => (await prefetchHints(page)).length).toBeGreaterThan(atLoad.length);
});

for (const [name, connection] of [
  ['a 2g connection', {effectiveType: '2g', saveData: false}],
  ['data saving on', {effectiveType: '4g', saveData: true}],
] as const) {
  test(`nothing is prefetched on ${name}, and links still work`, async ({page}) => {
    await page.addInitScript((value) => {
      Object.defineProperty(navigator, 'connection', {configurable: true, get: () => value});
    }, connection);
    await open(page, '/');
    await scrollToFooter(page);
    await page.locator('footer').getByRole('link', {name: 'Blog', exact: true}).hover();
    expect(await prefetchHints(page)).toEqual([]);
    await page.locator('footer').getByRole('link', {name: 'Blog', exact: true}).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
}
