// The generated SDK reference (src/plugins/sdk-reference) and the names it covers:
// - the reader of the package's declarations finds what an independent reading of the same file finds;
// - every public member of `Aquafier` and every export of the installed aqua-js-sdk is named, as code,
//   on some page (the generated tables do not count: they are not in any page's source). A new
//   release that exports a new name fails here until a page describes it or lists it as a helper;
// - the SDK page holds both tables, its "Internal helpers" section names only real exports, and the
//   tables built from it have one row per member and per export, with the helpers marked.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import test from 'node:test';
import {pageFiles, ROOT} from '../../scripts/lib/source-claims.mjs';
import {
  codeOf,
  helperNames,
  mentions,
  readReference,
  referenceTable,
} from '../../src/plugins/sdk-reference/reference.mjs';

const PKG = join(ROOT, 'node_modules', 'aqua-js-sdk');
const DTS = join(PKG, 'dist', 'index.d.ts');
const SDK_PAGE = 'versioned_docs/version-1.3.2/sdk/index.md';
const reference = readReference(DTS);
const pages = pageFiles().map((file) => ({file, markdown: readFileSync(join(ROOT, file), 'utf8')}));

test('the declarations are read completely (checked against a plain reading of the file)', () => {
  const dts = readFileSync(DTS, 'utf8');
  const exportList = /^export \{([^}]*)\};$/m
    .exec(dts)[1]
    .split(',')
    .map((s) =>
      s
        .trim()
        .replace(/^type /, '')
        .split(/\s+as\s+/)
        .pop(),
    );
  assert.deepEqual(
    reference.exports.map((e) => e.name),
    exportList,
  );
  const body = dts.slice(dts.indexOf('declare class Aquafier {'), dts.indexOf('declare class AquafierChainable'));
  const members = [...body.matchAll(/^ {4}([A-Za-z]\w*)\??: /gm)].map((m) => m[1]);
  assert.deepEqual(
    reference.members.map((m) => m.name),
    members,
  );
  assert.equal(reference.members.length, 26);
  assert.equal(reference.version, JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8')).version);
  for (const e of reference.exports) assert.ok(e.signature.length > 0, `${e.name} has a signature`);
});

test('every member of Aquafier and every export is named as code on some page', () => {
  const names = [...reference.members.map((m) => m.name), ...reference.exports.map((e) => e.local)];
  const unnamed = names.filter((name) => !pages.some((p) => mentions(p.markdown, name)));
  assert.deepEqual(unnamed, [], 'describe these on a v3 SDK page, or list them under "Internal helpers"');
});

test('the SDK page holds both generated tables and lists only real names as helpers', () => {
  const markdown = pages.find((p) => p.file === SDK_PAGE).markdown;
  for (const table of ['members', 'exports']) assert.ok(markdown.includes(`::sdk-reference{table="${table}"}`));
  const section = /^### Internal helpers\n([\s\S]*?)^##/m.exec(markdown)?.[1];
  assert.ok(section, 'an "Internal helpers" section');
  const known = new Set([...reference.exports.map((e) => e.local), ...reference.members.map((m) => m.name)]);
  const named = codeOf(section).split('\n');
  assert.ok(named.filter((n) => known.has(n)).length >= 25, 'the section names the helpers');
  // Any other code in the section (a field, a value, a log message) must occur in the package's code,
  // so that a misspelt helper name cannot pass for prose.
  const dist = ['chunk-Q5SPQIUG.js', 'chunk-R4XJC7WN.js']
    .map((f) => readFileSync(join(PKG, 'dist', f), 'utf8'))
    .join('\n');
  const words = named.flatMap((n) => n.match(/[A-Za-z_$][\w$]*/g) ?? []);
  assert.deepEqual(
    words.filter((w) => !known.has(w) && !dist.includes(w)),
    [],
  );
});

test('the tables built from the SDK page: one row per member and export, helpers marked', () => {
  const current = join(ROOT, SDK_PAGE);
  const root = {
    type: 'root',
    children: [
      {type: 'heading', depth: 3, children: [{type: 'text', value: 'Internal helpers'}]},
      {type: 'paragraph', children: [{type: 'inlineCode', value: 'cliGreenify'}]},
    ],
  };
  const helpers = helperNames(root, 'Internal helpers');
  assert.deepEqual([...helpers], ['cliGreenify']);
  const v3 = pages
    .filter((p) => p.file.startsWith('versioned_docs/version-1.3.2/'))
    .map((p) => ({...p, file: join(ROOT, p.file)}));
  const members = referenceTable({reference, table: 'members', pages: v3, current, helpers});
  assert.equal(members.children.length, 1 + 26);
  const exportsTable = referenceTable({reference, table: 'exports', pages: v3, current, helpers});
  assert.equal(exportsTable.children.length, 1 + reference.exports.length);
  const rowOf = (table, name) =>
    table.children.find(
      (r) => r.children[0].children[0].value === name || r.children[0].children[0].value.startsWith(`${name} `),
    );
  const cells = (row) => JSON.stringify(row.children.at(-1).children);
  assert.match(cells(rowOf(exportsTable, 'cliGreenify')), /internal helper/);
  // signAquaTree is described on the signing page: the row links there.
  assert.match(cells(rowOf(members, 'signAquaTree')), /"url":"\.\/api\/signing\.md"/);
  const sign = rowOf(members, 'signAquaTree').children[1].children[0].value;
  assert.match(sign, /^\(aquaTree: AquaTreeWrapper, signType: SignType, credentials: CredentialsData/);
});
