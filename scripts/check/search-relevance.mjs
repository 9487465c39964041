#!/usr/bin/env node
// Relevance floor of the site search, part of `npm test` (after the build): the site's own search
// code, run in Node over the build's index files (scripts/lib/easyops-search.mjs; bench:search
// shows it gives the same first result as the search box), answers every query of
// benchmarks/search-queries.json. It fails when fewer queries than the floor get the right page
// first or in the top 3. Deterministic: no timing, no browser. Needs a build in build/.
import {readFileSync} from 'node:fs';
import {loadEasyops} from '../lib/easyops-search.mjs';

// The targets of the issue that set this floor: the right page first for 90 % of the queries, in
// the top 3 for 98 %. Measured on this set (bench:search, build of the commit that set these):
// top-1 94.1 %, top-3 100 %, after the pages that define an identifier, a field or a flag named it
// in their `keywords` front matter (indexed ahead of body text), and with one typo forgiven in
// words of five letters or more (src/plugins/search-typos). Content edits move these: a page
// losing the words readers search for fails here. Never lower them to pass.
const TOP1_FLOOR = 0.9;
const TOP3_FLOOR = 0.98;

const {queries} = JSON.parse(readFileSync('benchmarks/search-queries.json', 'utf8'));
const easyops = await loadEasyops('build');
let top1 = 0;
let top3 = 0;
const misses = [];
for (const query of queries) {
  const {pages} = await easyops.search(query.from, query.q);
  const rank = pages.slice(0, 8).findIndex((url) => query.expect.includes(url)) + 1;
  if (rank === 1) top1++;
  if (rank >= 1 && rank <= 3) top3++;
  else misses.push(`  [${query.from}] ${JSON.stringify(query.q)}: ${pages.slice(0, 3).join(' ') || 'no results'}`);
}
const pct = (n) => `${((100 * n) / queries.length).toFixed(1)} %`;
console.log(`search relevance: ${queries.length} queries, top-1 ${pct(top1)}, top-3 ${pct(top3)}`);
if (top1 < TOP1_FLOOR * queries.length || top3 < TOP3_FLOOR * queries.length) {
  console.log(`below the floor (top-1 ${TOP1_FLOOR * 100} %, top-3 ${TOP3_FLOOR * 100} %); not in the top 3:`);
  console.log(misses.join('\n'));
  process.exit(1);
}
