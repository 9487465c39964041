#!/usr/bin/env node
// The content tests (tests/content/*.test.mjs), each file in a Node test process of its own, with a
// memory of what each read when it last passed.
//
// The guarantee: a test file is skipped ("unchanged since it passed") only when nothing it could
// have read differs from its last passing run: the same Node version and EXAMPLES_ settings; every
// file that git tracks or would track, outside the writers' folders, byte for byte the same (code,
// fixtures, tests, the lockfile: a change to any of them runs every file again); and, in the
// writers' folders (docs/, versioned_docs/, versioned_sidebars/, blog/, sidebars.ts, versions.json)
// and in ignored files such as build/, every file the test read, every folder it listed and every
// path whose existence it asked the same as then. scripts/lib/record-reads.mjs records the reads in
// the test's process, in every process it starts and in its worker threads. A writer's change to
// one page therefore runs only the tests that read that page. A fresh clone (as in CI) has no
// memory, so every file runs.
//
//   node scripts/check/content-tests.mjs            as above
//   node scripts/check/content-tests.mjs --all      every file
// Any FUZZ_ setting (FUZZ_SEED, FUZZ_AGAINST, ...), or a copy outside git, runs every file too.
import {spawn, execFileSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {availableParallelism, tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';

const ROOT = process.cwd();
const DIR = 'tests/content';
const CACHE = 'node_modules/.cache/content-tests';
const RECORDER = pathToFileURL(join(ROOT, 'scripts/lib/record-reads.mjs')).href;
/** The writers' folders and files: their files count as inputs of a test only when it reads them. */
const CONTENT = /^(docs|versioned_docs|versioned_sidebars|blog)(\/|$)|^(sidebars\.ts|versions\.json)$/;

const fuzzing = Object.keys(process.env).some((name) => name.startsWith('FUZZ_'));
const useCache = !process.argv.includes('--all') && !fuzzing && isGitTree();

const sha = (data) => createHash('sha256').update(data).digest('hex');

function isGitTree() {
  try {
    return execFileSync('git', ['rev-parse', '--show-toplevel'], {encoding: 'utf8'}).trim() === ROOT;
  } catch {
    return false;
  }
}

/**
 * Everything a test may depend on besides the writers' folders, hashed whole: every file git tracks
 * or would track (ignored files are not in it: a test that reads one, say in build/, has it recorded
 * like a page).
 */
function commonInputs() {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && !CONTENT.test(file) && existsSync(file) && statSync(file).isFile())
    .sort();
  const hash = createHash('sha256');
  hash.update(`node ${process.version}\n`);
  for (const [name, value] of Object.entries(process.env).sort()) {
    if (name.startsWith('EXAMPLES_')) hash.update(`env ${name}=${value}\n`);
  }
  for (const file of files) hash.update(`${file}\0${sha(readFileSync(file))}\n`);
  return {key: hash.digest('hex'), files: new Set(files)};
}

/** What one recorded access looks like now: a file's hash, a folder's names, a path's kind. */
function stateOf(kind, path) {
  try {
    if (kind === 'F') return statSync(path).isFile() ? sha(readFileSync(path)) : 'not a file';
    if (kind === 'D') return sha(readdirSync(path).sort().join('\n'));
    const stat = statSync(path);
    return stat.isDirectory() ? 'folder' : 'file';
  } catch {
    return 'absent';
  }
}

/** The reads of a run that the common inputs do not stand for, with their state now. */
function readRecord(file, common) {
  if (!existsSync(file)) return {};
  const reads = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const kind = line[0];
    const path = line.slice(2);
    if (CONTENT.test(path) || !common.files.has(path)) reads[`${kind} ${path}`] = stateOf(kind, path);
  }
  return reads;
}

const cachePath = (test) => join(CACHE, `${test.replace(/[\\/]/g, '__')}.json`);

function unchanged(test, common) {
  try {
    const entry = JSON.parse(readFileSync(cachePath(test), 'utf8'));
    if (entry.common !== common.key) return false;
    return Object.entries(entry.reads).every(([key, state]) => stateOf(key[0], key.slice(2)) === state);
  } catch {
    return false;
  }
}

function runTest(test, record) {
  return new Promise((resolve) => {
    const env = {...process.env};
    // Run by a test itself (tests/content/content-cache.test.mjs), the files are still tests of their own.
    delete env.NODE_TEST_CONTEXT;
    if (record) {
      Object.assign(env, {
        CONTENT_TEST_READS: record,
        CONTENT_TEST_ROOT: ROOT,
        NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --import ${RECORDER}`.trim(),
      });
    }
    const started = Date.now();
    const child = spawn(process.execPath, ['--test', test], {env, stdio: ['ignore', 'pipe', 'pipe']});
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ok: code === 0, output, seconds: Math.round((Date.now() - started) / 1000)}));
  });
}

const tests = readdirSync(DIR)
  .filter((file) => file.endsWith('.test.mjs'))
  .map((file) => `${DIR}/${file}`)
  .sort();
const common = useCache ? commonInputs() : null;
const toRun = useCache ? tests.filter((test) => !unchanged(test, common)) : tests;
const skipped = tests.filter((test) => !toRun.includes(test));
if (useCache) {
  console.log(
    skipped.length
      ? `${skipped.length} of ${tests.length} test files unchanged since they passed (nothing they read changed):\n` +
          skipped.map((test) => `  - ${test}`).join('\n')
      : `All ${tests.length} test files run (no earlier pass matches what they read).`,
  );
}

// As many files at once as `node --test` itself would run (one less than the cores, at least one).
const slots = Math.max(1, availableParallelism() - 1);
const recordDir = useCache ? join(tmpdir(), `content-test-reads-${process.pid}`) : null;
if (recordDir) mkdirSync(recordDir, {recursive: true});
const failed = [];
let next = 0;
await Promise.all(
  Array.from({length: slots}, async () => {
    while (next < toRun.length) {
      const test = toRun[next++];
      const record = recordDir ? join(recordDir, `${next}.reads`) : null;
      const result = await runTest(test, record);
      if (!result.ok) {
        failed.push(test);
        process.stdout.write(`\n✗ ${test} (${result.seconds} s)\n${result.output}\n`);
        continue;
      }
      const count = result.output.match(/^(?:ℹ|#) tests (\d+)$/m)?.[1];
      process.stdout.write(`✓ ${test} (${count ? `${count} tests, ` : ''}${result.seconds} s)\n`);
      if (record) {
        mkdirSync(CACHE, {recursive: true});
        const file = cachePath(test);
        writeFileSync(`${file}.tmp`, JSON.stringify({common: common.key, reads: readRecord(record, common)}, null, 1));
        renameSync(`${file}.tmp`, file);
      }
    }
  }),
);
if (recordDir) rmSync(recordDir, {recursive: true, force: true});
if (failed.length) {
  console.error(
    `\n${failed.length} content test file(s) failed: ${failed.join(', ')}. Each one's output is above; rerun one alone with \`node --test <file>\`.`,
  );
  process.exit(1);
}
console.log(
  `\n${toRun.length} test file(s) run and passed${skipped.length ? `, ${skipped.length} unchanged since they passed` : ''}.`,
);
