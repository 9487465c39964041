// A query and page for the test of the ranking by words (src/plugins/search/words-ranking.mjs):
// the first query of the sets that may be read (tuning and readers', latest version) for which the
// site lists a page that the search plugin alone does not list, found by words even without the
// ranking by meaning. Taken from the build with the site's own worker code run in Node
// (scripts/lib/easyops-search.mjs), so that no test names a query or a page by hand.
// Run as a script (the browser tests' runner cannot load the worker code's module hooks): prints
// {query, page, title} as JSON, or null.
import {loadEasyops} from '../scripts/lib/easyops-search.mjs';
import {loadQuerySets, OPEN_SETS} from '../scripts/lib/search-sets.mjs';

export async function wordsOnlyResult(buildDir = 'build') {
  const [site, withoutMeaning, plugin] = await Promise.all(
    ['all', 'words', 'plugin'].map((rankings) => loadEasyops(buildDir, {rankings})),
  );
  for (const {q, scope} of loadQuerySets().filter(({set, scope}) => OPEN_SETS.includes(set) && scope === 'v3')) {
    const alone = (await plugin.search(scope, q)).pages;
    const byWords = (await withoutMeaning.search(scope, q)).pages.filter((page) => !alone.includes(page));
    const results = await site.results(scope, q);
    const result = results.find(({document}) => byWords.includes(document.u) && document.u.startsWith('/docs/v3/'));
    // The option shows the page's title (its section's, for a page's own title result).
    if (result) return {query: q, page: result.document.u, title: (result.page || result.document).t};
  }
  return null;
}

console.log(JSON.stringify(await wordsOnlyResult(process.argv[2])));
