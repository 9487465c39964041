// The site's search, run in Node: the site's worker code (the plugin's lunr, tokenizer, query
// building and sorting, and the rankings by words and by meaning merged in:
// src/plugins/search) over the index and meaning files of a build, as the browser's worker
// runs it.
// `search(scope, query)` returns the pages in the order the dropdown lists them.
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {register} from 'node:module';

// SEARCH_WITHOUT=typos,flags,words,literal leaves those parts of the site's search out, to measure what
// each gains (scripts/bench/search-parts.mjs); the checks never set it.
const WITHOUT = (process.env.SEARCH_WITHOUT ?? '').split(',').filter(Boolean);
register('./easyops-hooks.mjs', import.meta.url, {data: {without: WITHOUT}});

/**
 * The docs version a reader is on (its path: v3, v2, v1, next) → the folder of the index their search
 * bar loads, read from a build: each version has an index in its own folder (/docs/v2/), but the
 * latest, whose index is the site's (/), as is the blog's. After a version cut the new latest takes /.
 */
export function indexBases(buildDir = 'build') {
  const docs = join(buildDir, 'docs');
  const bases = {blog: '/'};
  if (!existsSync(docs)) return bases;
  for (const entry of readdirSync(docs, {withFileTypes: true}).filter((e) => e.isDirectory())) {
    const own = readdirSync(join(docs, entry.name)).some((name) => /^search-index.*\.json$/.test(name));
    bases[entry.name] = own ? `/docs/${entry.name}/` : '/';
  }
  return bases;
}
/** The index folders of the build in build/. */
export const INDEX_BASE = indexBases();
/** The docs versions of the build in build/, by path: the scopes a reader can search in. */
export const DOC_SCOPES = Object.keys(INDEX_BASE).filter((scope) => scope !== 'blog');

/**
 * The site's search over `buildDir`, with `rankings`:
 * - 'all': as the site searches;
 * - 'words': as the site searches when the meaning files cannot be fetched (the plugin's results
 *   merged with the ranking by words only);
 * - 'plugin': the plugin's worker alone (what the site searched with before
 *   src/plugins/search).
 */
export async function loadEasyops(buildDir = 'build', {rankings = 'all'} = {}) {
  // The worker registers itself as a message handler and fetches its index by path.
  globalThis.addEventListener ??= () => {};
  globalThis.location ??= {origin: 'http://localhost'};
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url, ...rest) =>
    String(url).startsWith('/') ? new Response(readFileSync(`${buildDir}${String(url)}`)) : realFetch(url, ...rest);
  // The worker the site runs: the plugin's, its results merged with the rankings by words and meaning.
  const {MeaningSearchWorker} = await import('../../src/plugins/search/worker.mjs');
  class WithoutMeaning extends MeaningSearchWorker {
    async byMeaning() {
      throw new Error('no meaning files'); // as when they cannot be fetched
    }
  }
  const SearchWorker = {
    all: MeaningSearchWorker,
    words: WithoutMeaning,
    plugin: Object.getPrototypeOf(MeaningSearchWorker),
  }[rankings];
  if (!SearchWorker) throw new Error(`rankings: all, words or plugin, not ${rankings}`);
  const {searchResultLimits} = await import(
    '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js'
  );
  MeaningSearchWorker.without = new Set(WITHOUT);
  // Deterministic: the answers wait for the meaning files, never for a timer (the browser gives up
  // on them after a second, for slow networks).
  MeaningSearchWorker.meaningWait = Infinity;
  const worker = new SearchWorker();
  return {
    limit: searchResultLimits,
    /** Distinct pages in the order of the results shown (a page can answer with several sections). */
    /** The plugin's indexes of `scope`, as its worker loads them (wrappedIndexes). */
    async indexes(scope) {
      return (await worker.lowLevelFetchIndexes(INDEX_BASE[scope], '')).wrappedIndexes;
    },
    /** The worker's results for `query` in `scope`, as the dropdown gets them. */
    results(scope, query) {
      return worker.search(INDEX_BASE[scope], '', query, searchResultLimits);
    },
    async search(scope, query) {
      const results = await worker.search(INDEX_BASE[scope], '', query, searchResultLimits);
      return {
        pages: [...new Set(results.map(({document}) => document.u))],
        // The title of the page each result belongs to, as the dropdown shows it.
        pageTitles: results.map(({document, page}) => (page ? page.t : document.t)),
      };
    },
  };
}
