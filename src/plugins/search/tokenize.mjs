// The search worker's `utils/tokenize` (@easyops-cn/docusaurus-search-local 0.55.3,
// dist/client/client/utils/tokenize.js), for this site's one language, English: a query is cut
// on spaces and hyphens as before, except that a flag where a word starts (`--sign-type`, `-s`)
// stays one word, as the index holds it (./flags.mjs). Only the worker imports this
// (./index.ts swaps it in); scripts/lib/easyops-hooks.mjs does the same in Node.
const WORDS = /(?<![^\s])(?:--[a-z][a-z0-9]*(?:-[a-z0-9]+)*|-[a-z](?![^\s.,;:!?)]))|[^-\s]+/g;

/** The words of a query, lower case. `language` is the plugin's option (always ['en'] here). */
export function tokenize(text) {
  return text.toLowerCase().match(WORDS) || [];
}
