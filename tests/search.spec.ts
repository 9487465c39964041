import {readFileSync, readdirSync} from 'node:fs';
import {execFileSync} from 'node:child_process';
import type {Page} from '@playwright/test';
import {test, expect, open, holdRequests, afterFrames} from './fixtures';
import {BLOG_POSTS, DOCS} from './routes';
import {REDIRECTS} from '../redirects';
import {unusedWord} from './unused-word.mjs';

// Offline search (easyops): one index per docs version, the one of the version being read.
// "chainable" appears only in the v3 docs (the SDK's Chainable API); "wfloadextension" (MediaWiki's
// wfLoadExtension) only in the v2 docs. Neither appears in the blog or the pages, which every index
// also holds, neither is a word the word vectors know (src/plugins/search), and neither is one edit
// from, or two joined words of, the other version's words (as "demodomain", once used here, is:
// "demo" and "domain"), so the other version finds nothing.

const searchBox = (page: Page) => page.getByLabel('Search', {exact: true});
const options = (page: Page) => page.getByRole('listbox').getByRole('option');

/** Types a query and waits until the dropdown shows results or "No results". */
async function search(page: Page, query: string): Promise<void> {
  await searchBox(page).click();
  await searchBox(page).fill(query);
  // The first search of a page loads that version's index: allow for a slow machine.
  await expect(page.getByRole('listbox').getByText(/\S/).first()).toBeVisible({timeout: 20_000});
}

test('results come from the docs version being read, and only from it', async ({page}) => {
  const indexes: string[] = [];
  page.on('request', (request) => {
    if (/search-index.*\.json$/.test(request.url())) indexes.push(new URL(request.url()).pathname);
  });

  await open(page, '/docs/v3/intro');
  await search(page, 'chainable');
  await expect(options(page).first()).toBeVisible();
  await search(page, 'wfloadextension');
  await expect(page.getByRole('listbox').getByText('No results')).toBeVisible();
  await expect(options(page)).toHaveCount(0);

  await open(page, '/docs/v2/prologue');
  await search(page, 'wfloadextension');
  await expect(options(page).first()).toBeVisible();
  await search(page, 'chainable');
  await expect(page.getByRole('listbox').getByText('No results')).toBeVisible();

  // The latest version's index sits at the root; v2 has its own. Both file names carry a hash.
  expect(indexes).toEqual([
    expect.stringMatching(/^\/search-index-[0-9a-f]+\.json$/),
    expect.stringMatching(/^\/docs\/v2\/search-index-[0-9a-f]+\.json$/),
  ]);
});

