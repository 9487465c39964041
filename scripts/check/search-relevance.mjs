#!/usr/bin/env node
// Search relevance, a report (a step of `npm test` and `npm run check`, after the build). The site's
// own search code, run in Node over the build's index files (scripts/lib/easyops-search.mjs),
// answers every query of the query sets (scripts/lib/search-sets.mjs). The report prints each set's
// share of right pages first and in the top 3, and every query whose rank moved since the ranks
// recorded in benchmarks/search-ranks.json (the queries of the sets that may be looked at with their
// text; those of the held-out and blind sets by number only, since nobody may read them).
//
// It fails in one case only: the search code itself changed (ENGINE below: the search plugins, the
// Node copy of the worker, the search options, the plugin and lunr versions) and, pooled over every
// set, more queries left the top 3 than entered it by over 2 % of all queries. A change of content
// (pages, posts, the glossary) never fails it, whatever moves: that is a writer's work, and the
// report shows what it did to the search.
//
// Two defects fail it in any build, because a reader would meet them: a word of the glossary that
// finds no page, and the glossary's table found in the index (its words must reach the pages it names,
// not the table).
//   node scripts/check/search-relevance.mjs            report (and the gate above)
//   node scripts/check/search-relevance.mjs --record   write the ranks of this build as the new record
import {createHash} from 'node:crypto';
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import {loadGlossary} from '../../src/plugins/search-definitions/definitions.mjs';
import {INDEX_BASE, loadEasyops} from '../lib/easyops-search.mjs';
import {loadQuerySets, OPEN_SETS, SETS} from '../lib/search-sets.mjs';

const RECORD = 'benchmarks/search-ranks.json';
/** The share of all queries that may leave the top 3, net, when the search code changes. */
const ALLOWED_LOSS = 0.02;

/** What decides the ranking apart from the content: hashed into the record's `engine`. */
const ENGINE = {
  folders: readdirSync('src/plugins')
    .filter((name) => name === 'search' || name.startsWith('search-'))
    .map((name) => `src/plugins/${name}`),
  files: ['scripts/lib/easyops-search.mjs', 'scripts/lib/easyops-hooks.mjs'],
  packages: ['@easyops-cn/docusaurus-search-local', 'lunr'],
};

function engineFingerprint() {
  const hash = createHash('sha256');
  const files = [
    ...ENGINE.files,
    ...ENGINE.folders.flatMap((dir) =>
      readdirSync(dir, {recursive: true})
        .map((name) => join(dir, String(name)))
        .filter((file) => /\.(m?[jt]s|json)$/.test(file)),
    ),
  ].sort();
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(file));
  // The search plugin's options: the `themes` entry of the configuration.
  const config = readFileSync('docusaurus.config.ts', 'utf8');
  hash.update(config.slice(config.indexOf('themes:'), config.indexOf('plugins:')));
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
  for (const name of ENGINE.packages) hash.update(`${name}@${lock.packages[`node_modules/${name}`]?.version}`);
  return hash.digest('hex').slice(0, 16);
}

const {values: options} = parseArgs({options: {record: {type: 'boolean', default: false}}});
const queries = loadQuerySets();
const easyops = await loadEasyops('build');
let defects = 0;

// The glossary's table is left out of the index (docusaurus.config.ts, ignoreCssSelectors): a row's
// other words, as the table lists them, in the text of a section means the selector missed it.
const glossary = loadGlossary('.');
const CONTENT = 4; // each index file holds one list of documents per kind; text is the fifth
const indexed = Object.values(INDEX_BASE)
  .flatMap((base) =>
    readdirSync(join('build', base))
      .filter((name) => /^search-index.*\.json$/.test(name))
      .map((name) => join('build', base, name)),
  )
  .flatMap((file) => JSON.parse(readFileSync(file, 'utf8'))[CONTENT].documents);
const leaked = glossary.rows
  .filter((row) => row.words.length > 1)
  .filter((row) => indexed.some((doc) => doc.t.includes(row.words.join(', '))));
