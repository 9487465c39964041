#!/usr/bin/env node
// The pin check (a step of `npm run check`): every file of a dependency that a patch of this site
// replaces, copies, aliases, deep-imports or styles by a hashed class name is listed in
// scripts/check/upstream-pins.json with its package, version and SHA-256. When an installed file
// differs (a lockfile refresh, a patch release), the check fails and names the patch and what to
// re-verify (ARCHITECTURE.md, "On a Docusaurus upgrade"). After re-verifying, record the new state:
//   node scripts/check/upstream.mjs            check
//   node scripts/check/upstream.mjs --update   rewrite the versions and hashes of the listed files
//
// The list is also checked against the code, so that a new patch cannot go unlisted: every import
// of a dependency's internals in src/ and scripts/lib/ (a path into lib/ or dist/, or an entry
// named `internal`), every ejected component in src/theme/ (a swizzle that does not render the
// original) and every CSS selector on a hashed class name (`[class*='name']`) must come from a
// listed file; and ARCHITECTURE.md, the map of the patches, must name every patch.
import {createHash} from 'node:crypto';
import {existsSync, readFileSync, readdirSync, realpathSync, writeFileSync} from 'node:fs';
import {builtinModules, createRequire} from 'node:module';
import {dirname, join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const PINS_FILE = join(ROOT, 'scripts/check/upstream-pins.json');
const MAP_FILE = join(ROOT, 'ARCHITECTURE.md');
const update = process.argv.includes('--update');

const pins = JSON.parse(readFileSync(PINS_FILE, 'utf8'));
const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The folder of an installed package: the site's own copy, else the one `via` (a package) resolves. */
function packageDir(name, via) {
  const candidates = [join(ROOT, 'node_modules', name)];
  if (via) candidates.unshift(join(packageDir(via), 'node_modules', name));
  const dir = candidates.find((candidate) => existsSync(join(candidate, 'package.json')));
  if (!dir) throw new Error(`${name} is not installed${via ? ` (looked from ${via})` : ''}`);
  return dir;
}

const problems = [];
/** Installed file → the patch that pins it, for the checks against the code. */
const pinned = new Map();

for (const [patch, {where, reverify, files}] of Object.entries(pins.patches)) {
  const changed = [];
  for (const pin of files) {
    let dir;
    try {
      dir = packageDir(pin.package, pin.via);
    } catch (error) {
      changed.push(error.message);
      continue;
    }
    const file = join(dir, pin.path);
    const version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
    // By real path: the resolver below follows links (a scratch copy's node_modules links each package).
    pinned.set(existsSync(file) ? realpathSync(file) : file, patch);
    if (!existsSync(file)) {
      changed.push(`${pin.package}@${version} has no ${pin.path} any more`);
      continue;
    }
    const hash = sha256(file);
    if (update) Object.assign(pin, {version, sha256: hash});
    else if (version !== pin.version) changed.push(`${pin.package} is ${version}, pinned ${pin.version} (${pin.path})`);
    else if (hash !== pin.sha256)
      changed.push(
        `${pin.package}@${version} ${pin.path} changed (sha256 ${hash.slice(0, 12)}…, pinned ${String(pin.sha256).slice(0, 12)}…)`,
      );
  }
  if (changed.length)
    problems.push(`patch "${patch}" (${where}):\n      ${changed.join('\n      ')}\n    re-verify: ${reverify}`);
}

if (update) {
  writeFileSync(PINS_FILE, `${JSON.stringify(pins, null, 2)}\n`);
  console.log(`upstream pins: recorded ${pinned.size} files of ${Object.keys(pins.patches).length} patches`);
  process.exit(0);
}

// --- Checks against the code: nothing that reaches into a dependency goes unlisted. ---

const walk = (dir, extensions) =>
  readdirSync(join(ROOT, dir), {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && extensions.some((ext) => entry.name.endsWith(ext)))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
const here = (file) => relative(ROOT, file);
const unlisted = (what, where) =>
  problems.push(`${where}: ${what} is not in scripts/check/upstream-pins.json (add it under its patch, then --update)`);

/**
 * A bare specifier's package name, or null for relative paths and builtins. The bundler's aliases
 * (`@theme/…`, `@site/…`, `@generated/…`, `@docusaurus/Link`) parse as names too, but never have an
 * internal subpath (below), so they are never taken for a dependency's internals.
 */
function packageOf(specifier) {
  if (/^[./]/.test(specifier) || specifier.startsWith('node:') || builtinModules.includes(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Subpaths into a package's files rather than its public entry points. */
const isInternal = (subpath) => /^(lib|dist|src|cjs|esm)\//.test(subpath) || /(^|\/)internal$/.test(subpath);

const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire(?:\.resolve)?\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
for (const file of [...walk('src', ['.ts', '.tsx', '.js', '.mjs']), ...walk('scripts/lib', ['.mjs'])]) {
  // Without comments, which may quote an import that is not there.
  const source = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  for (const [, specifier] of source.matchAll(SPECIFIER)) {
    const name = packageOf(specifier);
    if (!name || specifier === name) continue;
    const subpath = specifier.slice(name.length + 1);
    if (!isInternal(subpath)) continue;
    let resolved;
    try {
      resolved = createRequire(file).resolve(specifier);
    } catch {
      // ESM-only entry points: resolve the file by path inside the package.
      const base = join(packageDir(name), subpath);
      resolved = ['', '.js', '.mjs', '.jsx', '/index.js'].map((ext) => base + ext).find((f) => existsSync(f));
    }
    if (!resolved || !pinned.has(realpathSync(resolved))) unlisted(`the import of ${specifier}`, here(file));
  }
}

// Ejected swizzles: a component of src/theme/ that does not render its original is a copy of it.
const THEMES = [
  ['@docusaurus/theme-classic', 'lib/theme'],
  ['@docusaurus/theme-mermaid', 'lib/theme'],
  ['@easyops-cn/docusaurus-search-local', 'dist/client/client/theme'],
];
for (const file of walk('src/theme', ['.tsx', '.ts'])) {
  const component = here(file)
    .slice('src/theme/'.length)
    .replace(/(\/index)?\.tsx?$/, '');
  const upstream = THEMES.flatMap(([name, dir]) =>
    ['/index.js', '.js', '/index.jsx', '.jsx'].map((ext) => join(packageDir(name), dir, component + ext)),
  ).find((candidate) => existsSync(candidate));
  if (!upstream) continue; // a helper of a swizzle, not a component
  const source = readFileSync(file, 'utf8');
  if (/@theme-(original|init)\//.test(source)) continue; // a wrapper renders the original
  if (!pinned.has(realpathSync(upstream))) unlisted(`the ejected ${component} (${here(upstream)})`, here(file));
}

// CSS on the hashed class names of dependencies' CSS modules: the class must exist in a listed file.
const pinnedCss = [...pinned.keys()].filter((file) => file.endsWith('.css') && existsSync(file));
for (const file of walk('src', ['.css'])) {
  for (const [, name] of readFileSync(file, 'utf8').matchAll(/\[class[*^$|~]?=\s*['"]([\w-]+)['"]\]/g)) {
    const defines = (css) => new RegExp(`\\.${name}\\b`).test(readFileSync(css, 'utf8'));
    if (!pinnedCss.some(defines)) unlisted(`the hashed class "${name}"`, here(file));
  }
}

// The map names every patch.
const map = existsSync(MAP_FILE) ? readFileSync(MAP_FILE, 'utf8') : '';
for (const patch of Object.keys(pins.patches)) {
  if (!map.includes(`\`${patch}\``)) problems.push(`ARCHITECTURE.md does not name the patch \`${patch}\``);
}

if (problems.length) {
  console.error(`upstream pins: ${problems.length} problem(s)\n`);
  for (const problem of problems) console.error(`  ✗ ${problem}\n`);
  console.error(
    'Each listed file is one a patch of this site depends on. Re-verify the patch against the new file (ARCHITECTURE.md,\n' +
      '"On a Docusaurus upgrade"), then record it: node scripts/check/upstream.mjs --update',
  );
  process.exit(1);
}
console.log(
  `upstream pins: the ${pinned.size} files of ${Object.keys(pins.patches).length} patches match their versions and hashes`,
);
