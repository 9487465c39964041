// The search worker: the search plugin's own (its SearchWorker class, unchanged, with the site's
// lunr, query list and tokenizer: src/plugins/search, src/plugins/search), whose
// results are then merged by reciprocal rank (./meaning.mjs `fuse`) with two more rankings of pages:
// - by words (./words-ranking.mjs): every word of the query optional, scored by lunr's BM25 over
//   titles, headings and text together, so that a question goes to the page its rarer words
//   describe rather than to the section that happens to hold most of its words; a part of a name
//   of code that is no word of the pages ("GraphData") is left to it alone, as the names that hold it;
// - by meaning (./meaning.mjs): a reader's word that no page uses can still reach the sections
//   closest to it in meaning.
// A page that only a later ranking finds is shown with its best section.
// Why a subclass in a worker of its own: the plugin ranks inside its worker, and no option or
// plugin API reaches that ranking. ./index.ts points the plugin's `new Worker(...)` here and gives
// the plugin's worker module a `comlink` whose `expose` does nothing, so that only this class
// answers the page. Files it depends on are pinned in scripts/check/upstream-pins.json.
// When the meaning files cannot be fetched, or take over MEANING_WAIT_MS, the plugin's results are
// merged with the ranking by words alone.
import * as Comlink from 'comlink';
import {SearchWorker} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js';
import {searchIndexUrl} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants.js';
import {processTreeStatusOfSearchResults} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/processTreeStatusOfSearchResults.js';
import {SearchDocumentType} from '@easyops-cn/docusaurus-search-local/dist/client/shared/interfaces.js';
import {
  MEANING_WEIGHT,
  WORDS_WEIGHT,
  dot,
  fromBytes,
  fuse,
  idf,
  mean,
  queryWords,
  readShard,
  shardOf,
} from './meaning.mjs';
import {holdsTheQuery, literalTokens, namesHolding, rankByWords, rankLiterally, without} from './words-ranking.mjs';

const once = new Map(); // url → promise of what it holds
const fetchOnce = (url, read) => {
  if (!once.has(url)) {
    const promise = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return read(response);
    });
    promise.catch(() => once.delete(url)); // tried again by the next search
    once.set(url, promise);
  }
  return once.get(url);
};

/** The meaning file beside the index the plugin loads for `baseUrl` and `searchContext`. */
function meaningOf(baseUrl, searchContext) {
  const dir = searchContext ? `-${searchContext.replace(/\//g, '-')}` : '';
  const url = `${baseUrl}${searchIndexUrl.replace('{dir}', dir).replace(/^search-index/, 'search-meaning')}`;
  return fetchOnce(url, async (response) => {
    const {words: wordsUrl, pages, df, sections} = await response.json();
    const vectors = Object.entries(sections).map(([id, base64]) => [
      Number(id),
      fromBytes(Int8Array.from(atob(base64), (c) => c.charCodeAt(0))), // bytes over 127 wrap to negatives
    ]);
    return {wordsUrl, pages, df, vectors};
  });
}

async function vectorOf(wordsUrl, word) {
  const shard = await fetchOnce(`${wordsUrl}${shardOf(word)}.bin`, async (response) =>
    readShard(await response.arrayBuffer()),
  );
  return shard.get(word);
}

/**
 * lunr's match data for a section found by meaning, as the search bar reads it to mark the text: the
 * first query word the text holds, or an empty mark at its start (the bar needs one position).
 */
function marked(text, asked) {
  const lower = text.toLowerCase();
  const word = asked.find((each) => lower.includes(each));
  return {meaning: {t: {position: [word ? [lower.indexOf(word), word.length] : [0, 0]]}}};
}

// On a slow connection, the files for a query's words may take a while: the results are not held
// back longer than this for them (the files go on loading for the next keystroke).
const MEANING_WAIT_MS = 1000;

