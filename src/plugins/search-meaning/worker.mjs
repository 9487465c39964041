// The search worker: the search plugin's own (its SearchWorker class, unchanged, with the site's
// lunr, query list and tokenizer: src/plugins/search-typos, src/plugins/search-flags), whose
// results are then merged with a ranking by meaning (./meaning.mjs). A reader's word that no page
// uses can then still reach the sections closest to it in meaning.
// Why a subclass in a worker of its own: the plugin ranks inside its worker, and no option or
// plugin API reaches that ranking. ./index.ts points the plugin's `new Worker(...)` here and gives
// the plugin's worker module a `comlink` whose `expose` does nothing, so that only this class
// answers the page. Files it depends on are pinned in scripts/check/upstream-pins.json.
// When the meaning files cannot be fetched, or take over MEANING_WAIT_MS, the plugin's results are
// returned as they are.
import * as Comlink from 'comlink';
import {SearchWorker} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js';
import {searchIndexUrl} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants.js';
import {processTreeStatusOfSearchResults} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/processTreeStatusOfSearchResults.js';
import {SearchDocumentType} from '@easyops-cn/docusaurus-search-local/dist/client/shared/interfaces.js';
import {dot, fromBytes, fuse, idf, mean, queryWords, readShard, shardOf} from './meaning.mjs';

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

// On a slow connection, the files for a query's words may take a while: the plugin's results are
// not held back longer than this for them (the files go on loading for the next keystroke).
const MEANING_WAIT_MS = 1000;

export class MeaningSearchWorker extends SearchWorker {
  async search(baseUrl, searchContext, input, limit) {
    const results = await super.search(baseUrl, searchContext, input, limit);
    let timer;
    const late = new Promise((resolve) => (timer = setTimeout(() => resolve(results), MEANING_WAIT_MS)));
    const merged = this.withMeaning(results, baseUrl, searchContext, input, limit).catch(() => results);
    try {
      return await Promise.race([merged, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async withMeaning(results, baseUrl, searchContext, input, limit) {
    const asked = queryWords(input);
    if (asked.length === 0) return results;
    const {wordsUrl, pages, df, vectors} = await meaningOf(baseUrl, searchContext);
    const found = await Promise.all(asked.map((word) => vectorOf(wordsUrl, word)));
    const query = mean(asked.flatMap((word, k) => (found[k] ? [[found[k], idf(pages, df[word])]] : [])));
    if (!query) return results;
    const {wrappedIndexes} = await this.lowLevelFetchIndexes(baseUrl, searchContext);
    const byId = new Map(
      wrappedIndexes.find(({type}) => type === SearchDocumentType.Content).documents.map((d) => [d.i, d]),
    );
    const best = new Map(); // page url → [cosine, its best section's document]
    for (const [id, vector] of vectors) {
      const document = byId.get(id);
      const score = dot(query, vector);
      if (document && !(best.get(document.u)?.[0] >= score)) best.set(document.u, [score, document]);
    }
    const byMeaning = [...best].sort((a, b) => b[1][0] - a[1][0]).map(([url]) => url);
    const titles = wrappedIndexes.find(({type}) => type === SearchDocumentType.Title).documents;
    const merged = [];
    for (const url of fuse([...new Set(results.map(({document}) => document.u))], byMeaning)) {
      const own = results.filter(({document}) => document.u === url);
      if (own.length) merged.push(...own);
      else {
        const document = best.get(url)[1];
        const page = titles.find(({i}) => i === document.p);
        merged.push({
          document,
          type: SearchDocumentType.Content,
          page,
          metadata: marked(document.t, asked),
          tokens: asked,
          score: 0,
        });
      }
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
}

Comlink.expose(MeaningSearchWorker);
