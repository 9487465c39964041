#!/usr/bin/env node
// The committed lockfile matches package.json: exactly what `npm ci` in CI will check, without
// touching node_modules or the network. package.json and package-lock.json are copied to a
// temporary folder and `npm ci --dry-run --offline` is run there; npm refuses when they disagree
// (a dependency added, removed or re-pinned in one file but not the other) and lists what is off.
import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'aqua-lockfile-'));
for (const file of ['package.json', 'package-lock.json']) copyFileSync(file, path.join(dir, file));
const result = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--offline', '--no-audit', '--no-fund'], {
  cwd: dir,
  encoding: 'utf8',
});
rmSync(dir, {recursive: true, force: true});
if (result.status === 0) {
  console.log('lockfile: package-lock.json is in sync with package.json');
  process.exit(0);
}
const problems = `${result.stdout}\n${result.stderr}`
  .split('\n')
  .filter((line) => /Missing:|Invalid:|in sync|ERR/i.test(line) && !/npm warn/.test(line));
console.error('✗ package-lock.json is not in sync with package.json; `npm ci` would refuse to install:');
for (const line of problems) console.error(`  ${line.replace(/^npm error /, '')}`);
process.exit(1);
