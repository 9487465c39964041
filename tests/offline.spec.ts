// No request leaves the site: every page, at load and on interaction, asks only its own origin.
// Requests to any other host are aborted and recorded, and the test fails on the first one, so a
// web font, an avatar, an analytics script or a CDN copy of a library cannot slip in.
import type {BrowserContext, Page} from '@playwright/test';
import {test, expect, open} from './fixtures';
import {ALL_ROUTES} from './routes';

/** Aborts and records every request whose origin is not the site's. */
async function guard(context: BrowserContext, baseURL: string): Promise<string[]> {
  const origin = new URL(baseURL).origin;
  const outside: string[] = [];
  await context.route(
    (url) => url.origin !== origin && !['data:', 'blob:', 'about:'].includes(url.protocol),
    (route) => {
      outside.push(
        `${route.request().resourceType()} ${route.request().url()} (from ${route.request().frame().url()})`,
      );
      return route.abort('blockedbyclient');
    },
  );
  return outside;
}

/**
 * What a reader does that could load more: switch mode (diagrams re-render), open the version menu,
 * scroll to the end (links prefetch the code and data of their pages as they come into view).
 */
async function interact(page: Page): Promise<void> {
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  const dropdown = page.locator('.navbar .dropdown').first();
  if (await dropdown.isVisible()) await dropdown.hover();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
}

test.describe('every route asks only its own origin', () => {
  // Pages in batches: each test opens several, so that the whole site is crawled in a few tests.
  const routes = [...ALL_ROUTES, '/no-such-page'];
  const size = 8;
  for (let start = 0; start < routes.length; start += size) {
    const batch = routes.slice(start, start + size);
    test(`${batch[0]} … ${batch.at(-1)}`, async ({page, context, baseURL}) => {
      test.setTimeout(150_000);
      const outside = await guard(context, baseURL!);
      for (const path of batch) {
        await open(page, path);
        await interact(page);
        await page.waitForLoadState('networkidle');
        expect(outside, `requests to other hosts from ${path}`).toEqual([]);
        // Leave dark mode for the next page.
        await page.evaluate(() => localStorage.clear());
      }
    });
  }
});

test('search, a diagram and client-side navigation ask only the site', async ({page, context, baseURL}) => {
  const outside = await guard(context, baseURL!);
  await open(page, '/docs/v3/intro');
  const box = page.getByLabel('Search', {exact: true});
  if (await box.count()) {
    await box.click();
    await box.fill('signature');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await page.getByRole('listbox').getByRole('option').first().click();
    await hydratedAfterNavigation(page);
  }
  // Pages with diagrams load Mermaid on demand; it must come from the site too.
  for (const path of ['/docs/next/protocol/delegated-witnessing', '/docs/v3/sdk/core-concepts', '/docs/v3/Cheque']) {
    await open(page, path);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
  }
  await page.getByRole('link', {name: 'Community'}).first().click();
  await expect(page).toHaveURL(/\/community$/);
  await page.waitForLoadState('networkidle');
  expect(outside).toEqual([]);
});

async function hydratedAfterNavigation(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
}
