// The search worker's `utils/smartQueries` (@easyops-cn/docusaurus-search-local 0.55.3,
// dist/client/client/utils/smartQueries.js): the plugin's own list of queries for what the reader
// typed, exact matches first, then one more, last: every word of it as an optional term.
// The plugin's list asks for every word in one section, then for every word but one (three words or
// more), each exactly and then with lunr's fuzzy matching (fuzzyMatchingDistance); the worker shows
// the sections of the first queries first. Here the queries are ordered by how fuzzy they are,
// keeping the plugin's order otherwise: a section that holds all but one of the words as typed
// comes before one that holds every word only loosely (readers' set, test:search: top-1
// 63.3 -> 67.5 %, top-3 81.7 -> 85.8 %; tuning set unchanged). And when none of them finds
// anything, a query of words that the docs have answered nothing.
// ./lunr.mjs runs the last query only when no query before it in the same search found a section,
// and only in the text index, where a section's score adds up every word it holds: the sections
// with the most of the words come first. Only the worker imports this (./index.ts swaps it in);
// scripts/lib/easyops-hooks.mjs does the same in Node.
import {smartQueries as pluginQueries} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries.js';
import {ANY_WORD, newSearch} from './lunr.mjs';

// The plugin's smartTerms reads at most this many words of a query.
const MAX_WORDS = 12;

export function smartQueries(tokens, zhDictionary) {
  // The worker calls this once per search, just before it runs the queries in one task.
  newSearch();
  /** The largest edit distance a query allows. */
  const fuzziness = (query) => Math.max(0, ...query.term.map((item) => item.editDistance ?? 0));
  const queries = pluginQueries(tokens, zhDictionary)
    .map((query, i) => ({query, i}))
    .sort((a, b) => fuzziness(a.query) - fuzziness(b.query) || a.i - b.i)
    .map(({query}) => query);
  const words = tokens.slice(0, MAX_WORDS);
  // Whole words only: lunr stems a word before it looks it up, but not one with a wildcard, so
  // "trees*" would miss the "tree" that "trees" finds.
  queries.push({tokens: words, term: words.map((value) => ({value, presence: ANY_WORD}))});
  return queries;
}
