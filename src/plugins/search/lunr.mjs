// The search worker's lunr, with one typo forgiven in words of five letters or more (two letters
// swapped in words of four), two words written as one searched as both, the punctuation
// around a query word dropped (as the index drops it), question and filler words left out of
// a query that has other words (see FILLER), and a query that no section answers (even without one
// of its words) answered by the sections that hold any of its words (see queryForgivingTypos).
//
// lunr matches stemmed words, and a wrong letter can move the stem far from the right one:
// "witnesing" stems to "witnes", while "witness", "witnessed" and "witnessing" all stem to "wit",
// three edits away, beyond the plugin's fuzzy distance of 2. So when a query word matches nothing
// in the index being searched (after the plugin's own wildcards and fuzzy distance), each word one
// edit away (a letter dropped, added, changed, or two swapped) is stemmed, and the one whose stem
// the most sections hold is searched instead. Words that match something are never touched.
// Only the search worker imports this module (src/plugins/search/index.ts swaps it for the
// worker's `lunr`); scripts/lib/easyops-hooks.mjs does the same for the relevance floor in Node.
import lunr from 'lunr';
import {FILLER} from './meaning.mjs';

const MIN_LENGTH = 5;
// A word of four letters that matches nothing may be two letters swapped ("hsah"); any other edit
// of a word that short finds too many other words.
const MIN_SWAP_LENGTH = 4;
// A word of this length or more that matches nothing, even one edit away, may be two words written
// as one ("tamperproof"), each part of three letters or more.
const MIN_COMPOUND_LENGTH = 7;
const MIN_PART_LENGTH = 3;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Every word one edit away from `word` (only swaps of two letters when it is shorter than MIN_LENGTH). */
function edits(word) {
  const out = new Set();
  for (let i = 0; i <= word.length; i++) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    if (word.length < MIN_LENGTH) continue;
    if (tail) out.add(head + tail.slice(1));
    for (const letter of LETTERS) {
      if (tail) out.add(head + letter + tail.slice(1));
      out.add(head + letter + tail);
    }
  }
  out.delete(word);
  return out;
}

/** The two words `word` is made of, both held by sections of `group` (the split whose rarer part
 * the most sections hold), or null. */
function split(index, group, word) {
  let best = null;
  let most = 0;
  for (let i = MIN_PART_LENGTH; i <= word.length - MIN_PART_LENGTH; i++) {
    const parts = [word.slice(0, i), word.slice(i)];
    const rarer = Math.min(...parts.map((part) => holding(index, group, part)));
    if (rarer > most) [best, most] = [parts, rarer];
  }
  return best;
}

/** How many sections of `group` hold the stems of `word`. */
const holding = (index, group, word) =>
  index.pipeline.runString(word).reduce((n, stem) => n + sections(group, stem), 0);

/** How many sections of `indexes` hold `stem`, in any field. */
function sections(indexes, stem) {
  let n = 0;
  for (const {invertedIndex} of indexes) {
    if (!Object.prototype.hasOwnProperty.call(invertedIndex, stem)) continue;
    for (const [field, refs] of Object.entries(invertedIndex[stem]))
      if (field !== '_index') n += Object.keys(refs).length;
  }
  return n;
}

// The plugin loads one search-index file as several lunr indexes (titles, headings, text, ...) in
// one task, and searches each of them for each query. A word is a typo only if none of them holds
// it, and it gets the same spelling in all of them: so the indexes loaded together are grouped.
const groups = new WeakMap(); // index → the indexes loaded with it
let loading = null;
const load = lunr.Index.load;
lunr.Index.load = function loadGrouped(serialized) {
  const index = load.call(this, serialized);
  if (!loading) {
    loading = [];
    Promise.resolve().then(() => (loading = null)); // the end of this task
  }
  loading.push(index);
  groups.set(index, loading);
  return index;
};

const query = lunr.Index.prototype.query;
const spellings = new WeakMap(); // group → (word and options → the word to search)

/** Whether every index of `group` lacks `word` (searched with `options`). */
const nowhere = (group, word, options) =>
  group.every((each) => query.call(each, (q) => q.term(word, {...options})).length === 0);

