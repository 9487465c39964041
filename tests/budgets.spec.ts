// The page-weight check (scripts/check/budgets.mjs) works out, without a browser, which files a
// page needs before it is interactive. This proves that list in Chromium, for a page of each type:
// every file it counts is downloaded, and the page hydrates while every other script or stylesheet
// is held back (those are lazy: prefetches, Mermaid, search, loaded from effects after hydration).
import {test, expect} from './fixtures';

const PAGES = [
  '/',
  '/docs/v1/Protocol/whitepaper',
  '/docs/v3/sdk/getting-started',
  '/blog/welcome',
  '/blog',
  '/community',
  '/no/such/page',
];

for (const path of PAGES) {
  test(`the budget check counts exactly what ${path} needs to hydrate`, async ({page}) => {
    const budgets = await import('../scripts/check/budgets.mjs');
    const site = budgets.loadBuild('build', '.docusaurus');
    const counted = budgets.pageAssets(site, path === '/no/such/page' ? '/404' : path);
    const needed = new Set<string>([...counted.js, ...counted.css] as string[]);

    const requested = new Set<string>();
    let release: () => void = () => {};
    const hydratedSignal = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.(js|css)(\?|$)/, async (route) => {
      const {pathname} = new URL(route.request().url());
      requested.add(pathname);
      if (!needed.has(pathname)) await hydratedSignal;
      await route.continue().catch(() => {}); // the page may be gone once the test ends
    });
    await page.goto(path, {waitUntil: 'commit'});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 20_000});
    release();
    expect(
      [...needed].filter((file) => !requested.has(file)),
      'counted but never loaded',
    ).toEqual([]);
  });
}
