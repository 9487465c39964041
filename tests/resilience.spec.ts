// Hostile conditions a visitor's browser can be in: storage blocked, a slow network, a code chunk
// that fails to load, a tab left open across a deployment. In each, the visitor ends on a working
// page with the content they asked for.
import type {Page} from '@playwright/test';
import {test, expect, open, hydrated} from './fixtures';

const toggleName = /Switch between dark and light mode/;

test.describe('with storage blocked', () => {
  test.beforeEach(async ({context}) => {
    // As with cookies blocked in the browser's settings: touching either storage throws.
    await context.addInitScript(() => {
      for (const name of ['localStorage', 'sessionStorage']) {
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            throw new DOMException(`The access to ${name} is denied`, 'SecurityError');
          },
        });
      }
    });
  });

  test('pages load, the colour toggle works, navigation works', async ({page}) => {
    await open(page, '/docs/v3/intro');
    await expect(page.locator('main article h1')).toBeVisible();
    await page.getByRole('button', {name: toggleName}).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.locator('nav[aria-label="Docs sidebar"] a.menu__link[href="/docs/v3/cli-tool"]').click();
    await expect(page).toHaveURL(/\/docs\/v3\/cli-tool$/);
    await expect(page.locator('main article h1')).toBeVisible();
    // The announcement bar can still be closed; it stays closed for this page view.
    const close = page.getByRole('button', {name: 'Close'});
    if (await close.count()) {
      await close.click();
      await expect(close).toBeHidden();
    }
  });
});

test('on a slow 3G network the page hydrates and client-side navigation works', async ({page, context}) => {
  test.setTimeout(120_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // Chrome DevTools' "Slow 3G" preset: 400 ms latency, about 50 KB/s down.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (500 * 1024) / 8,
    uploadThroughput: (500 * 1024) / 8,
    connectionType: 'cellular3g',
  });
  await page.goto('/docs/v3/intro', {timeout: 90_000});
  // Content is readable before the scripts arrive.
  await expect(page.locator('main article h1')).toBeVisible();
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 90_000});
  await page.locator('.navbar').getByRole('link', {name: 'Community'}).first().click();
  await expect(page).toHaveURL(/\/community$/, {timeout: 60_000});
  await expect(page.locator('main h1').first()).toBeVisible({timeout: 60_000});
});

/** Counts full page loads (document requests) in this tab. */
function countDocumentLoads(page: Page): {count: number} {
  const loads = {count: 0};
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) loads.count++;
  });
  return loads;
}

test('a route chunk that fails to load ends in a full load of the target page', async ({page, consoleErrors}) => {
  await open(page, '/docs/v3/intro');
  const loads = countDocumentLoads(page);
  // The next script requested (the target page's chunk) fails once, as on a network glitch.
  let failures = 0;
  await page.route('**/assets/js/**', (route) => {
    if (failures === 0) {
      failures++;
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await page.locator('.navbar').getByRole('link', {name: 'Community'}).first().click();
  await expect(page).toHaveURL(/\/community$/);
  await hydrated(page);
  await expect(page.locator('main h1').first()).toBeVisible();
  expect(failures).toBe(1);
  expect(loads.count, 'one full reload, no loop').toBeLessThanOrEqual(1);
  consoleErrors.length = 0; // the failed chunk is logged on purpose
});

test('a tab left open across a deployment (old chunks gone) still reaches the next page', async ({
  page,
  consoleErrors,
}) => {
  await open(page, '/docs/v3/intro');
  const loads = countDocumentLoads(page);
  // The new deployment no longer has any of the scripts this tab knows.
  await page.route('**/assets/js/**', (route) =>
    route.fulfill({status: 404, contentType: 'text/html', body: 'Not found'}),
  );
  await page.locator('nav[aria-label="Docs sidebar"] a.menu__link[href="/docs/v3/cli-tool"]').click();
  await expect(page).toHaveURL(/\/docs\/v3\/cli-tool$/);
  // The server-rendered page is complete on its own: the visitor reads it even if no script runs.
  await expect(page.locator('main article h1')).toBeVisible();
  expect((await page.locator('main article').innerText()).length).toBeGreaterThan(200);
  await page.waitForLoadState('networkidle');
  expect(loads.count, 'one full reload, no loop').toBeLessThanOrEqual(1);
  consoleErrors.length = 0; // the missing chunks are logged on purpose
});
