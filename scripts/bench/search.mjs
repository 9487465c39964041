#!/usr/bin/env node
// `npm run bench:search`: how well the site search finds the right page, measured on three query
// sets (scripts/lib/search-sets.mjs): the tuning and held-out halves of
// benchmarks/search-queries.json and the blind sets benchmarks/search-queries-blind.json and -blind-2.json, each
// reported on its own and per kind of query, for the site's search (easyops, lunr) and for Pagefind
// built on the same pages of the same build. Misses are listed for the sets that may be looked at
// (the tuning half and the readers' sets; the others measure; `--misses all` lists theirs too, for a report after the tuning). Needs a production build in build/ (`npm run build`).
//
// - Site search: the plugin's own worker code runs in Node over the build's index files
//   (scripts/lib/easyops-search.mjs), and a sample of queries is typed into the real search box in
//   Chromium to show both give the same first result.
// - Pagefind: one bundle per scope (the pages of one docs version, with the blog posts and pages,
//   exactly the pages of that version's easyops index), searched in Chromium through its own
//   browser API, served from memory next to the site (CSP is bypassed for it: it needs WASM).
// - Bytes: what the browser receives after the first intent, for the first query and for a later
//   one (site search: bodies and headers as transferred, compressed as served; Pagefind: its
//   files' sizes).
//
// - The site search's parts, on the same build (Node only): `words`, the site's search without the
//   ranking by meaning (as when its files cannot be fetched); `lexical`, the plugin's worker alone,
//   without the rankings by words and by meaning that src/plugins/search merges in.
//
// - Time in the worker (`--timing N`): the plugin alone against the site search without meaning
//   (the ranking by words added), every query of the sets, N rounds alternating which goes first,
//   in Node in one process: the median per query of each and their ratio. No network in either.
//
// Pagefind is not a dependency: `npm install --no-save pagefind@1.6.0` before a run that compares.
// Options: --engines easyops,words,lexical,pagefind   --json <file> (write the per-query ranks)   --port N
//          --timing N (rounds)   --misses open|all   (open: the sets that may be looked at, search-sets.mjs OPEN_SETS)
import {readFileSync, writeFileSync, readdirSync, mkdirSync, rmSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import {chromium} from '@playwright/test';
import {startServer} from '../lib/start-server.mjs';
import {loadEasyops, INDEX_BASE} from '../lib/easyops-search.mjs';
import {loadQuerySets, OPEN_SETS, SETS} from '../lib/search-sets.mjs';

const {values: options} = parseArgs({
  options: {
    engines: {type: 'string', default: 'easyops,words,lexical,pagefind'},
    json: {type: 'string'},
    port: {type: 'string', default: process.env.TEST_PORT ?? '3391'},
    build: {type: 'string', default: 'build'},
    misses: {type: 'string', default: 'open'},
    timing: {type: 'string', default: '0'},
  },
});
const BUILD = options.build;
const PORT = Number(options.port);
const ORIGIN = `http://localhost:${PORT}`;
const engines = options.engines.split(',');
const queries = loadQuerySets();
const SCOPES = ['v3', 'v2', 'v1', 'next', 'blog'];
const START_PAGE = {
  v3: '/docs/v3/intro',
  v2: '/docs/v2/prologue',
  v1: '/docs/v1/intro',
  next: '/docs/next/intro',
  blog: '/blog',
};
const SHOWN = 8; // results a reader sees in the dropdown

/** Rank (1-based) of the first right page among `pages`, or 0. */
const rankOf = (pages, expect) => pages.slice(0, SHOWN).findIndex((url) => expect.includes(url)) + 1;

function score(ranks) {
  const n = ranks.length;
  const pct = (k) => `${((100 * k) / n).toFixed(1)} %`;
  return {
    queries: n,
    top1: pct(ranks.filter((r) => r.rank === 1).length),
    top3: pct(ranks.filter((r) => r.rank >= 1 && r.rank <= 3).length),
    mrr: (ranks.reduce((sum, r) => sum + (r.rank ? 1 / r.rank : 0), 0) / n).toFixed(3),
    empty: ranks.filter((r) => r.count === 0).length,
  };
}

/** The urls of the pages in one scope's easyops index: Pagefind gets exactly the same pages. */
function scopePages(scope) {
  const dir = join(BUILD, INDEX_BASE[scope]);
  const file = readdirSync(dir).find((name) => /^search-index-[0-9a-f]+\.json$/.test(name));
  const parts = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  return [...new Set(parts[0].documents.map(({u}) => u))];
}

/**
 * Pagefind is not a dependency of the site (its lockfile entries for other platforms could not be
 * resolved here): install it for a run with `npm install --no-save pagefind@1.6.0`.
 */
async function loadPagefind() {
  try {
    return await import('pagefind');
  } catch {
    console.log('Pagefind skipped: not installed (npm install --no-save pagefind@1.6.0)');
    return null;
  }
}

async function buildPagefind(pagefind, outDir) {
  for (const scope of SCOPES) {
    const {index} = await pagefind.createIndex({forceLanguage: 'en'});
    for (const url of scopePages(scope)) {
      const html = readFileSync(join(BUILD, url === '/' ? 'index.html' : `${url}.html`), 'utf8');
      // Index the page's content, not the navbar, sidebar and footer around it.
      const body = html.includes('<article') ? '<article' : '<main';
      await index.addHTMLFile({url, content: html.replace(body, `${body} data-pagefind-body`)});
    }
    await index.writeFiles({outputPath: join(outDir, scope)});
  }
  await pagefind.close();
}

async function runEasyops(searchOptions) {
  const easyops = await loadEasyops(BUILD, searchOptions);
  const ranks = [];
  for (const query of queries) {
    const {pages} = await easyops.search(query.scope, query.q);
    ranks.push({...query, rank: rankOf(pages, query.expect), count: pages.length, top: pages.slice(0, 3)});
  }
  return {easyops, ranks};
}

/**
 * Bytes the page receives while `action` runs, until the network is idle: body and headers of
 * every response as transferred, the search worker's index fetch included (Playwright reports a
 * dedicated worker's requests with its page).
 */
async function bytesDuring(page, action) {
  const pending = [];
  const onFinished = (request) => pending.push(request.sizes());
  page.on('requestfinished', onFinished);
  await action();
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', onFinished);
  const sizes = await Promise.all(pending);
  return sizes.reduce(
    (sum, {responseBodySize, responseHeadersSize}) => sum + responseBodySize + responseHeadersSize,
    0,
  );
}

async function easyopsBrowser(browser, easyops) {
  // Bytes: a cold page, Ctrl+K and a first query, then a second query.
  const context = await browser.newContext({baseURL: ORIGIN});
  const page = await context.newPage();
  await page.goto('/docs/v3/intro');
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  // The page's own late loads (the diagram library for the diagram in view, route prefetches)
  // are not the search's: they finish before the reader reaches for it.
  await page.waitForLoadState('networkidle');
  const box = page.getByLabel('Search', {exact: true});
  // The dropdown's "See all results" link carries the query it was searched with.
  const seeAll = (q) =>
    page.waitForFunction((q) => {
      const link = globalThis.document.querySelector('[role="listbox"] a[href^="/search/?"]');
      return link && new URL(link.href).searchParams.get('q') === q;
    }, q);
  const first = await bytesDuring(page, async () => {
    await page.keyboard.press('Control+k');
    await page.keyboard.type('witness');
    await seeAll('witness');
  });
  const later = await bytesDuring(page, async () => {
    await box.fill('signature');
    await seeAll('signature');
  });
  // Same first result in the real box as in Node, for a sample of queries of each scope.
  let agree = 0;
  let checked = 0;
  const disagree = [];
  for (const scope of SCOPES) {
    await page.goto(START_PAGE[scope]);
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    for (const query of queries.filter((q) => q.set === 'tuning' && q.scope === scope).slice(0, 6)) {
      const {pageTitles} = await easyops.search(scope, query.q);
      if (!pageTitles.length) continue;
      await box.click();
      await box.fill(query.q);
      await seeAll(query.q);
      const shown = (await page.locator('[role="listbox"] [role="option"]').first().innerText()).replace(/\s+/g, ' ');
      checked++;
      // An option shows the matched text, then the title of its page.
      if (shown.includes(pageTitles[0])) agree++;
      else disagree.push(`${query.q}: box "${shown.slice(0, 80)}" vs node's page "${pageTitles[0]}"`);
    }
  }
  await context.close();
  return {first, later, agree, checked, disagree};
}

async function runPagefind(browser, outDir) {
  const context = await browser.newContext({baseURL: ORIGIN, bypassCSP: true});
  let bytes = 0;
  await context.route('**/_bench/pagefind/**', (route) => {
    const file = join(outDir, new URL(route.request().url()).pathname.replace('/_bench/pagefind/', ''));
    bytes += statSync(file).size;
    const type = file.endsWith('.js')
      ? 'text/javascript'
      : file.endsWith('.wasm')
        ? 'application/wasm'
        : 'application/octet-stream';
    return route.fulfill({body: readFileSync(file), contentType: type});
  });
  const page = await context.newPage();
  const ranks = [];
  let first = 0;
  let later = [];
  for (const scope of SCOPES) {
    await page.goto(START_PAGE[scope]);
    const asked = queries.filter((q) => q.scope === scope);
    for (const [i, query] of asked.entries()) {
      const before = bytes;
      const pages = await page.evaluate(
        async ({scope, q, shown}) => {
          const pagefind = await import(`/_bench/pagefind/${scope}/pagefind.js`);
          await pagefind.init();
          const {results} = await pagefind.search(q);
          const data = await Promise.all(results.slice(0, shown).map((result) => result.data()));
          return data.map(({url}) => url.replace(/^\/_bench/, '').replace(/\.html$/, ''));
        },
        {scope, q: query.q, shown: SHOWN},
      );
      if (scope === 'v3' && i === 0) first = bytes - before;
      else if (scope === 'v3') later.push(bytes - before);
      ranks.push({...query, rank: rankOf(pages, query.expect), count: pages.length, top: pages.slice(0, 3)});
    }
  }
  await context.close();
  return {ranks, first, later: Math.round(later.reduce((a, b) => a + b, 0) / later.length)};
}

const table = [];
const perQuery = {};
const stopServer = await startServer(
  'node',
  ['server/serve.mjs', '--dir', BUILD, '--port', String(PORT)],
  `${ORIGIN}/img/logo.svg`,
);
const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu']});
try {
  if (engines.includes('easyops')) {
    const {easyops, ranks} = await runEasyops();
    const wire = await easyopsBrowser(browser, easyops);
    for (const set of SETS)
      table.push({engine: 'site search (easyops)', set, ...score(ranks.filter((r) => r.set === set))});
    console.log(`easyops bytes: first query ${wire.first}, later query ${wire.later}`);
    console.log(
      `easyops: first result in the real box = first result in Node for ${wire.agree}/${wire.checked} sampled queries`,
    );
    for (const line of wire.disagree) console.log(`  differs: ${line}`);
    perQuery.easyops = ranks;
  }
  for (const [engine, rankings, label] of [
    ['words', 'words', 'site search without meaning'],
    ['lexical', 'plugin', 'plugin alone'],
  ]) {
    if (!engines.includes(engine)) continue;
    const {ranks} = await runEasyops({rankings});
    for (const set of SETS) table.push({engine: label, set, ...score(ranks.filter((r) => r.set === set))});
    perQuery[engine] = ranks;
  }
  const pagefind = engines.includes('pagefind') && (await loadPagefind());
  if (pagefind) {
    const outDir = '/tmp/bench-search-pagefind';
    rmSync(outDir, {recursive: true, force: true});
    mkdirSync(outDir, {recursive: true});
    await buildPagefind(pagefind, outDir);
    const {ranks, first, later} = await runPagefind(browser, outDir);
    for (const set of SETS) table.push({engine: 'Pagefind 1.6.0', set, ...score(ranks.filter((r) => r.set === set))});
    console.log(`Pagefind bytes: first query ${first}, later query ${later}`);
    perQuery.pagefind = ranks;
  }
} finally {
  await browser.close();
  stopServer();
}

/** Median ms per query of the plugin alone and with the ranking by words, paired in one run. */
async function timeWorkers(rounds) {
  const arms = {
    plugin: await loadEasyops(BUILD, {rankings: 'plugin'}),
    words: await loadEasyops(BUILD, {rankings: 'words'}),
  };
  for (const arm of Object.values(arms)) for (const query of queries) await arm.search(query.scope, query.q);
  const times = {plugin: [], words: []};
  for (let round = 0; round < rounds; round++) {
    for (const name of round % 2 ? ['words', 'plugin'] : ['plugin', 'words']) {
      const started = performance.now();
      for (const query of queries) await arms[name].search(query.scope, query.q);
      times[name].push((performance.now() - started) / queries.length);
    }
  }
  const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
  const [plugin, words] = [median(times.plugin), median(times.words)];
  console.log(
    `worker time per query, median of ${rounds} alternating rounds of ${queries.length} queries: plugin alone ` +
      `${plugin.toFixed(2)} ms, with the ranking by words ${words.toFixed(2)} ms, ratio ${(words / plugin).toFixed(2)}`,
  );
}
if (Number(options.timing) > 0) await timeWorkers(Number(options.timing));

const count = (set) => queries.filter((q) => q.set === set).length;
console.log(
  `\n${SETS.map((set) => `${set} ${count(set)}`).join(', ')} queries; rank counted among the first ${SHOWN} results`,
);
console.table(table);
// Per kind of query: top-1 / top-3 / empty, each set and engine.
const kinds = [...new Set(queries.map((q) => `${q.set} ${q.kind}`))];
const byKind = kinds.map((key) => {
  const [set, kind] = key.split(' ');
  const row = {set, kind, queries: queries.filter((q) => q.set === set && q.kind === kind).length};
  for (const [engine, ranks] of Object.entries(perQuery)) {
    const {top1, top3, empty} = score(ranks.filter((r) => r.set === set && r.kind === kind));
    row[engine] = `${top1} / ${top3} / ${empty}`;
  }
  return row;
});
console.log('\nper kind: top-1 / top-3 / empty answers');
console.table(byKind);
for (const [engine, ranks] of Object.entries(perQuery)) {
  for (const set of options.misses === 'all' ? SETS : OPEN_SETS) {
    const misses = ranks.filter((r) => r.set === set && r.rank !== 1);
    console.log(`\n${engine}, ${set}: not first (${misses.length})`);
    for (const r of misses)
      console.log(`  [${r.scope}] ${JSON.stringify(r.q)} rank ${r.rank || '-'} → ${r.top.join(' ')}`);
  }
}
if (options.json) writeFileSync(options.json, `${JSON.stringify({table, byKind, perQuery}, null, 2)}\n`);
