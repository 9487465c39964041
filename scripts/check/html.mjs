#!/usr/bin/env node
// Valid HTML on every page: builds the site once more without HTML minification (the minifier
// drops optional tags and quotes, which a validator would report by the hundred) into a temporary
// folder, so build/ is untouched, then runs html-validate over every page with .htmlvalidate.json.
//   node scripts/check/html.mjs            build unminified, validate, remove the folder
//   node scripts/check/html.mjs <dir>      validate an existing build folder, no build
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {HtmlValidate, StaticConfigLoader, formatterFactory} from 'html-validate';

let dir = process.argv[2];
const temporary = !dir;
if (temporary) {
  dir = mkdtempSync(path.join(tmpdir(), 'aqua-html-check-'));
  console.log(`$ SKIP_HTML_MINIFICATION=true docusaurus build --out-dir ${dir}`);
  const build = spawnSync('npx', ['docusaurus', 'build', '--out-dir', dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {...process.env, SKIP_HTML_MINIFICATION: 'true', DOCS_STRICT: 'true'},
  });
  if (build.status !== 0) {
    console.error('✗ the unminified build failed');
    process.exit(1);
  }
}

// The client-redirect stubs of plugin-client-redirects (a bare meta refresh, no <body>) are skipped:
// visitors never get them, since the server and static hosts answer those paths with a 301
// (build/_redirects, build/redirects.json). They are listed so that the number is visible.
const isRedirectStub = (file) => /<meta[^>]+http-equiv=["']?refresh/i.test(readFileSync(path.join(dir, file), 'utf8'));
const allFiles = readdirSync(dir, {recursive: true})
  .map(String)
  .filter((f) => f.endsWith('.html'))
  .sort();
const stubs = allFiles.filter(isRedirectStub);
const files = allFiles.filter((f) => !stubs.includes(f));
// The project's .htmlvalidate.json applies wherever the pages are (the build folder is outside it).
// It opens with a comment that justifies each rule turned off; JSON has none, so it is removed here.
const configText = readFileSync(new URL('../../.htmlvalidate.json', import.meta.url), 'utf8');
const config = JSON.parse(configText.replace(/^\s*\/\*[\s\S]*?\*\//, ''));
const validator = new HtmlValidate(new StaticConfigLoader(config));
const results = [];
let errors = 0;
let warnings = 0;
for (const file of files) {
  const report = await validator.validateFile(path.join(dir, file));
  errors += report.errorCount;
  warnings += report.warningCount;
  results.push(...report.results);
}
if (results.length) console.log(formatterFactory('stylish')(results));
console.log(
  `html: ${files.length} pages validated (${stubs.length} redirect stubs skipped), ${errors} errors, ${warnings} warnings`,
);
if (temporary) rmSync(dir, {recursive: true, force: true});
process.exit(errors ? 1 : 0);