if (leaked.length) {
  defects++;
  console.log(
    `✗ the glossary's table is in the search index ("${leaked[0].words.join(', ')}"): its selector ` +
      '(GLOSSARY_TABLE in src/plugins/search-definitions) no longer finds the table; fix the selector or the table',
  );
}
// Every word of the glossary finds a page in the version that carries it (v3).
const glossaryWords = glossary.rows.flatMap((row) => row.words);
const unanswered = [];
for (const word of glossaryWords) if (!(await easyops.search('v3', word)).pages.length) unanswered.push(word);
if (unanswered.length) {
  defects++;
  console.log(
    `✗ ${unanswered.length} glossary word(s) find no page in v3: ${unanswered.map((w) => JSON.stringify(w)).join(', ')}; ` +
      "give the row's term a page whose title or heading names it, or take the word out",
  );
}

// Every query's rank: 1-8, 0 when the right page is not among the first 8 pages shown, -1 when the
// search answers nothing at all.
const ranks = {};
for (const set of SETS) {
  ranks[set] = [];
  for (const query of queries.filter((q) => q.set === set)) {
    const {pages} = await easyops.search(query.scope, query.q);
    ranks[set].push(pages.length ? pages.slice(0, 8).findIndex((url) => query.expect.includes(url)) + 1 : -1);
  }
}
const engine = engineFingerprint();
if (options.record) {
  const lines = Object.entries(ranks).map(([set, list]) => `    ${JSON.stringify(set)}: [${list.join(', ')}]`);
  writeFileSync(RECORD, `{\n  "engine": "${engine}",\n  "ranks": {\n${lines.join(',\n')}\n  }\n}\n`);
  console.log(`recorded the ranks of ${queries.length} queries in ${RECORD} (engine ${engine})`);
}

const record = JSON.parse(readFileSync(RECORD, 'utf8'));
const inTop3 = (rank) => rank >= 1 && rank <= 3;
const pct = (n, of) => `${((100 * n) / of).toFixed(1)} %`;
let left = 0;
let entered = 0;
console.log(`search relevance (report), ranks compared with ${RECORD}:`);
for (const set of SETS) {
  const now = ranks[set];
  const before = record.ranks[set] ?? [];
  const count = (list, test) => list.filter(test).length;
  const moved = now
    .map((rank, i) => ({i, rank, was: before[i]}))
    .filter(({rank, was}) => was !== undefined && rank !== was);
  left += moved.filter(({rank, was}) => inTop3(was) && !inTop3(rank)).length;
  entered += moved.filter(({rank, was}) => !inTop3(was) && inTop3(rank)).length;
  console.log(
    `  ${set}: ${now.length} queries, first ${pct(
      count(now, (r) => r === 1),
      now.length,
    )} ` +
      `(was ${pct(
        count(before, (r) => r === 1),
        before.length || 1,
      )}), top 3 ${pct(count(now, inTop3), now.length)} ` +
      `(was ${pct(count(before, inTop3), before.length || 1)}), not in the first 8: ${count(now, (r) => r < 1)}, ` +
      `no answer at all: ${count(now, (r) => r === -1)}`,
  );
  const asked = queries.filter((q) => q.set === set);
  for (const {i, rank, was} of moved) {
    const what = OPEN_SETS.includes(set) ? `[${asked[i].scope}] ${JSON.stringify(asked[i].q)}` : `query ${i + 1}`;
    const shown = (r) => (r > 0 ? r : r === 0 ? 'not in the first 8' : 'no answer');
    console.log(`    ${what}: ${shown(was)} → ${shown(rank)}`);
  }
}
const total = queries.length;
const loss = left - entered;
console.log(
  `  pooled: ${left} left the top 3 and ${entered} entered it, of ${total} queries (the gate allows a net loss of ` +
    `${Math.floor(ALLOWED_LOSS * total)} when the search code changes)`,
);
if (engine !== record.engine && loss > ALLOWED_LOSS * total) {
  defects++;
  console.log(
    `✗ the search code changed (engine ${record.engine} → ${engine}) and ${loss} more queries left the top 3 than ` +
      `entered it, over ${pct(ALLOWED_LOSS * total, total)} of all queries. Look at the moved queries of the open sets ` +
      `above. If the loss is a trade you mean to make, run \`node scripts/check/search-relevance.mjs --record\` and ` +
      'say why in the commit.',
  );
} else if (engine !== record.engine) {
  console.log(`  the search code changed since the record (${record.engine} → ${engine}); record it with --record`);
}
process.exit(defects ? 1 : 0);
