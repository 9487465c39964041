// The site's search, run in Node: the plugin's own worker code (lunr, its tokenizer, its query
// building and sorting) over the index files of a build, as the browser's worker runs it.
// `search(scope, query)` returns the pages in the order the dropdown lists them.
import {readFileSync} from 'node:fs';
import {register} from 'node:module';

register('./easyops-hooks.mjs', import.meta.url);

/** The docs version a reader is on → the folder of the index their search bar loads. */
export const INDEX_BASE = {v3: '/', blog: '/', v2: '/docs/v2/', v1: '/docs/v1/', next: '/docs/next/'};

export async function loadEasyops(buildDir = 'build') {
  // The worker registers itself as a message handler and fetches its index by path.
  globalThis.addEventListener ??= () => {};
  globalThis.location ??= {origin: 'http://localhost'};
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url, ...rest) =>
    String(url).startsWith('/') ? new Response(readFileSync(`${buildDir}${String(url)}`)) : realFetch(url, ...rest);
  const {SearchWorker} = await import('@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js');
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
