// Typo-forgiving site search: the search worker of @easyops-cn/docusaurus-search-local gets
// ./lunr.mjs in place of `lunr` (the same lunr, whose queries retry a word that matches nothing
// with its closest spelling in the index, drop the punctuation around a word and leave filler
// words out) and ./smart-queries.mjs in place of its `utils/smartQueries` (one last query, of any
// of the words, for a query that no section answers whole or without one word: "No results" only
// when no word of the query is in the docs; scripts/check/search-answers.mjs generates queries to
// check it). Nothing else imports them: the page's own bundle and the server build are unchanged.
// Measured with bench:search's sets on the build of 187d60e, typo correction against the stock
// lunr: held-out top-1/top-3 91.2/100 % against 89.5/98.2 %, blind 78.9/91.1 % against 76.7/88.9 %,
// empty answers 0 and 1 against 1 and 2; the structure-derived keywords do not replace it. The
// last query: blind-2 70.0/83.3 -> 72.2/85.6 % and its two empty answers gone (the two-word
// version before it: blind 76.7/90.0 -> 77.8/91.1 %), other sets unchanged.
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The path of the search plugin's worker module (`theme/worker.js`). */
export const WORKER = /docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]worker\.js$/;
const LUNR = path.join(__dirname, 'lunr.mjs');
const SMART_QUERIES = path.join(__dirname, 'smart-queries.mjs');

/**
 * A `configureWebpack` that gives the modules whose path matches `issuer`, and nothing else, `file`
 * in place of the modules they import as `request` (the client build only). Also used by
 * search-meaning.
 */
export function replaceImportsOf(
  issuer: RegExp,
  ...replacements: [request: RegExp, file: string][]
): NonNullable<Plugin['configureWebpack']> {
  return (_config, isServer, {currentBundler}) => {
    if (isServer) return {};
    const {NormalModuleReplacementPlugin} = currentBundler.instance;
    return {
      plugins: replacements.map(
        ([request, file]) =>
          new NormalModuleReplacementPlugin(request, (resource: {request: string; contextInfo?: {issuer?: string}}) => {
            if (issuer.test(resource.contextInfo?.issuer ?? '')) resource.request = file;
          }),
      ),
    };
  };
}

/** The same for the search plugin's worker module (`theme/worker.js`). Also used by search-flags. */
export const replaceInSearchWorker = (...replacements: [request: RegExp, file: string][]) =>
  replaceImportsOf(WORKER, ...replacements);

export default function searchTyposPlugin(): Plugin {
  return {
    name: 'search-typos',
    configureWebpack: replaceInSearchWorker([/^lunr$/, LUNR], [/^\.\.\/utils\/smartQueries$/, SMART_QUERIES]),
  };
}
