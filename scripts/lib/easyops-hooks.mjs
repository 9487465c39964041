// Module hooks that let Node import the search code the browser runs
// (@easyops-cn/docusaurus-search-local's dist/client), unchanged: that code imports siblings
// without a file extension and reads its options from the build's generated module
// (`@generated/…`, in .docusaurus/). Its worker gets the site's typo-forgiving lunr and query list and its flag-keeping tokenize, as the
// site's bundle gives them (src/plugins/search, src/plugins/search). Used by scripts/bench/search.mjs and the relevance floor test.
import {existsSync} from 'node:fs';
import {pathToFileURL} from 'node:url';

const GENERATED = '@generated/';
const WORKER = /\/docusaurus-search-local\/dist\/client\/client\/theme\/worker\.js$/;
const SITE_LUNR = new URL('../../src/plugins/search/lunr.mjs', import.meta.url).href;
const SITE_SMART_QUERIES = new URL('../../src/plugins/search/smart-queries.mjs', import.meta.url).href;
const SITE_TOKENIZE = new URL('../../src/plugins/search/tokenize.mjs', import.meta.url).href;

/** Parts of the site's search left out, to measure them (SEARCH_WITHOUT, scripts/bench/search-parts.mjs). */
let without = new Set();
export async function initialize(data) {
  without = new Set(data?.without ?? []);
}

export async function resolve(specifier, context, next) {
  if (specifier.startsWith(GENERATED)) {
    return next(pathToFileURL(`${process.cwd()}/.docusaurus/${specifier.slice(GENERATED.length)}`).href, context);
  }
  const inWorker = WORKER.test(context.parentURL ?? '');
  if (specifier === 'lunr' && inWorker && !without.has('typos')) return next(SITE_LUNR, context);
  if (specifier === '../utils/smartQueries' && inWorker && !without.has('typos'))
    return next(SITE_SMART_QUERIES, context);
  if (specifier === '../utils/tokenize' && inWorker && !without.has('flags')) return next(SITE_TOKENIZE, context);
  const fromPlugin = context.parentURL?.includes('/docusaurus-search-local/dist/');
  if (fromPlugin && specifier.startsWith('.') && !/\.[cm]?js$/.test(specifier)) {
    const candidate = new URL(`${specifier}.js`, context.parentURL);
    if (existsSync(candidate)) return next(candidate.href, context);
  }
  return next(specifier, context);
}

/** The generated modules are ES modules in a folder without a package.json that says so. */
export async function load(url, context, next) {
  if (url.includes('/.docusaurus/') && url.endsWith('.js')) return next(url, {...context, format: 'module'});
  return next(url, context);
}
