// One crawl of every route of the site (tests/routes.ts) and the 404 page, with three guards at once,
// so that each page is opened once instead of once per concern:
// - it renders: status 200 (404 for the unknown path), one h1, one main landmark, no console error;
// - no request leaves the site: requests to any other origin are aborted and recorded, so a web
//   font, an avatar, an analytics script or a CDN copy of a library cannot slip in;
// - the Content-Security-Policy of server/security-headers.mjs is sent and holds: no
//   securitypolicyviolation event and no CSP console message.
// Each page is also used as a reader would (dark mode re-renders diagrams, the version menu opens,
// scrolling to the end draws diagrams and prefetches the pages linked there), because each of these
// can load more or run more code. Search, navigation and the headers themselves are checked in
// offline.spec.ts and csp.spec.ts.
import type {Page} from '@playwright/test';
import {test, expect, hydrated} from './fixtures';
import {guardOrigin, watchPolicy} from './guards';
import {BUILT_ROUTES as ALL_ROUTES} from './routes';

/** Dark mode, the version menu, the end of the page, then back to the top and to light mode. */
async function useLikeAReader(page: Page): Promise<void> {
  const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const dropdown = page.locator('.navbar .dropdown').first();
  if (await dropdown.isVisible()) await dropdown.hover();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  // The navbar hides while scrolling down: back to the top to reach the toggle again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
}

const routes = [...ALL_ROUTES, '/no-such-page'];
const size = 8;
for (let start = 0; start < routes.length; start += size) {
  const batch = routes.slice(start, start + size);
  test(`${batch[0]} … ${batch.at(-1)}: renders, asks only the site, keeps the policy`, async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    test.setTimeout(150_000);
    const outside = await guardOrigin(context, baseURL!);
    const violations = await watchPolicy(page);
    for (const path of batch) {
      const response = await page.goto(path);
      const status = path === '/no-such-page' ? 404 : 200;
      expect(response?.status(), `${path}: status`).toBe(status);
      expect(response?.headers()['content-security-policy'] ?? '', `${path}: the policy is sent`).toContain(
        "default-src 'self'",
      );
      await hydrated(page);
      await expect(page.locator('h1'), `${path}: one h1`).toHaveCount(1);
      await expect(page.locator('main'), `${path}: one main landmark`).toHaveCount(1);
      await useLikeAReader(page);
      expect(outside, `${path}: requests to other hosts`).toEqual([]);
      expect(violations, `${path}: policy violations`).toEqual([]);
      // The browser logs the 404 status of the unknown path itself; that one line is expected.
      if (status === 404) consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/404/.test(e)));
      expect(consoleErrors, `${path}: console errors`).toEqual([]);
    }
  });
}
