#!/usr/bin/env node
// Every package the code imports is declared in package.json (a step of `npm run check`). A package
// that is only installed because another one depends on it can disappear or change version with
// that other package: importing it undeclared works until a lockfile refresh. Reads the imports of
// the configuration, src/, scripts/, server/ and tests/ (static and dynamic imports, require and
// require.resolve); the bundler's aliases (@theme/…, @site/…, @generated/…, @docusaurus/Link and
// the like, which are not installed packages) are skipped.
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {builtinModules} from 'node:module';
import {dirname, join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
/** Imported on purpose without being declared, with the reason. */
const OPTIONAL = {
  // scripts/bench/search.mjs compares with Pagefind when it is installed for a run (see there).
  pagefind: 'installed for a benchmark run only',
};

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]);

const files = [
  ...readdirSync(ROOT).filter((name) => /\.(ts|mjs|js)$/.test(name)),
  ...['src', 'scripts', 'server', 'tests'].flatMap((dir) =>
    readdirSync(join(ROOT, dir), {recursive: true})
      .map((name) => join(dir, String(name)))
      .filter((name) => /\.(ts|tsx|js|mjs|cjs)$/.test(name) && !name.includes('node_modules')),
  ),
];

const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire(?:\.resolve)?\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
/** The code without its comments, which may quote imports (`require("tslib")`) that are not there. */
const withoutComments = (source) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

const problems = [];
for (const file of files) {
  const source = withoutComments(readFileSync(join(ROOT, file), 'utf8'));
  for (const [, specifier] of source.matchAll(SPECIFIER)) {
    if (/^[./]/.test(specifier) || specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
    const parts = specifier.split('/');
    const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
    if (declared.has(name) || name in OPTIONAL) continue;
    // An alias of the bundler, not a package: nothing of that name is installed.
    if (!existsSync(join(ROOT, 'node_modules', name, 'package.json'))) continue;
    problems.push(`${relative(ROOT, join(ROOT, file))}: imports ${specifier}, but ${name} is not in package.json`);
  }
}

if (problems.length) {
  console.error([...new Set(problems)].join('\n'));
  console.error(
    '\nDeclare each at the version already installed (npm ls <name>): npm install --save-exact <name>@<version>',
  );
  process.exit(1);
}
console.log(`imports: every package imported by ${files.length} files is declared in package.json`);
