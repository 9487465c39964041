// The query sets of the search benchmark, in one shape: {q, scope, expect, kind, set}.
// - benchmarks/search-queries.json: split into a tuning half and a held-out half by a rule fixed
//   before any tuning and recorded in each query's `set` (within each kind, in file order, odd
//   positions tuning, even positions held-out; the file's `about` says the same).
// - benchmarks/search-queries-blind.json: written blind from the page bodies and committed before
//   any tuning; never edited. Its `version` is the scope searched, `want` the right pages.
// - benchmarks/search-queries-blind-2.json: a second blind set, same brief and shape, written by
//   another reader after the first round of tuning and committed before the next; never edited.
// Only the tuning half may be looked at while changing the search; the other two only measure.
import {readFileSync} from 'node:fs';

export const SETS = ['tuning', 'held-out', 'blind', 'blind-2'];

export function loadQuerySets() {
  const {queries} = JSON.parse(readFileSync('benchmarks/search-queries.json', 'utf8'));
  const blind = JSON.parse(readFileSync('benchmarks/search-queries-blind.json', 'utf8'));
  const blind2 = JSON.parse(readFileSync('benchmarks/search-queries-blind-2.json', 'utf8'));
  return [
    ...queries.map(({q, from, expect, kind, set}) => ({q, scope: from, expect, kind, set})),
    ...blind.map(({q, version, want, kind}) => ({q, scope: version, expect: want, kind, set: 'blind'})),
    ...blind2.map(({q, version, want, kind}) => ({q, scope: version, expect: want, kind, set: 'blind-2'})),
  ];
}
