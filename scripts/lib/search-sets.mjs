// The query sets of the search benchmark, in one shape: {q, scope, expect, kind, set}.
// - benchmarks/search-queries.json: split into a tuning half and a held-out half by a rule fixed
//   before any tuning and recorded in each query's `set` (within each kind, in file order, odd
//   positions tuning, even positions held-out; the file's `about` says the same).
// - benchmarks/search-queries-blind.json: written blind from the page bodies and committed before
//   any tuning; never edited. Its `version` is the scope searched, `want` the right pages.
// - benchmarks/search-queries-blind-2.json: a second blind set, same brief and shape, written by
//   another reader after the first round of tuning and committed before the next; never edited.
// - benchmarks/search-queries-readers.json: a third set written the same way (from the page bodies
//   only, by a reader who never saw the engine or the other sets), after the second round of tuning,
//   to tune on: it may be looked at, so it has readers' questions and synonyms to learn from, and
//   the two blind sets keep measuring. Never edited either.
// - benchmarks/search-queries-blind-3.json: a third blind set, same brief, written at the end of the
//   third round (after its changes, by a reader who saw none of the sets) and measured once on the
//   round's first and last commits; never edited.
// - benchmarks/search-queries-blind-4.json: a fourth blind set, same brief (N = 90), written at the
//   start of the fourth round by a reader who saw none of the sets and only the page bodies without
//   the glossary, committed and measured before any change of that round; never edited.
// - benchmarks/search-queries-blind-5.json: a fifth blind set, same brief (N = 90), written by a
//   reader who saw none of the sets, the engine or the glossary, right after the ranking by meaning
//   (src/plugins/search) was merged in, and measured once with and without it on one build;
//   never edited.
// - benchmarks/search-queries-blind-6.json: a sixth blind set, same brief (N = 90), written by a
//   reader who saw none of the sets, the engine or the glossary, while the ranking by words
//   (src/plugins/search/words-ranking.mjs) was being made, and committed before it was
//   measured; never edited.
// - benchmarks/search-queries-blind-7.json: a seventh blind set, same brief (N = 90), written by a
//   reader who saw none of the sets, the engine or the glossary, at the start of the round after
//   the ranking by words, and committed before any change of that round was measured; never edited.
// - benchmarks/search-queries-readers-2.json: a second set to tune on (N = 150, weighted toward
//   questions, synonyms and concepts), same brief, written by a reader who saw none of the sets, the
//   engine or the glossary, at the start of the same round. Mechanical fixes after it was written:
//   the reader gave introductions by their folders (/docs/v2/Components, /docs/v3/, /docs/v1/,
//   /docs/next/), which the build serves at .../intro (the v3, v1 and next folders only redirect
//   there; the v2 one is no page): six right pages and the start pages that named them.
// - benchmarks/search-queries-blind-8.json: an eighth blind set, same brief (N = 90), written by a
//   reader who saw none of the sets, the engine or the glossary, at the start of the round after
//   the parts of names, and committed before any change of that round was measured. One mechanical
//   fix: the reader named two folders' index pages by their files (/docs/v3/sdk/index,
//   /docs/v2/Components/verifier/index), which the build serves at the folders' routes; the
//   brief's note on routes, written for that round, had said so wrongly.
// Only the tuning half and the readers' sets may be looked at while changing the search; the
// held-out half and the blind sets only measure.
import {readFileSync} from 'node:fs';

/** The sets written to the brief ({q, version, want, kind}), by name, in the order they are reported. */
const BRIEF_SETS = {
  blind: 'benchmarks/search-queries-blind.json',
  readers: 'benchmarks/search-queries-readers.json',
  'blind-2': 'benchmarks/search-queries-blind-2.json',
  'blind-3': 'benchmarks/search-queries-blind-3.json',
  'blind-4': 'benchmarks/search-queries-blind-4.json',
  'blind-5': 'benchmarks/search-queries-blind-5.json',
  'blind-6': 'benchmarks/search-queries-blind-6.json',
  'blind-7': 'benchmarks/search-queries-blind-7.json',
  'blind-8': 'benchmarks/search-queries-blind-8.json',
  'readers-2': 'benchmarks/search-queries-readers-2.json',
};

/** The sets that may be looked at while changing the search (their misses are printed). */
export const OPEN_SETS = ['tuning', 'readers', 'readers-2'];
/** Every set, as reported: those that may be looked at first, then those that only measure. */
export const SETS = [...OPEN_SETS, 'held-out', ...Object.keys(BRIEF_SETS).filter((set) => !OPEN_SETS.includes(set))];

export function loadQuerySets() {
  const {queries} = JSON.parse(readFileSync('benchmarks/search-queries.json', 'utf8'));
  return [
    ...queries.map(({q, from, expect, kind, set}) => ({q, scope: from, expect, kind, set})),
    ...Object.entries(BRIEF_SETS).flatMap(([set, file]) =>
      JSON.parse(readFileSync(file, 'utf8')).map(({q, version, want, kind}) => ({
        q,
        scope: version,
        expect: want,
        kind,
        set,
      })),
    ),
  ];
}
