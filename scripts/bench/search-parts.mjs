#!/usr/bin/env node
// `npm run bench:search-parts`: what each part of the site's search gains, measured with and without
// it on the query sets written after it was built (a part may only stay if it gains there). Each
// variant runs the site's search in Node (scripts/lib/easyops-search.mjs) over the same build, in a
// process of its own, with one part left out (SEARCH_WITHOUT); a part built into the index (the flags
// tokenizer) is measured on a second build made without it (--build-without
// part=DIR). Prints, per part, the pooled share of right pages first, in the top 3 and the empty
// answers, with and without it, over the sets dated after the part's first commit.
// Sets outside the repository (held out from the developers: --held-out FILE, in the brief's shape)
// are dated by their file and reported only as these pooled figures, never query by query.
//   node scripts/bench/search-parts.mjs [--held-out F ...] [--build-without flags=DIR ...]   (DIR: a site folder
//   with build/ and .docusaurus/ made without that part, as scripts/bench/variants.mjs makes them)
import {execFileSync} from 'node:child_process';
import {readFileSync, statSync} from 'node:fs';
import {resolve} from 'node:path';
import {parseArgs} from 'node:util';
import {loadQuerySets, SETS} from '../lib/search-sets.mjs';

/** The parts, the file whose first commit dates each, and how to leave it out. */
const PARTS = [
  {name: 'typos', file: 'src/plugins/search/lunr.mjs', env: 'typos'},
  {name: 'flags (queries)', file: 'src/plugins/search/tokenize.mjs', env: 'flags'},
  {name: 'flags (index)', file: 'src/plugins/search/flags.mjs', build: 'flags'},
  {name: 'ranking by meaning', file: 'src/plugins/search/meaning.mjs', rankings: 'words'},
  {name: 'ranking by words', file: 'src/plugins/search/words-ranking.mjs', env: 'words'},
];
/** The file of each set of the repository. */
const SET_FILES = {tuning: 'benchmarks/search-queries.json', 'held-out': 'benchmarks/search-queries.json'};
for (const set of SETS) SET_FILES[set] ??= `benchmarks/search-queries-${set}.json`;

const {values: options} = parseArgs({
  options: {
    'held-out': {type: 'string', multiple: true, default: []},
    'build-without': {type: 'string', multiple: true, default: []},
    child: {type: 'string'},
    build: {type: 'string', default: 'build'},
  },
});

/** Every query, with the date its set was written (`dated`: the child processes only need the order). */
function queries(withDates = true) {
  const added = (file) =>
    !withDates
      ? new Date(0)
      : new Date(
          execFileSync('git', ['log', '--diff-filter=A', '--format=%aI', '--', file], {encoding: 'utf8'})
            .trim()
            .split('\n')
            .pop(),
        );
  const dated = loadQuerySets().map((q) => ({...q, written: added(SET_FILES[q.set])}));
  for (const file of options['held-out']) {
    const written = statSync(file).mtime;
    for (const {q, version, want} of JSON.parse(readFileSync(file, 'utf8')))
      dated.push({q, scope: version, expect: want, set: 'held out', written});
  }
  return dated;
}

if (options.child !== undefined) {
  // One variant: the rank of every query (1-8, 0 when not in the first 8, -1 for no answer).
  const {loadEasyops} = await import('../lib/easyops-search.mjs');
  const easyops = await loadEasyops(options.build, {rankings: options.child || 'all'});
  const ranks = [];
  for (const query of queries(false)) {
    const {pages} = await easyops.search(query.scope, query.q);
    ranks.push(pages.length ? pages.slice(0, 8).findIndex((url) => query.expect.includes(url)) + 1 : -1);
  }
  process.stdout.write(JSON.stringify(ranks));
  process.exit(0);
}

const all = queries();
// A build made elsewhere is read from its own folder, with its generated files (the index files'
// names are in them): `--build-without part=DIR` names a site folder holding build/ and .docusaurus/.
const run = (env, site = '.', rankings = 'all') =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        resolve(process.argv[1]),
        '--child',
        rankings,
        ...options['held-out'].flatMap((f) => ['--held-out', resolve(f)]),
      ],
      {cwd: site, encoding: 'utf8', env: {...process.env, SEARCH_WITHOUT: env ?? ''}, maxBuffer: 1 << 26},
    ),
  );
const builds = Object.fromEntries(options['build-without'].map((entry) => entry.split('=')));
const site = run();
const figures = (ranks, picked) => {
  const n = picked.length;
  const count = (test) => picked.filter((i) => test(ranks[i])).length;
  return {n, first: count((r) => r === 1), top3: count((r) => r >= 1 && r <= 3), empty: count((r) => r === -1)};
};
const pct = (k, n) => `${((100 * k) / n).toFixed(1)} %`;
console.log(
  'part: queries of the sets written after it; right page first / in the top 3 / no answer, with → without it',
);
for (const part of PARTS) {
  const since = new Date(
    execFileSync('git', ['log', '--follow', '--diff-filter=A', '--format=%aI', '--', part.file], {encoding: 'utf8'})
      .trim()
      .split('\n')
      .pop(),
  );
  const picked = all.map((q, i) => (q.written > since ? i : -1)).filter((i) => i >= 0);
  const sets = [...new Set(picked.map((i) => all[i].set))];
  if (part.build && !builds[part.build]) {
    console.log(`  ${part.name}: not measured (give --build-without ${part.build}=DIR, a build made without it)`);
    continue;
  }
  const without = run(part.env, builds[part.build] ?? '.', part.rankings ?? 'all');
  const [a, b] = [figures(site, picked), figures(without, picked)];
  console.log(
    `  ${part.name} (since ${since.toISOString().slice(0, 10)}; ${a.n} queries of ${sets.join(', ')}): ` +
      `${pct(a.first, a.n)} / ${pct(a.top3, a.n)} / ${a.empty} → ${pct(b.first, b.n)} / ${pct(b.top3, b.n)} / ${b.empty}`,
  );
}
