#!/usr/bin/env node
// `npm test`: every check of the project, on a fresh machine. `npm run check` (this script with
// `--no-browser`): the writers' fast lane, every step that needs no browser.
//
// Stages run in order and the run stops after the first stage with a failing step. Inside a stage
// the steps are independent and run side by side, as many at once as the machine has cores; each
// step's output is printed whole when it ends, so logs never interleave. The browser stage installs
// Debian's Chromium, Firefox ESR, WebKitGTK (its WebDriver) and Xvfb when missing (the machines
// here cannot download Playwright's own browsers), then runs the Playwright suite in Chromium and
// the journeys of tests/engines/ in Firefox and WebKit, against the strict build.
// The last line is the summary: `steps: N passed, N failed`.
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import {availableParallelism} from 'node:os';

const noBrowser = process.argv.includes('--no-browser');

const stages = [
  {
    name: 'source checks',
    steps: [
      ['typecheck', ['npx', 'tsc']],
      ['lockfile in sync', ['node', 'scripts/check/lockfile.mjs']],
      ['upstream pins', ['node', 'scripts/check/upstream.mjs']],
      ['imports declared', ['node', 'scripts/check/imports.mjs']],
      ['front matter', ['node', 'scripts/check/frontmatter.mjs']],
      ['code lint', ['npx', 'eslint', '--max-warnings=0', '.']],
      ['code format', ['npx', 'prettier', '--check', '.']],
      ['markdown style', ['npx', 'markdownlint-cli2']],
      ['spelling', ['npx', 'cspell', 'lint', '--no-progress']],
      ['workflows', ['node', 'scripts/check/workflows.mjs']],
      ['hash examples', ['node', 'scripts/check/hash-examples.mjs']],
      ['code examples', ['node', 'scripts/check/code-examples.mjs']],
      ['content tests', ['node', '--test', 'tests/content/']],
      ['diagrams drawn', ['node', 'scripts/build/diagrams.mjs', '--check']],
    ],
  },
  {
    // Two builds of their own (a copy with the next version cut, and an unminified one to validate).
    name: 'extra builds',
    steps: [
      ['version cut', ['node', 'scripts/check/versioning.mjs']],
      ['valid HTML', ['node', 'scripts/check/html.mjs']],
    ],
    concurrency: 1,
  },
  {
    name: 'strict build',
    steps: [
      ['strict build', ['npx', 'docusaurus', 'build'], {DOCS_STRICT: 'true'}],
      ['precompress', ['node', 'scripts/build/precompress.mjs']],
    ],
    concurrency: 1,
  },
  {
    name: 'build checks',
    steps: [
      ['page budgets', ['node', 'scripts/check/budgets.mjs']],
      ['search relevance', ['node', 'scripts/check/search-relevance.mjs']],
      ['search definitions', ['node', 'scripts/check/search-definitions.mjs']],
      ['links and anchors', ['node', 'scripts/check/links.mjs']],
      ['outbound links and remote assets', ['node', 'scripts/check/external.mjs']],
    ],
  },
  {
    name: 'browser',
    browser: true,
    steps: [
      ['browsers', ensureBrowsers],
      ['browser tests', ['npx', 'playwright', 'test']],
      ['cross-engine tests', ['node', 'tests/engines/run.mjs']],
    ],
    concurrency: 1,
  },
];

/**
 * Runs a command; resolves to {ok, output}. Its output is captured and printed whole at the end, or,
 * with `stream` (steps that run alone, like the browser suite), printed as it comes.
 */
function run([command, ...args], env = {}, stream = false) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: {...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...env},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = `$ ${command} ${args.join(' ')}\n`;
    if (stream) {
      process.stdout.write(`\n${output}`);
      output = '';
    }
    const collect = (d) => (stream ? process.stdout.write(d) : (output += d));
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) => resolve({ok: false, output: `${output}${error.message}\n`}));
    child.on('close', (code) => resolve({ok: code === 0, output}));
  });
}

/** The Debian packages of the three engines and of the display WebKitGTK needs, by what they install. */
const BROWSER_PACKAGES = {
  '/usr/bin/chromium': ['chromium', 'fonts-dejavu-core'],
  '/usr/bin/firefox-esr': ['firefox-esr'],
  '/usr/bin/WebKitWebDriver': ['webkit2gtk-driver'],
  '/usr/bin/xvfb-run': ['xvfb'],
  '/usr/bin/xauth': ['xauth'],
};

async function ensureBrowsers() {
  const missing = Object.entries(BROWSER_PACKAGES).filter(([file]) => !existsSync(file));
  if (!missing.length) return {ok: true, output: 'Chromium, Firefox ESR, WebKitGTK and Xvfb are installed\n'};
  const packages = missing.flatMap(([, names]) => names);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const env = {DEBIAN_FRONTEND: 'noninteractive'};
  let output = `Installing Debian packages for the browser tests: ${packages.join(', ')}…\n`;
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...packages],
  ]) {
    const result = await run([...sudo, 'apt-get', ...args], env);
    output += result.output;
    if (!result.ok) return {ok: false, output};
  }
  return {ok: missing.every(([file]) => existsSync(file)), output};
}

async function runStage({steps, concurrency = availableParallelism()}) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < steps.length) {
      const [name, command, env] = steps[next++];
      const started = Date.now();
      const stream = concurrency === 1;
      const {ok, output} = typeof command === 'function' ? await command() : await run(command, env, stream);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n${output.trimEnd()}\n${ok ? '✓' : '✗'} ${name} (${seconds} s)\n`);
      results.push({name, ok, seconds});
      // A failed step inside a sequential stage stops the stage (later steps need it).
      if (!ok && concurrency === 1) break;
    }
  };
  await Promise.all(Array.from({length: Math.max(1, Math.min(concurrency, steps.length))}, worker));
  return results;
}

const started = Date.now();
const timings = [];
let passed = 0;
let failed = 0;
for (const stage of stages) {
  if (stage.browser && noBrowser) continue;
  const stageStarted = Date.now();
  const results = await runStage(stage);
  passed += results.filter((r) => r.ok).length;
  failed += results.filter((r) => !r.ok).length;
  timings.push(`${stage.name} ${((Date.now() - stageStarted) / 1000).toFixed(0)} s`);
  if (failed) break;
}
console.log(`\n${timings.join(' · ')} · total ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`steps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
