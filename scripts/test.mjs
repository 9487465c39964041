#!/usr/bin/env node
// `npm test`: every check of the project, on a fresh machine. `npm run check` (this script with
// `--no-browser`): the writers' fast lane, every step that needs no browser.
//
// Two stages, and the browser stage runs only when every check of the first has passed. In the first
// the steps run side by side, as many at once as the machine has cores, each as soon as the steps it
// needs have passed; each step's output is printed whole when it ends, so logs never interleave. The
// browser stage precompresses the strict build as the server sends it, installs
// Debian's Chromium, Firefox ESR, WebKitGTK (its WebDriver) and Xvfb when missing (the machines
// here cannot download Playwright's own browsers), then runs the Playwright suite in Chromium and
// the journeys of tests/engines/ in Firefox and WebKit, against the strict build.
// The last line is the summary: `steps: N passed, N failed`.
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import {availableParallelism} from 'node:os';

const noBrowser = process.argv.includes('--no-browser');

// The steps that need no browser form one pool: each starts as soon as a core is free and the
// steps it needs (`after`) have passed, longest first, so the builds overlap the source checks
// instead of waiting for them. Two things are not done twice: the version-cut check builds its copy
// without HTML minification and validates that build's HTML (every page of the site, and the cut
// version's); and the code examples share one Node process in the fast lane (the SDK loads once),
// while `npm test` runs each in a process of its own, so an example that passes only after another
// has run still fails somewhere. Precompression serves the browser tests only.
const pool = [
  ['version cut, valid HTML', ['node', 'scripts/check/versioning.mjs', '--validate-html']],
  ['code examples', ['node', 'scripts/check/code-examples.mjs'], {env: noBrowser ? {EXAMPLES_ONE_PROCESS: '1'} : {}}],
  ['strict build', ['npx', 'docusaurus', 'build'], {env: {DOCS_STRICT: 'true'}}],
  ['content tests', ['node', '--test', 'tests/content/']],
  ['typecheck', ['npx', 'tsc']],
  ['search definitions', ['node', 'scripts/check/search-definitions.mjs'], {after: ['strict build']}],
  ['search relevance', ['node', 'scripts/check/search-relevance.mjs'], {after: ['strict build']}],
  ['search answers', ['node', 'scripts/check/search-answers.mjs'], {after: ['strict build']}],
  ['search meaning', ['node', 'scripts/check/search-meaning.mjs'], {after: ['strict build']}],
  ['code lint', ['npx', 'eslint', '--max-warnings=0', '.']],
  ['code format', ['npx', 'prettier', '--check', '.']],
  ['spelling', ['npx', 'cspell', 'lint', '--no-progress']],
  ['lockfile in sync', ['node', 'scripts/check/lockfile.mjs']],
  ['upstream pins', ['node', 'scripts/check/upstream.mjs']],
  ['links and anchors', ['node', 'scripts/check/links.mjs'], {after: ['strict build']}],
  ['markdown style', ['npx', 'markdownlint-cli2']],
  ['diagrams drawn', ['node', 'scripts/build/diagrams.mjs', '--check']],
  ['outbound links and remote assets', ['node', 'scripts/check/external.mjs'], {after: ['strict build']}],
  ['page budgets', ['node', 'scripts/check/budgets.mjs'], {after: ['strict build']}],
  ['front matter', ['node', 'scripts/check/frontmatter.mjs']],
  ['imports declared', ['node', 'scripts/check/imports.mjs']],
  ['workflows', ['node', 'scripts/check/workflows.mjs']],
  ['hash examples', ['node', 'scripts/check/hash-examples.mjs']],
];

const stages = [
  {name: 'checks', steps: pool},
  {
    name: 'browser',
    browser: true,
    steps: [
      ['precompress', ['node', 'scripts/build/precompress.mjs']],
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
  const results = new Map();
  const waiting = [...steps];
  let running = 0;
  return new Promise((resolve) => {
    const finish = (name, ok, seconds, note = '') => {
      results.set(name, {name, ok, seconds});
      process.stdout.write(`${note}${ok ? '✓' : '✗'} ${name}${seconds === null ? ' (not run)' : ` (${seconds} s)`}\n`);
    };
    const schedule = () => {
      // A step whose prerequisite failed is not run; in a sequential stage a failure stops the rest.
      for (const step of [...waiting]) {
        const after = step[2]?.after ?? [];
        const stopped = concurrency === 1 && [...results.values()].some((r) => !r.ok);
        if (stopped || after.some((name) => results.get(name)?.ok === false)) {
          waiting.splice(waiting.indexOf(step), 1);
          finish(step[0], false, null);
        }
      }
      while (running < concurrency) {
        const step = waiting.find(([, , options]) => (options?.after ?? []).every((name) => results.get(name)?.ok));
        if (!step) break;
        waiting.splice(waiting.indexOf(step), 1);
        running++;
        const [name, command, options] = step;
        const started = Date.now();
        const done = typeof command === 'function' ? command() : run(command, options?.env, concurrency === 1);
        done.then(({ok, output}) => {
          running--;
          finish(name, ok, ((Date.now() - started) / 1000).toFixed(1), `\n${output.trimEnd()}\n`);
          schedule();
        });
      }
      if (running === 0) {
        // Nothing runs and nothing can start: a step waiting for a name that is not a step.
        for (const [name] of waiting.splice(0)) finish(name, false, null);
        resolve(steps.map(([name]) => results.get(name)));
      }
    };
    schedule();
  });
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
