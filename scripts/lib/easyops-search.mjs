// The site's search, run in Node: the site's worker code (the plugin's lunr, tokenizer, query
// building and sorting, and the ranking by meaning merged in: src/plugins/search-meaning) over the
// index and meaning files of a build, as the browser's worker runs it.
// `search(scope, query)` returns the pages in the order the dropdown lists them.
import {readFileSync} from 'node:fs';
import {register} from 'node:module';

register('./easyops-hooks.mjs', import.meta.url);

/** The docs version a reader is on → the folder of the index their search bar loads. */
export const INDEX_BASE = {v3: '/', blog: '/', v2: '/docs/v2/', v1: '/docs/v1/', next: '/docs/next/'};

/**
 * The site's search over `buildDir`. `meaning: false` runs the plugin's worker alone, without the
 * ranking by meaning merged in (what the site searched with before src/plugins/search-meaning).
 */
export async function loadEasyops(buildDir = 'build', {meaning = true} = {}) {
  // The worker registers itself as a message handler and fetches its index by path.
  globalThis.addEventListener ??= () => {};
  globalThis.location ??= {origin: 'http://localhost'};
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url, ...rest) =>
    String(url).startsWith('/') ? new Response(readFileSync(`${buildDir}${String(url)}`)) : realFetch(url, ...rest);
  // The worker the site runs: the plugin's, its results merged with the ranking by meaning.
  const {MeaningSearchWorker} = await import('../../src/plugins/search-meaning/worker.mjs');
  const SearchWorker = meaning ? MeaningSearchWorker : Object.getPrototypeOf(MeaningSearchWorker);
  const {searchResultLimits} = await import(
    '@generated/@easyops-cn/docusaurus-search-local/default/generated-constants.js'
  );
  const worker = new SearchWorker();
  return {
    limit: searchResultLimits,
    /** Distinct pages in the order of the results shown (a page can answer with several sections). */
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
