#!/usr/bin/env node
// The generated relevance test (part of `npm test`, after the build): every identifier, field,
// flag and error message that a doc page defines (src/plugins/search-definitions: a table's first
// column, a code block's declarations, a heading's code, an error table's messages) is searched in
// the scope of that page's version, with the site's own search code run in Node over the build's
// index files. The first page must be one that defines the term: a reader who types a name the
// docs define and is sent elsewhere meets a defect, so every failure fails the check, with what to
// do. Deterministic: no timing, no browser. Needs a build in build/
// (and the .docusaurus/ folder it leaves: each doc's source file and URL).
// Options: --json <file> writes every case and its first pages.
import {existsSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import {definesTerm, extractDefinitions, testableTerms} from '../../src/plugins/search-definitions/definitions.mjs';
import {loadEasyops} from '../lib/easyops-search.mjs';

const {values: options} = parseArgs({options: {json: {type: 'string'}}});
const METADATA = '.docusaurus/docusaurus-plugin-content-docs/default';

/** Each doc page: its scope (v3, v2, v1, next: the docs version of its URL) and its definitions. */
const pages = [];
for (const name of readdirSync(METADATA).filter((file) => /^site-.*\.json$/.test(file))) {
  const {source, permalink, title, unlisted, draft} = JSON.parse(readFileSync(join(METADATA, name), 'utf8'));
  // Docusaurus leaves the metadata of a page that was deleted or renamed in .docusaurus/: only pages
  // whose source still exists are pages of this build.
  const file = source.replace(/^@site\//, '');
  if (unlisted || draft || !existsSync(file)) continue;
  const markdown = readFileSync(file, 'utf8');
  // The index lists a folder's index page without its trailing slash.
  pages.push({
    scope: permalink.split('/')[2],
    url: permalink.replace(/(.)\/$/, '$1'),
    definitions: extractDefinitions(markdown, title),
  });
}
/** term → the pages of its scope that define it (any page whose title, heading or table names it). */
const defined = new Map();
for (const {scope, definitions} of pages)
  for (const term of testableTerms(definitions)) {
    const key = `${scope}\u0000${term}`;
    if (defined.has(key)) continue;
    const by = pages.filter((page) => page.scope === scope && definesTerm(page.definitions, term));
    defined.set(key, new Set(by.map((page) => page.url)));
  }

// src/plugins/search keeps a flag whole in the index (a change of lunr or of the search
// plugin's index building would undo it silently): the latest version's index must hold flags.
const indexFile = readdirSync('build').find((name) => /^search-index-[0-9a-f]+\.json$/.test(name));
const indexed = JSON.parse(readFileSync(join('build', indexFile), 'utf8'));
const flagTerms = new Set(
  indexed.flatMap(({index}) => index.invertedIndex.map(([term]) => term)).filter((t) => /^--[a-z]/.test(t)),
);
if (flagTerms.size === 0) {
  console.log('search definitions: the index holds no --flag as a term (src/plugins/search no longer applies)');
  process.exit(1);
}
const easyops = await loadEasyops('build');
const cases = [];
for (const [key, pages] of [...defined].sort(([a], [b]) => a.localeCompare(b))) {
  const [scope, term] = key.split('\u0000');
  const found = (await easyops.search(scope, term)).pages;
  cases.push({scope, term, definedBy: [...pages], first: found.slice(0, 3), pass: pages.has(found[0])});
}
const passed = cases.filter((c) => c.pass).length;
const share = passed / cases.length;
console.log(
  `search definitions: ${cases.length} terms defined on doc pages (per version); the defining page first for ` +
    `${passed} (${(100 * share).toFixed(1)} %)`,
);
const failed = cases.filter((c) => !c.pass);
for (const c of failed)
  console.log(
    `  [${c.scope}] ${JSON.stringify(c.term)}: ${c.first.join(' ') || 'no results'} (defined by ${c.definedBy.join(' ')})`,
  );
if (options.json) writeFileSync(options.json, `${JSON.stringify(cases, null, 2)}\n`);
if (failed.length > 0) {
  console.log(
    `${failed.length} defined ${failed.length === 1 ? 'term does' : 'terms do'} not find the page that defines ` +
      'them first (above: the term, the first pages found, the defining pages). If the page that comes first ' +
      'also defines the term, make that visible (a table row, a heading or a declaration: ' +
      'src/plugins/search-definitions/definitions.mjs says what counts); otherwise give the defining page the ' +
      'term where a reader looks first (its title, a heading, or the glossary of the latest introduction).',
  );
  process.exit(1);
}
