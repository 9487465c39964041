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
// holds as typed is left to the plugin (holdsTheQuery). Measured in bench:search
// (benchmarks/README.md, "Ranking by words"); chosen on the tuning half, the readers' set and the
// generated definitions test only.
import {SearchDocumentType} from '@easyops-cn/docusaurus-search-local/dist/client/shared/interfaces.js';
import {tokenize} from '../search-flags/tokenize.mjs';
import {words} from './meaning.mjs';

const byRef = new WeakMap(); // an index's documents → Map(ref → document)
function documentsByRef(documents) {
  if (!byRef.has(documents)) byRef.set(documents, new Map(documents.map((document) => [String(document.i), document])));
  return byRef.get(documents);
}

/**
 * The pages that hold any word of `input` (names of code and flags whole, as the plugin reads them,
 * and also by their parts), best first: [url, {score, best}] where `best` is the page's
 * best-matching section as a search result the plugin's dropdown can show (document, type, page,
 * metadata, tokens, score).
 * `wrappedIndexes` are the plugin's, as its worker loads them (their lunr forgives typos:
 * ../search-typos/lunr.mjs).
 */
export function rankByWords(wrappedIndexes, input) {
  // The query's words as the plugin reads them (names of code and flags whole), and their parts.
  const asked = [...new Set([...tokenize(input), ...words(input)])];
  if (asked.length === 0) return [];
  const titles = wrappedIndexes.find(({type}) => type === SearchDocumentType.Title)?.documents ?? [];
  const pages = new Map(); // url → {score, best, bestScore}
  for (const {documents, index, type} of wrappedIndexes) {
    // Options without a presence: every word optional, as lunr's default (an explicit OPTIONAL
    // would be read as the plugin's last query by ../search-typos/lunr.mjs).
    const found = index.query((query) => {
      for (const word of asked) query.term(word, {});
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
          tokens: asked,
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