test('a result opens its page in the same version, with the terms highlighted', async ({page}) => {
  await open(page, '/docs/v2/prologue');
  await search(page, 'wfloadextension');
  await options(page).first().click();
  await expect(page).toHaveURL(/\/docs\/v2\/[^?#]+\?_highlight=wfloadextension/);
  await expect(page.locator('article mark').first()).toHaveText(/wfloadextension/i);

  await open(page, '/docs/v3/sdk');
  await search(page, 'Chainable API');
  await options(page)
    .filter({hasText: /^Chainable API/})
    .first()
    .click();
  await expect(page).toHaveURL(/\/docs\/v3\/sdk\/api\/chainable\?_highlight=/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Chainable API');
});

// lunr matches stems: "witnesing" stems to "witnes", three edits from "wit", the stem of every
// form of "witness" (src/plugins/search corrects a word that matches nothing).
test('a word of five letters or more with one typo finds its page first', async ({page}) => {
  await open(page, '/docs/v3/intro');
  await search(page, 'witnesing');
  await expect(options(page).first()).toContainText(/^Witnessing API/);
  await expect(options(page).first().locator('mark').first()).toHaveText('Witnessing');
  // Nonsense still finds nothing: only a word one edit from a word of the index is corrected.
  await search(page, 'xyzzyqw');
  await expect(page.getByRole('listbox').getByText('No results')).toBeVisible();
});

// A flag is one search term in the index and in the query (src/plugins/search): "--file"
// is not the common word "file", so the page whose table of options defines it comes first.
test('a command-line flag finds the page that defines it first', async ({page}) => {
  await open(page, '/docs/v3/intro');
  await search(page, '--file');
  await options(page).first().click();
  await expect(page).toHaveURL(/\/docs\/v3\/cli-tool\?_highlight=/);
  // A flag no page has is searched by its name: "chainable" is no flag, but a word of v3.
  await open(page, '/docs/v3/intro');
  await search(page, '--chainable');
  await expect(options(page).first()).toBeVisible();
});

// The plugin asks for every word of a query in one section (then every word but one); a query that
// no section answers that way gets the sections that hold any of its words
// (src/plugins/search/smart-queries.mjs), not "No results"; words that no page has still do.
test('two words that no section holds together still find the pages of either', async ({page}) => {
  await open(page, '/docs/v3/intro');
  await search(page, 'xyzzyqw chainable');
  await expect(options(page).first()).toBeVisible();
  await search(page, 'xyzzyqw qqqqzz');
  await expect(page.getByRole('listbox').getByText('No results')).toBeVisible();
});

// The results are merged with a ranking by meaning (src/plugins/search): a common English
// word that no page of the version uses still finds pages of that version, through two files of
// the site, fetched once the reader searches. The word is the first such word of the build's files.
test('a word that no page uses finds pages of the version by meaning, from files of the site', async ({
  page,
  baseURL,
}) => {
  const word = unusedWord();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await open(page, '/docs/v3/intro');
  expect(requested.filter((url) => /search-(meaning|words)/.test(url))).toEqual([]);
  await search(page, word);
  await options(page).first().click();
  await expect(page).toHaveURL(/\/(docs\/v3\/|blog\/|community)/);
  const paths = requested.map((url) => new URL(url)).filter(({pathname}) => /search-(meaning|words)/.test(pathname));
  expect(paths.map(({pathname}) => pathname)).toEqual([
    expect.stringMatching(/^\/search-meaning-[0-9a-f]+\.json$/),
    expect.stringMatching(/^\/search-words\/\d+\.bin$/),
  ]);
  expect(new Set(paths.map(({origin}) => origin))).toEqual(new Set([new URL(baseURL!).origin]));
});

test('outside the docs, search uses the latest version with the blog and pages', async ({page}) => {
  await open(page, '/blog');
  await search(page, 'chainable');
  await expect(options(page).first()).toBeVisible();
  await search(page, 'wfloadextension');
  await expect(page.getByRole('listbox').getByText('No results')).toBeVisible();
});

test('Ctrl+K focuses the search box', async ({page}) => {
  await open(page, '/docs/v1/intro');
  await expect(searchBox(page)).not.toBeFocused();
  await page.keyboard.press('Control+k');
  await expect(searchBox(page)).toBeFocused();
});

test('on a Mac, Cmd+K focuses the search box', async ({page}) => {
  // The search bar tells a Mac by the platform the browser reports.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'userAgentData', {get: () => ({platform: 'macOS'})});
  });
  await open(page, '/docs/v1/intro');
  await page.keyboard.press('Control+k');
  await expect(searchBox(page)).not.toBeFocused();
  await page.keyboard.press('Meta+k');
  await expect(searchBox(page)).toBeFocused();
});

test('the search box sits on the right of the navbar', async ({page}) => {
  await open(page, '/');
  await expect(page.locator('.navbar__items--right').getByLabel('Search', {exact: true})).toBeVisible();
});

test('searching requests nothing from another host', async ({page, baseURL}) => {
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  await open(page, '/docs/next/intro');
  await search(page, 'guardian');
  await options(page).first().click();
  await expect(page).toHaveURL(/\/docs\/next\/.+_highlight=guardian/);
  expect([...origins]).toEqual([new URL(baseURL!).origin]);
});

test("each index holds its version's docs, the blog posts and pages, and nothing else", () => {
  const indexFiles: Record<string, string> = {
    v3: 'build',
    v2: 'build/docs/v2',
    v1: 'build/docs/v1',
    next: 'build/docs/next',
  };
  const redirectSources = new Set(REDIRECTS.map(({from}) => from));
  for (const [version, dir] of Object.entries(indexFiles)) {
    const [file, ...others] = readdirSync(dir).filter((name) => /^search-index-[0-9a-f]+\.json$/.test(name));
    expect(file, `one hashed index in ${dir}`).toBeDefined();
    expect(others).toEqual([]);
    const parts = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as {documents: {u: string}[]}[];
    const urls = new Set(parts.flatMap(({documents}) => documents.map(({u}) => u)));
    const docs = [...urls].filter((url) => url.startsWith('/docs/'));
    expect(docs.sort()).toEqual(DOCS[version as keyof typeof DOCS].map((id) => `/docs/${version}/${id}`).sort());
    expect([...urls].filter((url) => url.startsWith('/blog')).sort()).toEqual([...BLOG_POSTS].sort());
    expect(urls).toContain('/community');
    for (const url of urls) {
      expect(url).not.toMatch(/^\/(404|search)/);
      expect(redirectSources.has(url), `${url} is a redirect source`).toBe(false);
    }
  }
});

// The search bar's code (autocomplete wiring, mark.js, the worker bridge) is not part of the page
// load: a stand-in with the same markup waits for the first sign of use (src/theme/SearchBar).
const MARK_JS = 'data-markjs'; // a string only mark.js's code holds

async function scriptsHolding(page: Page, text: string, requested: string[]): Promise<string[]> {
  // A copy: a script requested while these are fetched (a prefetch) would shift the indexes.
  const scripts = [...requested];
  const bodies = await Promise.all(scripts.map((url) => page.request.get(url).then((r) => r.text())));
  return scripts.filter((_, i) => bodies[i].includes(text));
}

test('the search bar loads on first intent, in place, without moving anything', async ({page}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await open(page, '/docs/v3/intro');
  await page.waitForLoadState('networkidle');
  expect(await scriptsHolding(page, MARK_JS, scripts), 'search code loaded with the page').toEqual([]);

  const box = searchBox(page);
  const before = await box.boundingBox();
  const loaded = page.waitForRequest((request) => request.resourceType() === 'script');
  await box.hover();
  await loaded;
  await page.waitForLoadState('networkidle');
  expect(await scriptsHolding(page, MARK_JS, scripts)).toHaveLength(1);
  expect(await box.boundingBox()).toEqual(before);
  await expect(box).toHaveCount(1);
});

test('text typed while the search bar loads is kept, and searched', async ({page}) => {
  await open(page, '/docs/v3/intro');
  // Scripts requested from now on are held until the text is typed, as on a slow network.
  const release = await holdRequests(page, '**/assets/js/*.js');
  await page.keyboard.press('Control+k');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('witness');
  await expect(searchBox(page)).toHaveValue('witness');
  release();
  await expect(searchBox(page)).toBeFocused();
  await expect(options(page).first()).toBeVisible({timeout: 20_000});
});

test('a page opened from a result link marks the terms without any search first', async ({page}) => {
  await open(page, '/docs/v2/Components/containers/media-wiki?_highlight=wfloadextension');
  await expect(page.locator('article mark').first()).toHaveText(/wfloadextension/i);
  await expect(searchBox(page)).toHaveValue('wfloadextension');
});

const themeToggle = (page: Page) => page.getByRole('button', {name: /Switch between dark and light mode/});

// The index is requested when the real search box gets focus. A reader can Tab on before or after
// that moment; both are set up here by holding the network, not by racing it.
test('leaving the search box while its index loads keeps focus where the user went', async ({page}) => {
  await open(page, '/docs/v3/intro');
  const release = await holdRequests(page, /search-index.*\.json$/);
  const indexRequested = page.waitForRequest(/search-index.*\.json$/);
  await searchBox(page).focus();
  await indexRequested; // the real search bar is in place and loading its index
  await page.keyboard.press('Tab');
  await expect(themeToggle(page)).toBeFocused();
  const indexLoaded = page.waitForResponse(/search-index.*\.json$/);
  release();
  await indexLoaded;
  // autocomplete.js attaches once the worker has read the index; that is when focus was taken.
  await expect(searchBox(page)).toHaveAttribute('role', 'combobox');
  await afterFrames(page);
  await expect(themeToggle(page)).toBeFocused();
  // Going back to the box still searches.
  await search(page, 'witness');
  await expect(options(page).first()).toBeVisible();
});

test('leaving the search box before its code has loaded keeps focus where the user went', async ({page}) => {
  await open(page, '/docs/v3/intro');
  const release = await holdRequests(page, /\/assets\/js\/.*\.js$/);
  const codeRequested = page.waitForRequest(/\/assets\/js\/.*\.js$/);
  await searchBox(page).focus();
  await codeRequested;
  await page.keyboard.press('Tab');
  await expect(themeToggle(page)).toBeFocused();
  release();
  await page.waitForLoadState('networkidle');
  await afterFrames(page);
  await expect(themeToggle(page)).toBeFocused();
  await search(page, 'witness');
  await expect(options(page).first()).toBeVisible();
});

// The results are also merged with a ranking of pages by any of the query's words
// (src/plugins/search/words-ranking.mjs): a page that the plugin alone does not list is
// shown with its best section, and opens with the terms marked.
test('a page found only by the ranking by words is listed, and opens with its terms marked', async ({page}) => {
  const found = JSON.parse(execFileSync('node', ['tests/words-only-result.mjs'], {encoding: 'utf8'})) as {
    query: string;
    page: string;
    title: string;
  } | null;
  expect(found, 'a query of the open sets whose answer gains a page by words').not.toBeNull();
  await open(page, '/docs/v3/intro');
  await search(page, found!.query);
  const option = options(page).filter({hasText: found!.title});
  await expect(option.first()).toBeVisible();
  await option.first().click();
  await expect(page).toHaveURL(new RegExp(`${found!.page}\\?_highlight=`));
  await expect(page.locator('article mark').first()).toBeVisible();
});
