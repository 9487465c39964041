// No request leaves the site. Every route is opened and used in tests/crawl.spec.ts with requests to
// other hosts aborted and recorded; here, the journeys that load code on demand: search, diagrams
// and client-side navigation.
import type {Page} from '@playwright/test';
import {test, expect, open} from './fixtures';
import {guardOrigin as guard} from './guards';

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
