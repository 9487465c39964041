#!/usr/bin/env node
// Relevance floor of the site search, part of `npm test` (after the build): the site's own search
// code, run in Node over the build's index files (scripts/lib/easyops-search.mjs; bench:search
// shows it gives the same first result as the search box), answers every query of the three sets
// (scripts/lib/search-sets.mjs: the tuning and held-out halves of benchmarks/search-queries.json,
// and the blind set). It fails when, in any set, fewer queries than that set's floor get the right
// page first or in the top 3. Deterministic: no timing, no browser. Needs a build in build/.
// Misses are listed for the tuning half only, unless --misses all. It also fails when a word of
// the glossary, or a keyword still written by hand in a doc, equals a query of any set, and when the
// glossary's table is found in the index.
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {execFileSync} from 'node:child_process';
import {parseArgs} from 'node:util';
import {loadGlossary} from '../../src/plugins/search-definitions/definitions.mjs';
import {INDEX_BASE, loadEasyops} from '../lib/easyops-search.mjs';
import {loadQuerySets, OPEN_SETS, SETS} from '../lib/search-sets.mjs';

// Floors: the figures measured on the commit that set them (bench:search, benchmarks/README.md),
// rounded down to a whole query. Content edits move them: a page losing the words readers search
// for fails here. Never lower them to pass.
// Set by the commit that put each page's title and headings with its derived keywords (tuning 51/62
// first and 60/62 in the top 3, held-out 52/57 and 57/57, blind 71/90 and 82/90), then reset once
// to the build that merged that work with the content corrections of the same days (the generated
// SDK reference table on /docs/v3/sdk now defines every export, and the audits rewrote passages):
// tuning 51/62 and 59/62, held-out 51/57 and 57/57, blind 69/90 and 81/90. No query was looked at
// to get there; the next change of these numbers must come with the pages that moved them.
// Raised by the commit that made a flag one search term (src/plugins/search-flags): tuning 53/62;
// then by the community page's h1 naming the page as its title and the navbar do: tuning 54/62 and 60/62.
// Then by the worker answering a two-word query that no section holds whole (src/plugins/search-typos):
// blind 70/90 and 82/90, measured only as the set's aggregate.
// Then by the glossary's words going to pages whose title or level-2 headings have its term (twice
// for the title): tuning 55/62, blind 83/90 in the top 3.
// blind-2, the second blind set, from its first measurement on the build it was committed to
// (63/90 first, 75/90 in the top 3), before any change was made with it in place.
// Then by the worker's last query of any of the words (src/plugins/search-typos): blind-2 65/90 and
// 77/90, measured only as the set's aggregate.
// readers, the set to tune on written by a third reader, from its first measurement on the build
// of 087062c (76/120 first, 98/120 in the top 3), before any change was made with it in place.
// Then by the worker's queries ordered exact first, with lunr's fuzzy matching at one edit (chosen
// on the readers' and tuning sets): readers 84/120 and 102/120, blind 71/90, blind-2 69/90 and
// 79/90; and lowered by one query in the top 3 for held-out (56/57) and blind (82/90), which that
// change cost: a trade recorded, not a floor lowered to pass.
// Then by the community page indexed section by section (src/plugins/search-page-sections, chosen on
// the readers' set): readers 88/120 and 103/120, blind 72/90; and lowered by one query first for
// held-out (50/57), which that change cost (recorded in ARCHITECTURE.md).
// Then lowered for readers (86/120 and 101/120) by the rule that no glossary word may equal a query:
// the four words it removed included two queries of that set, which had found their pages through
// them (a warm build kept the old words until the build cache learned of the glossary).
// blind-3, written after those changes, from its first measurement (66/90 first, 82/90 in the top
// 3; on 6386b96, before the round, 61/90 and 75/90).
// blind-4, written at the start of the fourth round, from its first measurement (56/90 first, 73/90 in
// the top 3), before any change of that round; the same figures after the glossary lost "batch
// witnessing", which equals one of its queries.
// Then by the glossary reviewed from the page bodies by a writer who saw none of the sets (29 -> 63
// rows, 93 -> 247 other words after the 12 that equal a query of some set were taken out), with
// the rows that no title or level-2 heading names reaching level-3 headings (chosen on the readers'
// set): readers 89/120 and 103/120, blind-2 70/90 and 80/90; and lowered by one query first for
// blind-4 (55/90), which the level-3 rows cost: a trade recorded, not a floor lowered to pass.
// Then by the glossary's table left out of the index (its words go to the pages it names, through
// their keywords; the tuning and readers' sets did not move): blind 73/90, blind-3 67/90, blind-4
// 56/90 and 74/90, measured only as the sets' aggregates.
// Then by the worker's results merged with a ranking by meaning (src/plugins/search-meaning; its
// weight chosen on the tuning and readers' sets; names of code in a query left to the site search,
// which the generated definitions test asked for): readers 107/120 in the top 3, blind-2 83/90 in
// the top 3, blind-3 69/90 and 83/90, blind-4 59/90 and 78/90, the others measured only as
// aggregates; and lowered by one query first for held-out (49/57), which that change cost.
// blind-5, written right after that change, from its first measurement (70/90 first, 81/90 in the
// top 3; the same without the ranking by meaning, on the same build).
// blind-6, written while the ranking by words was being made, from its first measurement on the
// code before it (73/90 first, 84/90 in the top 3, 3 empty answers); the same figures, on every
// set, after the glossary lost "terminology" and "code style", which equal two of its queries.
// Then by the worker's results merged with a ranking by words as well (every word optional, lunr's
// BM25 over titles, headings and text, summed per page: src/plugins/search-meaning/words-ranking.mjs;
// chosen on the tuning and readers' sets and the generated definitions test): readers 95/120 and
// 109/120, held-out 50/57, blind 74/90, blind-2 85/90 in the top 3, blind-3 75/90 and 86/90,
// blind-4 65/90 and 81/90, blind-5 74/90 and 84/90, blind-6 76/90 and 89/90, the blind sets
// measured only as aggregates; and lowered by one query in the top 3 for tuning (59/62), which that
// change cost: a trade recorded, not a floor lowered to pass.
// blind-7, written at the start of the next round, from its first measurement on the code before
// any change of that round (79/90 first, 86/90 in the top 3, no empty answer).
// readers-2, a second set to tune on written at the same time, from the same measurement (123/150
// first, 139/150 in the top 3, its routes fixed).
// Then by the glossary extended by a reviewer who saw only the page bodies and the glossary, none of
// the sets (245 -> 654 other words; 41 rows added, five of them dropped in review as headings
// rather than terms; 23 words that equal queries of some set removed by the rule below): tuning
// 56/62 and 60/62, readers 112/120 in the top 3, readers-2 126/150 and 142/150, blind 84/90,
// blind-4 83/90, blind-5 76/90 and 85/90, blind-7 87/90 in the top 3, the blind sets measured only
// as aggregates; and lowered for readers (93/120 first), blind-3 (74/90 first) and blind-6 (88/90
// in the top 3), which that change cost: a trade recorded, not a floor lowered to pass.
// Then by a part of a name of code that is no word of the pages ("GraphData") searched as the names
// that hold it (src/plugins/search-meaning/words-ranking.mjs namesHolding): readers-2 127/150 and
// 144/150, blind-2 71/90, blind-7 80/90 and 88/90 (its one empty answer gone), the blind sets
// measured only as aggregates; and lowered for blind-4 (64/90 first), which that change cost.
// blind-8, written at the start of the next round, from its first measurement on the code before
// any change of that round (77/90 first, 83/90 in the top 3, no empty answer), which two words of
// the glossary equal; the same figures after the rule below took them out, and blind-7 81/90 first.
// Then by the corrections of a blind audit of the v3 and next pages (content only: no query was
// looked at, and nothing of the search changed): blind-4 65/90 first; and lowered for readers-2
// (126/150 first) and blind-2 (84/90 in the top 3), which those corrections cost.
// Then by the corrections of a second blind audit, of the v1, v2 and v3 SDK pages (content only
// again): blind-2 72/90 first; and lowered for blind-4 (63/90 first) and blind-5 (75/90 first),
// which those corrections cost.
// Then by six smaller corrections from the same audits (content only): lowered for blind-2 (71/90
// first), which they cost.
const FLOORS = {
  tuning: {top1: 0.903, top3: 0.967},
  'held-out': {top1: 0.877, top3: 0.982},
  blind: {top1: 0.822, top3: 0.933},
  'blind-2': {top1: 0.788, top3: 0.933},
  readers: {top1: 0.775, top3: 0.933},
  'blind-3': {top1: 0.822, top3: 0.955},
  'blind-4': {top1: 0.7, top3: 0.922},
  'blind-5': {top1: 0.833, top3: 0.944},
  'blind-6': {top1: 0.844, top3: 0.977},
  'blind-7': {top1: 0.9, top3: 0.977},
  'blind-8': {top1: 0.855, top3: 0.922},
  'readers-2': {top1: 0.84, top3: 0.96},
};

