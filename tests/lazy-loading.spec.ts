// Requirement: "Lazy pages: loading state after a 200 ms delay, error state with a retry option"
// and "Loader delay default 200 ms". Each route's code is a react-loadable component
// rendered by the stock `Loading` (theme-fallback), but Docusaurus preloads a route before it
// renders it, so a visitor never sees those states on the built site (notes, item 29).
// Trigger: request patching (tests/fixtures/chunks.ts). The test serves main.js with the one call
// that preloads a route's components made conditional on `window.__skipPreload`, set after
// hydration. A route then renders before its code has arrived, as it would without preloading;
// the loading and error states are the stock ones. No test-only route exists in the site.
import type {Page} from '@playwright/test';
import {test, expect, open} from './fixtures';
import {patchScripts} from './fixtures/chunks';

const PRELOAD_CALL = /(\w+)\.route\.component\.preload\?\.\(\)/g;

/** Opens the intro with route preloading switchable off; checks the patch applied to main.js. */
async function openWithoutPreload(page: Page): Promise<void> {
  const applied = await patchScripts(page, {
    marker: 'route.component.preload?.()',
    rewrite: (source) => source.replace(PRELOAD_CALL, '(window.__skipPreload?void 0:$&)'),
  });
  await open(page, '/docs/v3/intro');
  expect(applied(), 'main.js has the preload call').toBe(1);
  await page.evaluate(() => Object.assign(window, {__skipPreload: true}));
}

const nextDoc = (page: Page) => page.locator('nav.menu a.menu__link[href="/docs/v3/cli-tool"]');

test('a page whose code is slow shows the loading state, and only after 200 ms', async ({page}) => {
  await page.clock.install();
  await openWithoutPreload(page);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/js/*.js', async (route) => {
    await released;
    await route.fallback();
  });
  await page.clock.pauseAt(Date.now() + 60_000);
  await nextDoc(page).click();

  await page.clock.runFor(199);
  await expect(page.locator('svg#loader')).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(page.locator('svg#loader')).toBeVisible();

  await page.clock.resume();
  release();
  await expect(page.locator('svg#loader')).toHaveCount(0);
  await expect(nextDoc(page)).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('article h1')).toBeVisible();
});

test('a page whose code fails to load shows the error with a Retry button that loads it', async ({page}) => {
  await openWithoutPreload(page);
  let failing = true;
  await page.route('**/assets/js/*.js', (route) => (failing ? route.abort() : route.fallback()));
  await nextDoc(page).click();

  const retry = page.getByRole('button', {name: 'Retry'});
  await expect(retry).toBeVisible();
  await expect(page.locator('p', {hasText: /Loading chunk .* failed/})).toBeVisible();
  await expect(page.locator('article h1')).toHaveCount(0);

  failing = false;
  await retry.click();
  await expect(retry).toHaveCount(0);
  await expect(page.locator('article h1')).toBeVisible();
  await expect(page).toHaveURL(/\/docs\/v3\/cli-tool$/);
});
