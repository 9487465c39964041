// The generated SDK reference (src/plugins/sdk-reference) and the names it covers:
// - the reader of the package's declarations finds what an independent reading of the same file finds;
// - every public member of `Aquafier` and every export of the installed aqua-js-sdk is named, as code,
//   on some page (the generated tables do not count: they are not in any page's source). A new
//   release that exports a new name fails here until a page describes it or lists it as a helper;
// - the helper rule: a page's internal helpers are the first column of the one table under its
//   "Internal helpers" heading, and nothing else (not the code in that section's prose, not the other
//   columns); a section that breaks the rule, or a helper that is not a function or constant of the
//   package, fails instead of changing the labels;
// - the SDK page holds both tables, and the tables built from it have one row per member and per
//   export and mark exactly the names of its helpers table.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import test from 'node:test';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {pageFiles, ROOT} from '../../scripts/lib/source-claims.mjs';
import {
  checkHelpers,
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

/** The mdast of a page as the docs plugin receives it: CommonMark with GFM tables, directives and front matter. */
const parse = (markdown) =>
  unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkDirective).parse(markdown);
const HELPERS = 'Internal helpers';

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

test('the helper rule: the first column of the one table under the heading, and nothing else', () => {
  const page = (...lines) => parse(lines.join('\n'));
  const helpers = helperNames(
    page(
      '## Reference',
      '',
      'Use `Aquafier` and `getHashSum`.',
      '',
      '### Internal helpers',
      '',
      'Prefer the methods of `Aquafier`; `printLogs` puts a `LogTypeEmojis` symbol before each line.',
      '',
      '| Helper | What it does |',
      '| --- | --- |',
      '| `cliGreenify` | Wraps a string in green, unlike `getHashSum`. |',
      '| `getPreviousVerificationHash` | `getPreviousVerificationHash(tree, hash)` returns the key before `hash`. |',
      '',
      '- A list that names `VerificationGraphData` and `LogType`.',
      '',
      '### Types',
      '',
      '| Type | Meaning |',
      '| --- | --- |',
      '| `AquaTreeAndFileObject` | a tree and its files |',
    ),
    HELPERS,
  );
  assert.deepEqual([...helpers], ['cliGreenify', 'getPreviousVerificationHash']);
  assert.deepEqual([...helperNames(page('## Reference', '', '| `cliGreenify` | x |'), HELPERS)], []);
  // Layouts that would make the rule a guess fail, with a message that says what to write.
  const table = ['| Helper | What |', '| --- | --- |', '| `cliGreenify` | green |'];
  const broken = {
    'a list instead of a table': ['### Internal helpers', '', '- `cliGreenify` wraps a string in green.'],
    'two tables': ['### Internal helpers', '', ...table, '', 'More:', '', ...table],
    'prose in the first column': ['### Internal helpers', '', ...table, '| the `log_red` printer | red |'],
    'a call in the first column': ['### Internal helpers', '', ...table, '| `getTimestamp()` | time |'],
    'an empty first cell': ['### Internal helpers', '', ...table, '| | red |'],
    'the same name twice': ['### Internal helpers', '', ...table, '| `cliGreenify` | again |'],
    'the heading twice': [
      '### Internal helpers',
      '',
      ...table,
      '',
      '## Other',
      '',
      '### Internal helpers',
      '',
      ...table,
    ],
  };
  const messages = {
    'a list instead of a table': /exactly one table.*holds 0/,
    'two tables': /exactly one table.*holds 2/,
    'prose in the first column': /one name in code per row.*"the log_red printer"/,
    'a call in the first column': /one name in code per row.*"getTimestamp\(\)"/,
    'an empty first cell': /one name in code per row/,
    'the same name twice': /lists cliGreenify twice/,
    'the heading twice': /occurs 2 times/,
  };
  for (const [what, lines] of Object.entries(broken))
    assert.throws(() => helperNames(page(...lines), HELPERS), messages[what], what);
});