const {values: options} = parseArgs({options: {misses: {type: 'string', default: 'tuning'}}});
const queries = loadQuerySets();

// No synonym or keyword may name a query of any set: the glossary's other words, and any
// `keywords` still written by hand in a doc's front matter, are compared with every query.
const normal = (text) => text.toLowerCase().replace(/\s+/g, ' ').trim();
const asked = new Set(queries.map((query) => normal(query.q)));
const glossary = loadGlossary('.');
const written = [...glossary.rows.flatMap((row) => row.words)];
const docs = execFileSync('git', ['ls-files', 'docs', 'versioned_docs'], {encoding: 'utf8'}).split('\n');
for (const file of docs.filter((name) => /\.mdx?$/.test(name))) {
  const line = /^keywords:\s*(\[.*\])\s*$/m.exec(readFileSync(file, 'utf8').split(/\n---\n/)[0]);
  if (line) written.push(...JSON.parse(line[1]));
}
const naming = written.filter((word) => asked.has(normal(word)));
console.log(
  `search words: ${written.length} glossary words and hand-written keywords, ${naming.length} naming a query`,
);
if (naming.length) {
  console.log(`  remove: ${naming.map((word) => JSON.stringify(word)).join(', ')}`);
  process.exitCode = 1;
}

// The glossary's table is left out of the index (docusaurus.config.ts, ignoreCssSelectors: its
// words reach the pages it names through their keywords). A row's other words, as the table lists
// them, in the text of a section of any index means the selector no longer finds the table.
const glossaryRows = glossary.rows.filter((row) => row.words.length > 1);
// Each index file holds one list of documents per kind (the plugin's SearchDocumentType: title,
// heading, description, keywords, content); the table's text would be content (4).
const CONTENT = 4;
const indexed = Object.values(INDEX_BASE)
  .flatMap((base) =>
    readdirSync(join('build', base))
      .filter((name) => /^search-index.*\.json$/.test(name))
      .map((name) => join('build', base, name)),
  )
  .flatMap((file) => JSON.parse(readFileSync(file, 'utf8'))[CONTENT].documents);
