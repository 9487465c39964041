// The site's runtime patches of the framework (ARCHITECTURE.md) prove here that they still apply to
// the build. Each test looks for what only the patched code does, not for behaviour the stock code
// has too, so it fails when a patch silently stops applying (an upstream file moved, an alias no
// longer matches, a plugin dropped from the config). Each was seen failing on a build without its
// patch: `npm run bench:lighthouse -- --without <name> --keep` leaves such builds in scratch folders,
// and `TEST_PORT=<port> npx playwright test tests/patches.spec.ts` runs against one served there.
// Every check reads the build through the server, as a browser does, never from build/ on disk.
import type {Page} from '@playwright/test';
import {test, expect, open} from './fixtures';

/** The entry scripts of a page: listed for the loader of src/ssrTemplate.ts, or linked (stock template). */
async function entryScripts(page: Page, path: string): Promise<string[]> {
  const html = await (await page.request.get(path)).text();
  const listed = /<script data-scripts="([^"]+)"/.exec(html)?.[1]?.split(' ') ?? [];
  const linked = [...html.matchAll(/<script[^>]+\bsrc="?([^"\s>]+)/g)].map((match) => match[1]);
  return [...listed, ...linked];
}

test('ssr-template: entry scripts are requested after the first paint, not linked in the HTML', async ({page}) => {
  const html = await (await page.request.get('/docs/v3/intro')).text();
  // Stock links each entry script with <script src defer> in the head; the patched template lists them.
  expect(html).not.toMatch(/<script[^>]+\bsrc=/);
  expect(/<script data-scripts="([^"]+)"/.exec(html)?.[1]).toMatch(/\/main\.[0-9a-f]+\.js\b/);
  // The first frame is painted before main.js is requested.
  await page.addInitScript(() => {
    const w = window as Window & {firstFrame?: number};
    requestAnimationFrame(() => (w.firstFrame = performance.now()));
  });
  await open(page, '/docs/v3/intro');
  const {firstFrame, mainRequested} = await page.evaluate(() => ({
    firstFrame: (window as Window & {firstFrame?: number}).firstFrame,
    mainRequested: performance.getEntriesByType('resource').find((entry) => /\/main\.[0-9a-f]+\.js$/.test(entry.name))
      ?.startTime,
  }));
  expect(firstFrame).toBeDefined();
  expect(mainRequested).toBeGreaterThanOrEqual(firstFrame!);
});

test('staged-entry: the client starts in steps, each in a task of its own', async ({page}) => {
  await open(page, '/docs/v3/intro');
  // src/plugins/staged-entry/entry.js marks each step; core's entry marks nothing.
  const steps = await page.evaluate(() =>
    performance
      .getEntriesByType('mark')
      .filter((mark) => mark.name.startsWith('client start: '))
      .map((mark) => mark.name.slice('client start: '.length)),
  );
  expect(steps).toEqual(['react-dom', 'routes', 'app', 'match', 'chunks', 'entry']);
});

test('slim-client: the browser scripts carry no tslib', async ({page}) => {
  // tslib's __generator helper throws this message; @docusaurus/utils-common's index requires tslib.
  const scripts = await entryScripts(page, '/');
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const source = await (await page.request.get(script)).text();
    expect(source.includes('Generator is already executing.'), `${script} holds tslib`).toBe(false);
  }
});

test('idle-prefetch: a route is prefetched in an idle period after the call, not during it', async ({page}) => {
  await open(page, '/community');
  await page.waitForLoadState('networkidle');
  const hints = () => page.evaluate(() => document.querySelectorAll('head link[rel="prefetch"]').length);
  const before = await hints();
  // A route that no link of the page leads to, so nothing has prefetched it yet.
  const addedDuringTheCall = await page.evaluate(() => {
    const count = () => document.querySelectorAll('head link[rel="prefetch"]').length;
    const start = count();
    (window as Window & {docusaurus: {prefetch: (path: string) => unknown}}).docusaurus.prefetch(
      '/docs/v1/Protocol/whitepaper',
    );
    return count() - start;
  });
  // Core's window.docusaurus appends the route's hints during the call.
  expect(addedDuringTheCall).toBe(0);
  await expect.poll(hints).toBeGreaterThan(before);
});

test('code-block: hydration keeps the server-rendered code blocks instead of rendering them again', async ({page}) => {
  // Stock remounts every code block after hydration (a key that changes once in the browser), so
  // its elements are new ones; the ejected block hydrates over the server's.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as Window & {firstBlock?: Element | null}).firstBlock = document.querySelector('.theme-code-block pre');
    });
  });
  await open(page, '/docs/v3/sdk/getting-started');
  const kept = await page.evaluate(() => {
    const w = window as Window & {firstBlock?: Element | null};
    return w.firstBlock != null && w.firstBlock === document.querySelector('.theme-code-block pre');
  });
  expect(kept).toBe(true);
});