test('a helper is a function or a constant that the package exports', () => {
  assert.doesNotThrow(() =>
    checkHelpers(new Set(['cliGreenify', 'LogTypeEmojis', 'getPreviousVerificationHash']), reference),
  );
  // The default export's class, a type-only export, an enum, a misspelt name.
  for (const name of ['Aquafier', 'VerificationGraphData', 'AquaTreeAndFileObject', 'LogType', 'getHashSums'])
    assert.throws(() => checkHelpers(new Set(['cliGreenify', name]), reference), new RegExp(`: ${name}$`), name);
  // The table builder applies the same check, so the plugin cannot label such a name.
  assert.throws(
    () => referenceTable({reference, table: 'exports', pages: [], current: '', helpers: new Set(['Aquafier'])}),
    /not a function or constant the package exports: Aquafier/,
  );
});

test('the SDK page: both tables, and the helpers they mark are exactly its helpers table', () => {
  const markdown = pages.find((p) => p.file === SDK_PAGE).markdown;
  for (const table of ['members', 'exports']) assert.ok(markdown.includes(`::sdk-reference{table="${table}"}`));
  // A plain reading of the section, independent of the plugin: the first cell of each table row.
  const section = /^### Internal helpers\n([\s\S]*?)^#{1,3} /m.exec(markdown)?.[1];
  assert.ok(section, 'an "Internal helpers" section');
  const listed = [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
  assert.ok(listed.length >= 25, 'the helpers table lists the helpers');
  const helpers = helperNames(parse(markdown), HELPERS);
  assert.deepEqual([...helpers].sort(), [...listed].sort());

  // Any other code in the section (a field, a value, a log message) must be a name of the package or
  // occur in its code, so that a misspelt name cannot pass for prose.
  const known = new Set([...reference.exports.map((e) => e.local), ...reference.members.map((m) => m.name)]);
  const dist = ['chunk-Q5SPQIUG.js', 'chunk-R4XJC7WN.js']
    .map((f) => readFileSync(join(PKG, 'dist', f), 'utf8'))
    .join('\n');
  const words = codeOf(section)
    .split('\n')
    .flatMap((n) => n.match(/[A-Za-z_$][\w$]*/g) ?? []);
  assert.deepEqual(
    words.filter((w) => !known.has(w) && !dist.includes(w)),
    [],
  );

  const current = join(ROOT, SDK_PAGE);
  const v3 = pages
    .filter((p) => p.file.startsWith('versioned_docs/version-1.3.2/'))
    .map((p) => ({...p, file: join(ROOT, p.file)}));
  const members = referenceTable({reference, table: 'members', pages: v3, current, helpers});
  assert.equal(members.children.length, 1 + 26);
  const exportsTable = referenceTable({reference, table: 'exports', pages: v3, current, helpers});
  assert.equal(exportsTable.children.length, 1 + reference.exports.length);
  const nameOf = (row) => row.children[0].children[0].value;
  const describedIn = (row) => JSON.stringify(row.children.at(-1).children);
  const rowOf = (table, name) => table.children.find((row) => nameOf(row) === name);
  const marked = (table) =>
    table.children
      .slice(1)
      .filter((row) => describedIn(row).includes('internal helper'))
      .map(nameOf);
  assert.deepEqual(marked(exportsTable).sort(), [...listed].sort());
  assert.deepEqual(marked(members), []);
  // What the page's prose and its other sections name is not labelled: the class, a described
  // function, the types. A helper whose entry shows a call is labelled.
  for (const name of ['default (Aquafier)', 'getHashSum', 'printLogs', 'VerificationGraphData', 'LogType'])
    assert.doesNotMatch(describedIn(rowOf(exportsTable, name)), /internal helper/, name);
  assert.match(describedIn(rowOf(exportsTable, 'AquaTreeAndFileObject')), /"this page"/);
  assert.match(describedIn(rowOf(exportsTable, 'getPreviousVerificationHash')), /internal helper/);
  // signAquaTree is described on the signing page: the row links there.
  assert.match(describedIn(rowOf(members, 'signAquaTree')), /"url":"\.\/api\/signing\.md"/);
  const sign = rowOf(members, 'signAquaTree').children[1].children[0].value;
  assert.match(sign, /^\(aquaTree: AquaTreeWrapper, signType: SignType, credentials: CredentialsData/);
});
