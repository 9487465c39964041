#!/usr/bin/env node
// `npm test`: every check of the project, in order, on a fresh machine. It installs Debian's
// Chromium when /usr/bin/chromium is missing (the machines here cannot download Playwright's own
// browsers), then runs the fast checks, a strict production build, and the Playwright suite
// against that build. It stops at the first failing step and ends with a one-line summary.
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';

const steps = [
  ['browser', ensureChromium],
  ['typecheck', () => run('npx', ['tsc'])],
  ['lockfile in sync', () => run('node', ['scripts/check/lockfile.mjs'])],
  ['front matter', () => run('node', ['scripts/check/frontmatter.mjs'])],
  ['code lint', () => run('npx', ['eslint', '--max-warnings=0', '.'])],
  ['code format', () => run('npx', ['prettier', '--check', '.'])],
  ['markdown style', () => run('npx', ['markdownlint-cli2'])],
  ['spelling', () => run('npx', ['cspell', 'lint', '--no-progress'])],
  ['workflows', () => run('node', ['scripts/check/workflows.mjs'])],
  ['hash examples', () => run('node', ['scripts/check/hash-examples.mjs'])],
  ['code examples', () => run('node', ['scripts/check/code-examples.mjs'])],
  ['content tests', () => run('node', ['--test', 'tests/content/'])],
  ['version cut', () => run('node', ['scripts/check/versioning.mjs'])],
  [
    'strict build',
    () => run('npx', ['docusaurus', 'build'], {DOCS_STRICT: 'true'}) && run('node', ['scripts/build/precompress.mjs']),
  ],
  ['page budgets', () => run('node', ['scripts/check/budgets.mjs'])],
  ['links and anchors', () => run('node', ['scripts/check/links.mjs'])],
  ['outbound links and remote assets', () => run('node', ['scripts/check/external.mjs'])],
  ['valid HTML', () => run('node', ['scripts/check/html.mjs'])],
  ['browser tests', () => run('npx', ['playwright', 'test'])],
];

function run(command, args, env = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {stdio: 'inherit', env: {...process.env, ...env}});
  return result.status === 0;
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  console.log('Installing Debian Chromium for the browser tests…');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...args) =>
    run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, {DEBIAN_FRONTEND: 'noninteractive'});
  return (
    apt('update', '-qq') &&
    apt('install', '-y', '-qq', 'chromium', 'fonts-dejavu-core') &&
    existsSync('/usr/bin/chromium')
  );
}

let passed = 0;
for (const [name, step] of steps) {
  const started = Date.now();
  const ok = step();
  console.log(`${ok ? '✓' : '✗'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) {
    console.log(`steps: ${passed} passed, 1 failed`);
    process.exit(1);
  }
  passed++;
}
console.log(`steps: ${passed} passed, 0 failed`);
