// The public surface of the published aqua-js-sdk package, read from its type declarations
// (node_modules/aqua-js-sdk/dist/index.d.ts) with the TypeScript compiler: every export of the
// package, and every public member of its default export, the class `Aquafier`, each with the
// signature the declarations give it. Used by the remark plugin of this folder, which turns it into
// the reference tables of the v3 SDK page, and by tests/content/sdk-reference.test.mjs.
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Code text of a declaration on one line: comments dropped, `declare` dropped, spaces collapsed. */
function oneLine(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .replace(/^declare\s+/, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*;\s*}/g, ' }')
    .replace(/{\s+}/g, '{}')
    .trim()
    .replace(/;$/, '');
}

/**
 * Reads the declarations file of a package. Returns `{version, members, exports}`: `members` are the
 * public members of the class that is the default export (`{name, signature}`), `exports` every
 * exported name (`{name, local, kind, signature}`), in the order of the file's export list.
 */
export function readReference(dtsPath, packageJson = path.join(path.dirname(dtsPath), '..', 'package.json')) {
  const ts = require('typescript');
  const text = readFileSync(dtsPath, 'utf8');
  const source = ts.createSourceFile(dtsPath, text, ts.ScriptTarget.Latest, true);
  const declarations = new Map();
  const add = (name, node) => declarations.set(name, [...(declarations.get(name) ?? []), node]);
  let exportList = [];
  for (const node of source.statements) {
    if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
      exportList = node.exportClause.elements.map((e) => ({
        name: e.name.text,
        local: (e.propertyName ?? e.name).text,
        typeOnly: e.isTypeOnly || node.isTypeOnly,
      }));
    } else if (ts.isVariableStatement(node)) {
      for (const d of node.declarationList.declarations) add(d.name.getText(source), node);
    } else if (node.name && ts.isIdentifier(node.name)) add(node.name.text, node);
  }
  const kindOf = (node) =>
    ts.isFunctionDeclaration(node)
      ? 'function'
      : ts.isClassDeclaration(node)
        ? 'class'
        : ts.isInterfaceDeclaration(node)
          ? 'interface'
          : ts.isTypeAliasDeclaration(node)
            ? 'type'
            : ts.isEnumDeclaration(node)
              ? 'enum'
              : ts.isVariableStatement(node)
                ? 'const'
                : 'other';
  const isPublicMember = (m) =>
    !(ts.getCombinedModifierFlags(m) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) &&
    !(m.name && ts.isPrivateIdentifier(m.name));
  const signatureOf = (nodes) => {
    const node = nodes[0];
    if (ts.isClassDeclaration(node)) {
      const head = oneLine(text.slice(node.getStart(source), node.members.pos).replace(/{\s*$/, ''));
      const members = node.members.filter(isPublicMember).map((m) => oneLine(m.getText(source)));
      return `${head} { ${members.join('; ')} }`;
    }
    return nodes.map((n) => oneLine(n.getText(source))).join('; ');
  };
  const exports = exportList.map(({name, local, typeOnly}) => {
    const nodes = declarations.get(local) ?? [];
    if (!nodes.length) throw new Error(`${dtsPath}: no declaration for the export ${local}`);
    return {name, local, kind: kindOf(nodes[0]), typeOnly, signature: signatureOf(nodes)};
  });
  const main = exportList.find((e) => e.name === 'default');
  const cls = main && declarations.get(main.local)?.find((n) => ts.isClassDeclaration(n));
  const members = cls
    ? cls.members
        .filter((m) => isPublicMember(m) && m.name && !ts.isConstructorDeclaration(m))
        .map((m) => {
          const name = m.name.getText(source);
          const type = m.type ? oneLine(m.type.getText(source)) : oneLine(m.getText(source));
          return {name, signature: type};
        })
    : [];
  const version = JSON.parse(readFileSync(packageJson, 'utf8')).version;
  return {version, className: main?.local ?? null, members, exports};
}