export class MeaningSearchWorker extends SearchWorker {
  /** Parts left out ('words', 'literal'), to measure what each gains (scripts/bench/search-parts.mjs). */
  static without = new Set();
  /**
   * How long the results wait for the meaning files. The Node copy of the search (the checks) waits
   * as long as they take, so that its answers never depend on how busy the machine is.
   */
  static meaningWait = MEANING_WAIT_MS;

  async search(baseUrl, searchContext, input, limit) {
    const {wrappedIndexes} = await this.lowLevelFetchIndexes(baseUrl, searchContext);
    const skip = MeaningSearchWorker.without;
    // A part of a name that only names in the pages hold ("GraphData") is left to the ranking by
    // words, which asks for those names: the plugin finds nothing for it, and its lunr would take
    // it for a typo and search a word one edit away (./lunr.mjs). Decided here, not
    // there, because only here is the query still in the case the reader typed.
    const {parts} = namesHolding(wrappedIndexes, input);
    // A prefix or part of a name, or a lone word that no index holds, may have no answer but a
    // literal one (words-ranking.mjs literalTokens); those with a word the index lacks are kept from
    // the plugin, whose lunr would search a word one edit away.
    const {literal, unknown} = skip.has('literal')
      ? {literal: new Set(), unknown: new Set()}
      : literalTokens(wrappedIndexes, input);
    const asked = without(input, new Set([...parts, ...unknown]));
    let results = asked.trim() ? await super.search(baseUrl, searchContext, asked, limit) : [];
    let exact = holdsTheQuery(results[0], input);
    // When part of the query was held back, the plugin's answer to the query as typed still stands if
    // its first section holds the query as typed ("from", a word the index leaves out).
    if (asked !== input && !exact) {
      const plain = await super.search(baseUrl, searchContext, input, limit);
      if (holdsTheQuery(plain[0], input)) [results, exact] = [plain, true];
    }
    // An exact answer of the plugin keeps its order (see holdsTheQuery), against the ranking by words
    // and the literal match alike.
    const byWords = exact || skip.has('words') ? [] : rankByWords(wrappedIndexes, input);
    const byLiteral = exact ? [] : rankLiterally(wrappedIndexes, literal);
    const ordered = (byMeaning) =>
      withDefiner(withLiteral(merge(results, byWords, byMeaning, limit), byLiteral, limit), wrappedIndexes, input);
    const withWords = () => ordered([]);
    let timer;
    const wait = MeaningSearchWorker.meaningWait;
    const late = new Promise((resolve) => {
      if (Number.isFinite(wait)) timer = setTimeout(() => resolve(withWords()), wait);
    });
    const merged = this.byMeaning(wrappedIndexes, baseUrl, searchContext, input).then(ordered, withWords);
    try {
      return await Promise.race([merged, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Pages by meaning, best first: [url, {best: the page's closest section, as a result}]. */
  async byMeaning(wrappedIndexes, baseUrl, searchContext, input) {
    const asked = queryWords(input);
    if (asked.length === 0) return [];
    const {wordsUrl, pages, df, vectors} = await meaningOf(baseUrl, searchContext);
    const found = await Promise.all(asked.map((word) => vectorOf(wordsUrl, word)));
    const query = mean(asked.flatMap((word, k) => (found[k] ? [[found[k], idf(pages, df[word])]] : [])));
    if (!query) return [];
    const byId = new Map(
      wrappedIndexes.find(({type}) => type === SearchDocumentType.Content).documents.map((d) => [d.i, d]),
    );
    const best = new Map(); // page url → [cosine, its best section's document]
    for (const [id, vector] of vectors) {
      const document = byId.get(id);
      const score = dot(query, vector);
      if (document && !(best.get(document.u)?.[0] >= score)) best.set(document.u, [score, document]);
    }
    const titles = wrappedIndexes.find(({type}) => type === SearchDocumentType.Title).documents;
    return [...best]
      .sort((a, b) => b[1][0] - a[1][0])
      .map(([url, [, document]]) => [
        url,
        {
          best: {
            document,
            type: SearchDocumentType.Content,
            page: titles.find(({i}) => i === document.p),
            metadata: marked(document.t, asked),
            tokens: asked,
            score: 0,
          },
        },
      ]);
  }
}

/**
 * The plugin's results, their pages merged with the pages by words and by meaning: a page the plugin
 * found keeps its own results; any other is shown with its best section, by words if that ranking
 * found it, else by meaning.
 */
function merge(results, byWords, byMeaning, limit) {
  const order = fuse([
    [[...new Set(results.map(({document}) => document.u))], 1],
    [byWords.map(([url]) => url), WORDS_WEIGHT],
    [byMeaning.map(([url]) => url), MEANING_WEIGHT],
  ]);
  const bestOf = new Map([...byMeaning, ...byWords].map(([url, {best}]) => [url, best])); // words win
  const merged = [];
  for (const url of order) {
    const own = results.filter(({document}) => document.u === url);
    merged.push(...(own.length ? own : [{...bestOf.get(url)}]));
    if (merged.length >= limit) break;
  }
  const shown = merged.slice(0, limit);
  for (const result of shown) {
    delete result.isInterOfTree;
    delete result.isLastOfTree;
  }
  processTreeStatusOfSearchResults(shown);
  return shown;
}

/**
 * The results, with a page that holds the query's prefix or part of a name as typed first: the one
 * the results already show, best by the literal match, else the literal match's best page. A reader
 * who types the start of a name gets a page that has it; a query whose first answer has it keeps its
 * order.
 */
function withLiteral(results, byLiteral, limit) {
  if (byLiteral.length === 0) return results;
  const rank = new Map(byLiteral.map(([url], i) => [url, i]));
  if (rank.has(results[0]?.document.u)) return results;
  const shown = results.filter(({document}) => rank.has(document.u)).map(({document}) => document.u);
  const first = shown.sort((a, b) => rank.get(a) - rank.get(b))[0];
  const lead = first ? results.filter(({document}) => document.u === first) : [{...byLiteral[0][1].best}];
  const ordered = [...lead, ...results.filter(({document}) => document.u !== first)].slice(0, limit);
  for (const result of ordered) {
    delete result.isInterOfTree;
    delete result.isLastOfTree;
  }
  processTreeStatusOfSearchResults(ordered);
  return ordered;
}

/** A name of code typed whole: camelCase or PascalCase, or words joined by `_`, `.` or `-`. */
const CODE_NAME = /^(?=.*[a-z])(?:[A-Za-z][a-z0-9]*[A-Z]|[A-Za-z0-9]+[_.-][A-Za-z0-9])[\w.-]*$/;

/**
 * The results, with the page that defines a name of code typed whole first when they show one
 * that does not come first: a page whose keywords (what its tables, declarations and headings
 * define: src/plugins/search-definitions) hold the name as typed. A stem shared with a longer name
 * ("fileName" and "fileNamed") or a longer keyword list may otherwise put a page that only uses
 * the name before the one that explains it.
 */
function withDefiner(results, wrappedIndexes, input) {
  const name = input.trim();
  if (!CODE_NAME.test(name) || results.length < 2) return results;
  const keywords = wrappedIndexes.find(({type}) => type === SearchDocumentType.Keywords)?.documents ?? [];
  const definers = new Set(keywords.filter(({t}) => (t ?? '').split(', ').includes(name)).map(({u}) => u));
  if (definers.size === 0 || definers.has(results[0].document.u)) return results;
  const first = results.find(({document}) => definers.has(document.u))?.document.u;
  if (!first) return results;
  const ordered = [
    ...results.filter(({document}) => document.u === first),
    ...results.filter(({document}) => document.u !== first),
  ];
  for (const result of ordered) {
    delete result.isInterOfTree;
    delete result.isLastOfTree;
  }
  processTreeStatusOfSearchResults(ordered);
  return ordered;
}

Comlink.expose(MeaningSearchWorker);
