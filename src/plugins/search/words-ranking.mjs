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
import {tokenize} from './tokenize.mjs';
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

/** `input` without the tokens in `parts` (as namesHolding or literalTokens give them), in any case. */
export const without = (input, parts) => {
  const lower = new Set([...parts].map((part) => part.toLowerCase()));
  const trimmed = (token) => token.replace(/^[^\w$-]+|[^\w$)\]}]+$/g, '').replace(/^-(?!-)/, '');
  return input
    .split(/\s+/)
    .filter((token) => !lower.has(token.replace(/^[^\w]+|[^\w]+$/g, '').toLowerCase()))
    .filter((token) => !lower.has(trimmed(token).toLowerCase()))
    .join(' ');
};

/**
 * What the dropdown and the opened page mark for a section found by words: the query's words, and
 * for a word the section does not hold as typed (one the site's lunr forgave a typo in), the terms
 * of the index it matched instead ("verfication" marks "verif", the stem of "verification").
 */
function markable(marked, text = '', metadata = {}) {
  const lower = text.toLowerCase();
  if (marked.every((token) => lower.includes(token))) return marked;
  const terms = Object.keys(metadata).filter((term) => !marked.some((token) => token.includes(term)));
  return [...marked, ...terms];
}

/**
 * The pages that hold any word of `input` (names of code and flags whole, as the plugin reads them,
 * and also by their parts; a part of a name that is no word, by the names that hold it), best
 * first: [url, {score, best}] where `best` is the page's best-matching section as a search result
 * the plugin's dropdown can show (document, type, page, metadata, tokens, score).
 * `wrappedIndexes` are the plugin's, as its worker loads them (their lunr forgives typos:
 * ./lunr.mjs).
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
    // would be read as the plugin's last query by ./lunr.mjs).
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
          tokens: markable(marked, document.t, matchData.metadata),
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

/** Each index's terms, as a set, for the question "is this a word of the pages?". */
const termSets = new WeakMap();
const termSet = (index) => {
  if (!termSets.has(index)) termSets.set(index, new Set(terms(index)));
  return termSets.get(index);
};

/**
 * The tokens of `input` that only a literal match can answer, lower case (`literal`), and those of
 * them with a word that no index holds (`unknown`: the plugin would search a word one edit away): a name of code the index
 * does not hold whole (a prefix `verifyAquaTr`, a part `isOk` of `result.isOk()`, a kebab-case start
 * `verify-build`, a flag's start `--empty`), or a query of one word that is no term of any index,
 * nor its stem (`damus` of `relay.damus.io`, `yml` of `docker-compose.yml`). A word of the pages is
 * never one: ordinary words keep their ranking, and prefixes do not flood their answers.
 */
export function literalTokens(wrappedIndexes, input) {
  const literal = new Set();
  const unknown = new Set(); // those of them that hold a word the index does not have
  const all = input.split(/\s+/).filter(Boolean);
  const isTerm = (word) => wrappedIndexes.some(({index}) => termSet(index).has(word));
  const isWord = (word) => isTerm(word) || isTerm(lunr.stemmer(new lunr.Token(word)).toString());
  for (const raw of all) {
    // A URL scheme keeps its "://" (`aqua://`); anything else loses the punctuation around it.
    const token = /^[a-z][\w+.-]*:\/\/$/i.test(raw)
      ? raw
      : raw.replace(/^[^\w$-]+|[^\w$)\]}]+$/g, '').replace(/^-(?!-)/, '');
    if (token.length < 3 || !/[a-z]/i.test(token)) continue;
    const lower = token.toLowerCase();
    const name = /[a-z][A-Z]|[A-Z]{2}[a-z]|[._/:$-]/.test(token.replace(/^--/, '-'));
    // A name is known only as a whole term; a plain word also by its stem. lunr cuts a name with a
    // hyphen into words, so "verify-builder" is never a term: it is matched literally. A word that
    // is no term is a literal match only alone: in a question it is a typo or a reader's own word,
    // which the typo correction and the ranking by meaning answer.
    if (name ? isTerm(lower) : isWord(lower) || all.length > 1) continue;
    literal.add(lower);
    if (lower.split(/[\s-]+/).some((word) => word && !isWord(word))) unknown.add(lower);
  }
  return {literal, unknown};
}

const isLetter = (c) => c !== undefined && /[A-Za-z0-9]/.test(c);
const isUpper = (c) => c !== undefined && /[A-Z]/.test(c);
const isLower = (c) => c !== undefined && /[a-z0-9]/.test(c);
/** Whether a part of a name may start at `i` of `text`: after a non-letter or where camel case turns. */
const startsPart = (text, i) =>
  !isLetter(text[i - 1]) ||
  (isUpper(text[i]) && isLower(text[i - 1])) ||
  (isUpper(text[i]) && isUpper(text[i - 1]) && isLower(text[i + 1]));
/** Whether a part of a name may end before `j` of `text`. */
const endsPart = (text, j) => !isLetter(text[j]) || (isUpper(text[j]) && isLower(text[j - 1]));

/**
 * How `token` (lower case) stands in `text`: 2 where it is a whole word or part of a name
 * (`isOk` in `result.isOk()`, `Entity` in `TransferEntityFactory`), 1 where it only starts one
 * (`verifyAq` of `verifyAquaTree`), 0 where it is only inside a word (`rate` in `generate`).
 */
export function literally(text, lower, token) {
  let best = 0;
  for (let i = lower.indexOf(token); i >= 0 && best < 2; i = lower.indexOf(token, i + 1)) {
    if (!startsPart(text, i)) continue;
    best = Math.max(best, endsPart(text, i + token.length) ? 2 : 1);
  }
  return best;
}

/**
 * The pages whose title, headings or text hold every token of `literal` as typed (any case), where
 * a word or a part of a name starts, best first: [url, {score, best}], as rankByWords gives them. A
 * title counts most, then a heading, then text; a whole word or part of a name more than the start
 * of one; more sections holding it count more.
 */
export function rankLiterally(wrappedIndexes, literal) {
  if (literal.size === 0) return [];
  const asked = [...literal];
  const weight = {[SearchDocumentType.Title]: 3, [SearchDocumentType.Heading]: 2, [SearchDocumentType.Content]: 1};
  const titles = wrappedIndexes.find(({type}) => type === SearchDocumentType.Title)?.documents ?? [];
  const pages = new Map();
  for (const {documents, type} of wrappedIndexes) {
    if (!weight[type]) continue;
    for (const document of documents) {
      const text = document.t ?? '';
      const lower = text.toLowerCase();
      const how = asked.map((token) => literally(text, lower, token));
      if (how.includes(0)) continue;
      const score = weight[type] * Math.min(...how);
      const page = pages.get(document.u) ?? {score: 0, best: null, bestScore: 0, how: 0};
      page.score += score;
      page.how = Math.max(page.how, Math.min(...how));
      if (score > page.bestScore) {
        page.bestScore = score;
        page.best = {
          document,
          type,
          page: type !== SearchDocumentType.Title && titles.find(({i}) => i === document.p),
          metadata: {literal: {t: {position: [[lower.indexOf(asked[0]), asked[0].length]]}}},
          tokens: asked,
          score,
        };
      }
      pages.set(document.u, page);
    }
  }
  // A page where the token stands whole comes before one where it only starts a word.
  return [...pages].sort((a, b) => b[1].how - a[1].how || b[1].score - a[1].score);
}