/** The code of a Markdown page: its fenced code blocks and inline code spans, one per line. */
export function codeOf(markdown) {
  const blocks = [];
  const prose = markdown.replace(
    /^( {0,3})(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^ {0,3}\2[`~]*[ \t]*$/gm,
    (_, _i, _f, body) => {
      blocks.push(body);
      return '';
    },
  );
  for (const m of prose.matchAll(/(`+)([\s\S]*?[^`])\1(?!`)/g)) blocks.push(m[2]);
  return blocks.join('\n');
}

/** Names that are also methods of JavaScript's own arrays, strings or objects (`at`, `map`, …). */
const builtIn = (name) => [Array.prototype, String.prototype, Object.prototype].some((proto) => name in proto);

/**
 * Whether code (see codeOf) names `name` as a whole identifier. A name that is also a built-in method
 * does not count after a dot (`.at(-1)` is the array method), only on its own (`at(tree, 0)`).
 */
export function names(code, name) {
  const before = builtIn(name) ? '(?<![\\w$.])' : '(?<![\\w$])';
  return new RegExp(`${before}${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(code);
}

/** Whether the code of a page names `name` (see names). */
export const mentions = (markdown, name) => names(codeOf(markdown), name);

/** Title of a Markdown page for a link: `sidebar_label`, else `title`, from its front matter. */
function pageLabel(markdown) {
  const fm = /^---\r?\n([\s\S]*?)\r?\n---/.exec(markdown)?.[1] ?? '';
  const field = (key) =>
    new RegExp(`^${key}:\\s*(.+)$`, 'm')
      .exec(fm)?.[1]
      .trim()
      .replace(/^(["'])(.*)\1$/, '$2');
  return field('sidebar_label') ?? field('title') ?? null;
}

const text = (value) => ({type: 'text', value});
const code = (value) => ({type: 'inlineCode', value});
const cell = (...children) => ({type: 'tableCell', children});
const row = (...cells) => ({type: 'tableRow', children: cells});

/**
 * The mdast table of one part of the reference: `table` is 'members' (the default export's class)
 * or 'exports'. `pages` are the Markdown pages that may describe a name (`{file, markdown}`; the page
 * being built is `current`, whose own mentions read "this page"); `helpers` the names that page calls
 * internal helpers (see helperNames; checked with checkHelpers). Each row: the name, its kind
 * (exports), its signature and where it is described.
 */
export function referenceTable({reference, table, pages, current, helpers}) {
  checkHelpers(helpers, reference);
  const codeByFile = new Map(pages.map((p) => [p.file, codeOf(p.markdown)]));
  const named = (p, name) => names(codeByFile.get(p.file), name);
  const where = (name) => {
    const found = pages.filter((p) => named(p, name));
    const links = found
      .filter((p) => p.file !== current)
      .map((p) => {
        let url = path.relative(path.dirname(current), p.file).split(path.sep).join('/');
        if (!url.startsWith('.')) url = `./${url}`;
        return {type: 'link', url, children: [text(pageLabel(p.markdown) ?? path.basename(p.file))]};
      });
    const parts = [];
    if (helpers.has(name)) parts.push({type: 'strong', children: [text('internal helper')]});
    else if (found.some((p) => p.file === current)) parts.push(text('this page'));
    links.forEach((link) => parts.push(link));
    const children = [];
    parts.forEach((part, i) => children.push(...(i ? [text(', '), part] : [part])));
    return children.length ? children : [text('not described yet')];
  };
  const header =
    table === 'members'
      ? row(cell(text(`Member of ${reference.className}`)), cell(text('Signature')), cell(text('Described in')))
      : row(cell(text('Export')), cell(text('Kind')), cell(text('Signature')), cell(text('Described in')));
  const rows =
    table === 'members'
      ? reference.members.map((m) => row(cell(code(m.name)), cell(code(m.signature)), cell(...where(m.name))))
      : reference.exports.map((e) =>
          row(
            cell(code(e.name === 'default' ? `default (${e.local})` : e.name)),
            cell(text(e.kind + (e.typeOnly ? ' (type only)' : ''))),
            cell(code(e.name === 'default' ? `class ${e.local}: its members are in the table above` : e.signature)),
            cell(...where(e.local)),
          ),
        );
  // One entry per column: mdast-util-to-hast renders as many cells per row as `align` has entries.
  return {type: 'table', align: header.children.map(() => null), children: [header, ...rows]};
}

/** Kinds of export that can be a helper: functions and constants, never a class, a type or an enum. */
const HELPER_KINDS = new Set(['function', 'const']);

/**
 * Names the page calls internal helpers. The rule, which a writer can apply without guessing: under
 * the heading `heading` (any depth; the section ends at the next heading of the same or a higher
 * level) there is exactly one table, and the helpers are the cells of its first column below the
 * header row, each a single code span holding one name (`cliGreenify`). Code anywhere else in the
 * section (its prose, the other columns, a second list) names things in passing and marks nothing.
 * Throws when the section breaks the rule (no table, two tables, a first-column cell that is not one
 * name in code, the heading twice), so that a change of layout fails the build instead of changing
 * the labels. A page without the heading has no helpers.
 */
export function helperNames(root, heading) {
  const headingText = (node) => (node.children ?? []).map((c) => c.value ?? headingText(c)).join('');
  const sections = [];
  let section = null;
  for (const node of root.children ?? []) {
    if (node.type === 'heading') {
      if (section && node.depth <= section.depth) section = null;
      if (headingText(node).trim() === heading) sections.push((section = {depth: node.depth, nodes: []}));
      continue;
    }
    if (section) section.nodes.push(node);
  }
  if (!sections.length) return new Set();
  if (sections.length > 1) throw new Error(`the heading "${heading}" occurs ${sections.length} times; keep one`);
  const tables = [];
  const findTables = (node) => (node.type === 'table' ? tables.push(node) : (node.children ?? []).forEach(findTables));
  sections[0].nodes.forEach(findTables);
  if (tables.length !== 1)
    throw new Error(
      `the section "${heading}" must hold exactly one table, whose first column lists the helpers; it holds ${tables.length}`,
    );
  const names = new Set();
  for (const tableRow of tables[0].children.slice(1)) {
    const first = tableRow.children[0];
    const only = first?.children?.length === 1 ? first.children[0] : null;
    if (only?.type !== 'inlineCode' || !/^[A-Za-z_$][\w$]*$/.test(only.value))
      throw new Error(
        `the first column of the "${heading}" table must hold one name in code per row, e.g. \`cliGreenify\`; found ${JSON.stringify(
          (first?.children ?? []).map((c) => c.value ?? c.type).join(''),
        )}`,
      );
    if (names.has(only.value)) throw new Error(`the "${heading}" table lists ${only.value} twice`);
    names.add(only.value);
  }
  return names;
}

/**
 * Checks the names a page lists as helpers against the package: each must be an export of the
 * package that is a function or a constant (a class, a type or an enum is part of the data model,
 * not a helper). Throws with the names that are not.
 */
export function checkHelpers(helpers, reference) {
  const byName = new Map(reference.exports.map((e) => [e.local, e]));
  const wrong = [...helpers].filter((name) => {
    const e = byName.get(name);
    return !e || e.typeOnly || !HELPER_KINDS.has(e.kind);
  });
  if (wrong.length)
    throw new Error(
      `listed as internal helpers, but not a function or constant the package exports: ${wrong.join(', ')}`,
    );
}