const leaked = glossaryRows.filter((row) => indexed.some((doc) => doc.t.includes(row.words.join(', '))));
console.log(`search index: ${indexed.length} sections, ${leaked.length} holding a row of the glossary's table`);
if (leaked.length) {
  console.log(`  the table's selector (GLOSSARY_TABLE) missed it: "${leaked[0].words.join(', ')}"`);
  process.exitCode = 1;
}

const easyops = await loadEasyops('build');

// Every word of the glossary finds a page in the version that carries it (the latest, v3): a page
// whose title or headings use its row's term, else the glossary itself (definitions.mjs,
// markHomelessRows). The table's own text is not indexed, so nothing else would answer.
const glossaryWords = glossary.rows.flatMap((row) => row.words);
const unanswered = [];
for (const word of glossaryWords) if (!(await easyops.search('v3', word)).pages.length) unanswered.push(word);
console.log(`glossary: ${glossaryWords.length} other words searched in v3, ${unanswered.length} without an answer`);
if (unanswered.length) {
  console.log(`  ${unanswered.map((word) => JSON.stringify(word)).join(', ')}`);
  process.exitCode = 1;
}
let failed = false;
for (const set of SETS) {
  const asked = queries.filter((q) => q.set === set);
  let top1 = 0;
  let top3 = 0;
  const misses = [];
  for (const query of asked) {
    const {pages} = await easyops.search(query.scope, query.q);
    const rank = pages.slice(0, 8).findIndex((url) => query.expect.includes(url)) + 1;
    if (rank === 1) top1++;
    if (rank >= 1 && rank <= 3) top3++;
    else misses.push(`  [${query.scope}] ${JSON.stringify(query.q)}: ${pages.slice(0, 3).join(' ') || 'no results'}`);
  }
  const pct = (n) => `${((100 * n) / asked.length).toFixed(1)} %`;
  const floor = FLOORS[set];
  const below = top1 < floor.top1 * asked.length || top3 < floor.top3 * asked.length;
  console.log(
    `search relevance, ${set}: ${asked.length} queries, top-1 ${pct(top1)}, top-3 ${pct(top3)} ` +
      `(floor ${(100 * floor.top1).toFixed(1)} % and ${(100 * floor.top3).toFixed(1)} %)${below ? ': BELOW THE FLOOR' : ''}`,
  );
  if (below) failed = true;
  if (misses.length && (OPEN_SETS.includes(set) || options.misses === 'all')) {
    console.log('  not in the top 3:');
    console.log(misses.join('\n'));
  }
}
if (failed) process.exitCode = 1;
