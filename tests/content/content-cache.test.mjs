// scripts/check/content-tests.mjs skips a content test file only when nothing the file could have
// read has changed since it passed. This checks that guarantee in a scratch repository whose one
// test reads in each way a content test does: a page read in its own process, a module imported, a
// folder listed, a path asked for, a page read by a child process, one read in a worker thread, and
// an ignored file (build/). Changing any of those, or any file outside the writers' folders, runs
// it again; changing a page it never read does not.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {test} from 'node:test';

const ROOT = process.cwd();

const PROBE = `
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {Worker} from 'node:worker_threads';
import {test} from 'node:test';
import {value} from '../../docs/imported.mjs';
test('reads the writers\\' folders every way', async () => {
  assert.ok(readFileSync('docs/read.md', 'utf8'));
  assert.ok(readFileSync('build/ignored.txt', 'utf8'));
  assert.ok(readdirSync('blog').length);
  existsSync('docs/maybe.md');
  assert.equal(value, 1);
  assert.ok(execFileSync(process.execPath, ['-e', "process.stdout.write(require('fs').readFileSync('docs/child.md', 'utf8'))"]).length);
  const worker = new Worker(new URL('./worker.mjs', import.meta.url));
  assert.ok(await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject)));
});
`;
const WORKER = `
import {readFileSync} from 'node:fs';
import {parentPort} from 'node:worker_threads';
parentPort.postMessage(readFileSync('versioned_docs/worker.md', 'utf8'));
`;

function repository() {
  const dir = mkdtempSync(join(tmpdir(), 'content-cache-'));
  mkdirSync(join(dir, 'scripts/check'), {recursive: true});
  mkdirSync(join(dir, 'scripts/lib'), {recursive: true});
  for (const file of ['scripts/check/content-tests.mjs', 'scripts/lib/record-reads.mjs']) {
    cpSync(join(ROOT, file), join(dir, file));
  }
  const files = {
    'tests/content/probe.test.mjs': PROBE,
    'tests/content/worker.mjs': WORKER,
    'docs/read.md': 'read\n',
    'docs/imported.mjs': 'export const value = 1;\n',
    'docs/child.md': 'child\n',
    'docs/unread.md': 'never read\n',
    'versioned_docs/worker.md': 'worker\n',
    'blog/post.md': 'post\n',
    'package-lock.json': '{}\n',
    'build/ignored.txt': 'built\n',
    '.gitignore': 'node_modules/\nbuild/\n',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), {recursive: true});
    writeFileSync(join(dir, file), text);
  }
  execFileSync('git', ['init', '-q'], {cwd: dir});
  return dir;
}

/** Runs the content tests of `dir`; true when the probe ran, false when it was skipped. */
function ran(dir) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('FUZZ_')));
  const output = execFileSync(process.execPath, ['scripts/check/content-tests.mjs'], {cwd: dir, env, encoding: 'utf8'});
  if (/1 test file\(s\) run and passed/.test(output)) return true;
  if (/1 of 1 test files unchanged/.test(output)) return false;
  throw new Error(`unexpected output:\n${output}`);
}

test('a content test runs again exactly when something it read changed', () => {
  const dir = repository();
  try {
    assert.equal(ran(dir), true, 'first run');
    assert.equal(ran(dir), false, 'nothing changed');
    const changes = [
      ['a page it never read', () => writeFileSync(join(dir, 'docs/unread.md'), 'changed\n'), false],
      ['a page it read', () => writeFileSync(join(dir, 'docs/read.md'), 'changed\n'), true],
      [
        'a module it imported',
        () => writeFileSync(join(dir, 'docs/imported.mjs'), 'export const value = 1; // changed\n'),
        true,
      ],
      ['a file its child process read', () => writeFileSync(join(dir, 'docs/child.md'), 'changed\n'), true],
      ['a file its worker read', () => writeFileSync(join(dir, 'versioned_docs/worker.md'), 'changed\n'), true],
      ['a new file in a folder it listed', () => writeFileSync(join(dir, 'blog/new.md'), 'new\n'), true],
      ['a path it asked for, now there', () => writeFileSync(join(dir, 'docs/maybe.md'), 'here\n'), true],
      ['an ignored file it read', () => writeFileSync(join(dir, 'build/ignored.txt'), 'built again\n'), true],
      [
        "a file outside the writers' folders",
        () => writeFileSync(join(dir, 'package-lock.json'), '{"changed": true}\n'),
        true,
      ],
    ];
    for (const [what, change, expected] of changes) {
      change();
      assert.equal(ran(dir), expected, what);
      if (expected) assert.equal(ran(dir), false, `${what}, then nothing`);
    }
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