function correct(index, word, options) {
  const group = groups.get(index) ?? [index];
  // A flag (`--file`, kept whole by src/plugins/search) that no page has: its name alone.
  if (typeof word === 'string' && /^-/.test(word))
    return nowhere(group, word, options) ? word.replace(/^-+/, '') : word;
  if (typeof word !== 'string' || word.length < MIN_SWAP_LENGTH || !/^[a-z]+$/.test(word)) return word;
  let known = spellings.get(group);
  if (!known) spellings.set(group, (known = new Map()));
  // Whether a word is required or optional does not change what it matches.
  const key = `${word} ${JSON.stringify({...options, presence: undefined})}`;
  if (!known.has(key)) {
    let best = word;
    // lunr's Query#term writes into the options it is given: each call gets a copy.
    if (nowhere(group, word, options)) {
      let most = 0;
      for (const candidate of edits(word)) {
        const count = holding(index, group, candidate);
        if (count > most) [best, most] = [candidate, count];
      }
      // Two words written as one: both are searched.
      if (most === 0 && word.length >= MIN_COMPOUND_LENGTH) best = split(index, group, word) ?? word;
    }
    known.set(key, best);
  }
  return known.get(key);
}

/** The presence that marks the last query of a search (./smart-queries.mjs): any of its words. */
export const ANY_WORD = lunr.Query.presence.OPTIONAL;
// Whether a query of the current search has found a section (the plugin's queries are all
// REQUIRED words; a search runs them in one task, right after ./smart-queries.mjs calls newSearch).
let answered = false;
export function newSearch() {
  answered = false;
}

lunr.Index.prototype.query = function queryForgivingTypos(build) {
  const asked = [];
  build({term: (word, options) => asked.push([word, options])});
  const anyWord = asked.length > 0 && asked.every(([, options]) => options?.presence === ANY_WORD);
  if (!anyWord) {
    const results = queryEachWord.call(this, build);
    if (results.length) answered = true;
    return results;
  }
  // The last query of a search: when nothing before it found a section, the sections of text
  // that hold any of the words answer, those that hold the most (and the rarest) first. Titles,
  // headings, descriptions and keywords answer it only when no section of text holds any of the
  // words, so that one word of a title cannot come before a section that holds them all.
  if (answered) return [];
  const group = groups.get(this) ?? [this];
  const text = group[group.length - 1];
  const anyOf = (q) => {
    for (const [word, options] of asked) q.term(word, options);
  };
  // Question and filler words count here too when none of the other words is in the docs.
  const answers = (index) => {
    const results = queryEachWord.call(index, anyOf);
    return results.length ? results : queryEachWord.call(index, anyOf, true);
  };
  if (this !== text && answers(text).length > 0) return [];
  return answers(this);
};

function queryEachWord(build, withFiller = false) {
  return query.call(this, (q) => {
    const term = q.term;
    const asked = [];
    q.term = (word, options) => asked.push([word, options]);
    build(q);
    q.term = term;
    // The index holds words without the punctuation around them (lunr's trimmer); a query word
    // gets the same, so "signature?" or "mnemonic:" match what the page says. A flag keeps its
    // leading hyphens, as the index keeps them (src/plugins/search).
    const trim = (word) => (/^--?[a-z]/.test(word) ? word.replace(/\W+$/, '') : word.replace(/^\W+|\W+$/g, ''));
    const trimmed = asked
      .map(([word, options]) => [typeof word === 'string' ? trim(word) : word, options])
      .filter(([word]) => word !== '');
    const content = trimmed.filter(([word]) => typeof word !== 'string' || !FILLER.has(word));
    for (const [word, options] of content.length && !withFiller ? content : trimmed) {
      const searched = correct(this, word, options);
      if (!Array.isArray(searched)) term.call(q, searched, options);
      // Two words written as one: each, with its own copy of the options (lunr writes into them).
      else for (const part of searched) term.call(q, part, {...options});
    }
  });
}

export default lunr;
