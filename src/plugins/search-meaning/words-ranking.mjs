// The second ranking the site's search worker merges with the plugin's (./worker.mjs): pages ranked
// by how well any of the query's words match them, every word optional.
//
// Why: the plugin lists the sections that hold every word first, then those that hold all words but
// one, titles before headings before text within each. A question of six words then goes to
// whichever section happens to hold the most of them, common ones included, and a page whose title
// and text hold the two rare words can come last. This ranking scores with lunr's own BM25 (rare
// words weigh more, long sections less) in each of the plugin's indexes: titles, headings,
// descriptions, keywords and text. Each index's scores are scaled by its best score, and a page
// adds up the score of its best section in each index, so a page whose title, a heading and its
// text all match ranks above a page where one of them does. All five indexes weigh the same, and
// the ranking weighs as much as the plugin's in the merge. A query that the plugin's first section
// holds as typed is left to the plugin (holdsTheQuery).
// A part of a name of code that is no word of the pages ("GraphData", which they only have inside
// "verifyAndGetGraphData") is asked for as the names that hold it (namesHolding); the worker does
// not give it to the plugin, whose lunr would take it for a typo. Before, it found nothing or a
// word one edit away. Measured in bench:search (benchmarks/README.md, "Ranking by words" and "A
// seventh blind set, ..."); chosen on the tuning half, the readers' sets and the generated tests
// (definitions; scripts/check/search-meaning.mjs) only.
import lunr from 'lunr';
import {SearchDocumentType} from '@easyops-cn/docusaurus-search-local/dist/client/shared/interfaces.js';
import {tokenize} from '../search-flags/tokenize.mjs';
import {words} from './meaning.mjs';

const byRef = new WeakMap(); // an index's documents → Map(ref → document)
function documentsByRef(documents) {
  if (!byRef.has(documents)) byRef.set(documents, new Map(documents.map((document) => [String(document.i), document])));
  return byRef.get(documents);
}

/** A part of a name of code as typed: camelCase or snake_case, five characters or more. */
const isNamePart = (token) => token.length >= 5 && /[a-z][A-Z]|_/.test(token);
const termsOf = new WeakMap(); // an index → its terms
const terms = (index) => {
  if (!termsOf.has(index)) termsOf.set(index, Object.keys(index.invertedIndex));
  return termsOf.get(index);
};

/**
 * The parts of names of code that `input` types and that are no word of the pages (no term of the
 * indexes is their stem), but that some term holds (`parts`), and those terms in each index (`terms`:
 * Map(index → terms)). Both empty for any other query.
 */
export function namesHolding(wrappedIndexes, input) {
  const parts = new Set();
  const out = new Map();
  for (const token of input.split(/\s+/).map((each) => each.replace(/^[^\w]+|[^\w]+$/g, ''))) {
    if (!isNamePart(token)) continue;
    const lower = token.toLowerCase();
    const stem = lunr.stemmer(new lunr.Token(lower)).toString();
    const known = wrappedIndexes.some(({index}) => Object.prototype.hasOwnProperty.call(index.invertedIndex, stem));
    if (known) continue;
    for (const {index} of wrappedIndexes) {
      const holding = terms(index).filter((term) => term.includes(lower) || term.includes(stem));
      if (holding.length) {
        parts.add(token);
        out.set(index, [...(out.get(index) ?? []), ...holding]);
      }
    }
  }
  return {parts, terms: out};
}

/** `input` without the tokens in `parts` (as namesHolding gives them). */
export const without = (input, parts) =>
  input
    .split(/\s+/)
    .filter((token) => !parts.has(token.replace(/^[^\w]+|[^\w]+$/g, '')))
    .join(' ');

/**
 * The pages that hold any word of `input` (names of code and flags whole, as the plugin reads them,
 * and also by their parts; a part of a name that is no word, by the names that hold it), best
 * first: [url, {score, best}] where `best` is the page's best-matching section as a search result
 * the plugin's dropdown can show (document, type, page, metadata, tokens, score).
 * `wrappedIndexes` are the plugin's, as its worker loads them (their lunr forgives typos:
 * ../search-typos/lunr.mjs).
 */
export function rankByWords(wrappedIndexes, input) {
  const holding = namesHolding(wrappedIndexes, input);
  // The query's words as the plugin reads them (names of code and flags whole), and their parts;
  // a part of a name that the names holding it stand for is asked for by those names only
  // ("signed_tx" as "write/store_signed_tx", not as "signed" and "tx"; as typed it matches nothing,
  // and the site's lunr would search a word one edit away instead).
  const rest = without(input, holding.parts);
  const asked = [...new Set([...tokenize(rest), ...words(rest)])];
  if (asked.length === 0 && holding.parts.size === 0) return [];
  const marked = [...asked, ...[...holding.parts].map((part) => part.toLowerCase())]; // what the dropdown marks
  const titles = wrappedIndexes.find(({type}) => type === SearchDocumentType.Title)?.documents ?? [];
  const pages = new Map(); // url → {score, best, bestScore}
  for (const {documents, index, type} of wrappedIndexes) {
    // Options without a presence: every word optional, as lunr's default (an explicit OPTIONAL
    // would be read as the plugin's last query by ../search-typos/lunr.mjs).
    const found = index.query((query) => {
      for (const word of asked) query.term(word, {});
      // Terms of the index as they are, not stemmed again.
      for (const term of holding.terms.get(index) ?? []) query.term(term, {usePipeline: false});
    });
    if (found.length === 0) continue;
    const top = found[0].score || 1; // lunr returns the best first
    const counted = new Set();
    for (const {ref, score, matchData} of found) {
      const document = documentsByRef(documents).get(ref);
      if (!document || counted.has(document.u)) continue;
      counted.add(document.u);
      const scaled = score / top;
      const page = pages.get(document.u) ?? {score: 0, best: null, bestScore: -1};
      page.score += scaled;
      if (scaled > page.bestScore) {
        page.bestScore = scaled;
        page.best = {
          document,
          type,
          page: type !== SearchDocumentType.Title && titles.find(({i}) => i === document.p),
          metadata: matchData.metadata,
          tokens: marked,
          score,
        };
      }
      pages.set(document.u, page);
    }
  }
  return [...pages].sort((a, b) => b[1].score - a[1].score);
}

/**
 * Whether the plugin's first result holds the query as typed (case aside, without a colon or a
 * question mark at its end): a name of code, an error message or a phrase copied from a page. The
 * plugin then found exactly what was asked for, and its order stands: such a query goes to the
 * section that holds it whole (where the docs define it), not to the page that uses its words most.
 */
export function holdsTheQuery(result, input) {
  const asked = input
    .trim()
    .toLowerCase()
    .replace(/[:?.!]+$/, '');
  return Boolean(result && asked && (result.document.t ?? '').toLowerCase().includes(asked));
}
