// The query sets of the search benchmark, in one shape: {q, scope, expect, kind, set}.
// - benchmarks/search-queries.json: split into a tuning half and a held-out half by a rule fixed
//   before any tuning and recorded in each query's `set` (within each kind, in file order, odd
//   positions tuning, even positions held-out; the file's `about` says the same).
// - benchmarks/search-queries-blind.json: written blind from the page bodies and committed before
//   any tuning; never edited. Its `version` is the scope searched, `want` the right pages.
// Only the tuning half may be looked at while changing the search; the other two only measure.
import {readFileSync} from 'node:fs';

export const SETS = ['tuning', 'held-out', 'blind'];

export function loadQuerySets() {
  const {queries} = JSON.parse(readFileSync('benchmarks/search-queries.json', 'utf8'));
  const blind = JSON.parse(readFileSync('benchmarks/search-queries-blind.json', 'utf8'));
  return [
    ...queries.map(({q, from, expect, kind, set}) => ({q, scope: from, expect, kind, set})),
    ...blind.map(({q, version, want, kind}) => ({q, scope: version, expect: want, kind, set: 'blind'})),
  ];
}
