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

test('after-hydration: on a phone, the window size and isBrowser render after the other updates that follow hydration', async ({
  browser,
}) => {
  const page = await browser.newPage({viewport: {width: 360, height: 740}});
  // After each React commit (seen through the hook React DOM calls when developer tools are there):
  // is the desktop table of contents, which the server render holds, still in the page (the window
  // size is not known yet), and is the colour toggle still disabled (isBrowser is still false)?
  await page.addInitScript(() => {
    const w = window as Window & {afterCommit?: {toc: boolean; toggleDisabled: boolean}[]};
    w.afterCommit = [];
    Object.assign(w, {
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        isDisabled: false,
        renderers: new Map(),
        inject: () => 1,
        checkDCE() {},
        onScheduleFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        onCommitFiberRoot() {
          w.afterCommit!.push({
            toc: document.querySelector('.theme-doc-toc-desktop') !== null,
            toggleDisabled: document.querySelector<HTMLButtonElement>('button[class*="toggleButton"]')!.disabled,
          });
        },
      },
    });
  });
  await open(page, '/docs/v1/Protocol/whitepaper');
  await expect(page.locator('.theme-doc-toc-desktop')).toHaveCount(0);
  await expect(page.locator('button[class*="toggleButton"]').first()).toBeEnabled();
  const commits = await page.evaluate(
    () => (window as Window & {afterCommit?: {toc: boolean; toggleDisabled: boolean}[]}).afterCommit!,
  );
  // Stock code sets both at default priority, in the render of the other updates that effects make
  // after hydration: they land in the first commit after it (index 1). As transitions, they render
  // after that render: at least one commit comes between.
  expect(commits[0], 'the hydration commit keeps the server render').toEqual({toc: true, toggleDisabled: true});
  expect(commits.findIndex((commit) => !commit.toc)).toBeGreaterThan(1);
  expect(commits.findIndex((commit) => !commit.toggleDisabled)).toBeGreaterThan(1);
  await page.close();
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

test('code-highlight: no Prism in the browser, and tokens take their colours from the build stylesheet', async ({
  page,
}) => {
  const scripts: Promise<{url: string; body: string}>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(
        response.text().then(
          (body) => ({url: response.url(), body}),
          () => ({url: response.url(), body: ''}),
        ),
      );
  });
  await open(page, '/docs/v3/sdk/getting-started');
  await page.waitForLoadState('networkidle');
  // theme-classic's client module (prism-include-languages) brings Prism and the grammars of
  // `additionalLanguages` into main.js: it sets `globalThis.Prism`, which the grammar files read, and
  // a global's name survives minification.
  const loaded = await Promise.all(scripts);
  expect(
    loaded.some(({url}) => /\/main\.[0-9a-f]+\.js$/.test(url)),
    'main.js is among the scripts',
  ).toBe(true);
  expect(loaded.filter(({body}) => /\bPrism\b/.test(body)).length, 'scripts naming the global Prism').toBe(0);
  // Stock's code block colours each token by an inline style computed in the browser; the build's
  // runs carry only classes, coloured by the generated stylesheet (one rule per token type and mode).
  const token = page.locator('.theme-code-block .token').first();
  await expect(token).toBeAttached();
  expect(await token.getAttribute('style')).toBeNull();
  const coloured = await page.evaluate(() =>
    Array.from(document.styleSheets).some((sheet) =>
      Array.from(sheet.cssRules).some(
        (rule) => rule instanceof CSSStyleRule && /\.code-highlight\b.*\.token/.test(rule.selectorText),
      ),
    ),
  );
  expect(coloured, 'the build stylesheet has token rules').toBe(true);
});

test('drawn-diagrams: the HTML holds each diagram drawn, and hydration keeps it without loading Mermaid', async ({
  page,
}) => {
  const path = '/docs/v3/intro';
  const html = await (await page.request.get(path)).text();
  // The remark step names each diagram's drawings, and the static render inlines both; stock (and
  // a diagram without drawings) leaves the source as text for Mermaid to draw in the browser.
  const containers = [...html.matchAll(/class="?docusaurus-mermaid-container[^>]*>/g)].map((match) => match[0]);
  expect(containers.length, 'diagrams drawn in the HTML').toBeGreaterThan(0);
  for (const container of containers) expect(container).toMatch(/data-drawing=/);
  expect(html).not.toContain('mermaid-source');
  expect(html).toMatch(/<svg id="?diagram-[0-9a-f]+-light/);
  expect(html).toMatch(/<svg id="?diagram-[0-9a-f]+-dark/);

  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as Window & {firstDrawing?: Element | null}).firstDrawing = document.querySelector(
        '.docusaurus-mermaid-container > svg',
      );
    });
  });
  await open(page, path);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  const kept = await page.evaluate(() => {
    const w = window as Window & {firstDrawing?: Element | null};
    return w.firstDrawing != null && w.firstDrawing === document.querySelector('.docusaurus-mermaid-container > svg');
  });
  expect(kept, 'the server-rendered drawing is the one shown').toBe(true);
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  // A string found only in the Mermaid library's code.
  expect(bodies.filter((body) => body.includes('mermaidAPI')).length, 'scripts with Mermaid code').toBe(0);
});

/** Types `query` into the search box of the v3 introduction and waits for the dropdown's answers. */
async function search(page: Page, query: string) {
  await open(page, '/docs/v3/intro');
  const box = page.getByLabel('Search', {exact: true});
  await box.click();
  await box.fill(query);
  await expect(page.getByRole('listbox').getByText(/\S/).first()).toBeVisible({timeout: 20_000});
  return page.getByRole('listbox').getByRole('option');
}

test('search (typos): the search worker finds a word with a typo that stock lunr misses', async ({page}) => {
  // "witnesing" stems to "witnes", three edits from "wit", the stem of every form of "witness": stock
  // lunr's fuzzy match (distance 2) finds nothing; the worker's patched lunr searches the closest
  // spelling in the index instead.
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const options = await search(page, 'witnesing');
  expect(workers.length, 'the search runs in a worker').toBeGreaterThan(0);
  await expect(options.first()).toContainText(/^Witnessing API/);
});

test('search (typos): a query with one word of the docs among made-up words gets an answer', async ({page}) => {
  // The plugin asks for every word in one section, then for every word but one: with two words that
  // no page has, no section qualifies and stock search says "No results". The worker's last query
  // (smart-queries.mjs) answers with the sections that hold any of the words.
  const options = await search(page, 'witnessing qqqqqqqq zzzzzzzz');
  await expect(options.first()).toContainText(/witness/i);
});

test('search (flags): a flag finds the page whose option table defines it', async ({page}) => {
  // Stock easyops cuts "--file" on its hyphens, in the index and in the query: the common word
  // "file", which the REST API page has more often than the command-line tool's option table.
  const options = await search(page, '--file');
  await options.first().click();
  await expect(page).toHaveURL(/\/docs\/v3\/cli-tool\?_highlight=/);
});
