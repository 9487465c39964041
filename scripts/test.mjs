#!/usr/bin/env node
// `npm test`: every check of the project, on a fresh machine. `npm run check` (this script with
// `--no-browser`): the writers' check, every step of the real tree that needs no browser.
//
//   npm run check   the checks below, side by side
//   npm test        the same, plus the writers' journeys (a scratch copy with a writer's ordinary
//                   edits and a version cut, in which every check that reads content runs again,
//                   and every page's HTML is validated), then the browser suites
//   node scripts/test.mjs --content   only the steps whose verdict can depend on content (what the
//                   writers' journeys run inside their copy)
//
// In the first stage the steps run side by side, as many at once as the machine has cores, each as
// soon as the steps it needs have passed, longest first; each step's output is printed whole when it
// ends, so logs never interleave. The browser stage runs only when every check of the first has
// passed: it precompresses the strict build as the server sends it, installs Debian's Chromium,
// Firefox ESR, WebKitGTK (its WebDriver) and Xvfb when missing (the machines here cannot download
// Playwright's own browsers), then runs the Playwright suite in Chromium and the journeys of
// tests/engines/ in Firefox and WebKit, against the strict build.
// The last lines are the time of each stage with the load average, and `steps: N passed, N failed`.
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import {availableParallelism, loadavg} from 'node:os';

const noBrowser = process.argv.includes('--no-browser');
const contentOnly = process.argv.includes('--content');
const CACHE = 'node_modules/.cache';

// Each step: [name, command, options]. `after`: steps that must pass first. `content: false`: the
// verdict cannot depend on pages, posts, sidebars or versions, so the writers' journeys skip it.
// `test: true`: in `npm test` only. Tools that can remember what they checked do (ESLint, Prettier,
// cspell, tsc): a Markdown change re-checks only what it touched.
const pool = [
  ['strict build', ['npx', 'docusaurus', 'build'], {env: {DOCS_STRICT: 'true'}}],
  ['writers’ journeys', ['node', 'scripts/check/writers.mjs'], {test: true, content: false}],
  // Each test file runs again only when something it read changed since it passed.
  ['content tests', ['node', 'scripts/check/content-tests.mjs']],
  ['typecheck', ['npx', 'tsc', '--incremental', '--tsBuildInfoFile', `${CACHE}/tsc/tsconfig.tsbuildinfo`]],
  // The fast lane runs the examples in shared processes (the SDK loads once); `npm test` runs each in
  // a process of its own, so an example that passes only after another has run still fails there.
  [
    'code examples',
    ['node', 'scripts/check/code-examples.mjs'],
    {env: noBrowser || contentOnly ? {EXAMPLES_ONE_PROCESS: '1'} : {}},
  ],
  ['search definitions', ['node', 'scripts/check/search-definitions.mjs'], {after: ['strict build']}],
  ['search relevance (report)', ['node', 'scripts/check/search-relevance.mjs'], {after: ['strict build']}],
  ['search words', ['node', 'scripts/check/search-words.mjs'], {after: ['strict build']}],
  ['search answers', ['node', 'scripts/check/search-answers.mjs'], {after: ['strict build']}],
  ['search meaning', ['node', 'scripts/check/search-meaning.mjs'], {after: ['strict build']}],
  [
    'code lint',
    [
      'npx',
      'eslint',
      '--max-warnings=0',
      '--cache',
      '--cache-strategy',
      'content',
      '--cache-location',
      `${CACHE}/eslint/`,
      '.',
    ],
  ],
  ['code format', ['npx', 'prettier', '--check', '--cache', '--cache-strategy', 'content', '.']],
  ['spelling', ['npx', 'cspell', 'lint', '--no-progress', '--cache', '--cache-location', `${CACHE}/cspell`]],
  ['links and anchors', ['node', 'scripts/check/links.mjs'], {after: ['strict build']}],
  ['markdown style', ['npx', 'markdownlint-cli2']],
  ['diagrams drawn', ['node', 'scripts/build/diagrams.mjs', '--check']],
  ['remote assets, outbound links', ['node', 'scripts/check/external.mjs'], {after: ['strict build']}],
  ['page weight', ['node', 'scripts/check/budgets.mjs'], {after: ['strict build']}],
  ['front matter', ['node', 'scripts/check/frontmatter.mjs']],
  ['hash examples', ['node', 'scripts/check/hash-examples.mjs']],
  ['lockfile in sync', ['node', 'scripts/check/lockfile.mjs'], {content: false}],
  ['upstream pins', ['node', 'scripts/check/upstream.mjs'], {content: false}],
  ['imports declared', ['node', 'scripts/check/imports.mjs'], {content: false}],
  ['workflows', ['node', 'scripts/check/workflows.mjs'], {content: false}],
].filter(([, , options = {}]) => (contentOnly ? options.content !== false : !options.test || !noBrowser));

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

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const started = Date.now();
const timings = [];
let passed = 0;
let failed = 0;
for (const stage of stages) {
  if (stage.browser && (noBrowser || contentOnly)) continue;
  const stageStarted = Date.now();
  const loadBefore = load();
  const results = await runStage(stage);
  passed += results.filter((r) => r.ok).length;
  failed += results.filter((r) => !r.ok).length;
  timings.push(
    `${stage.name} ${((Date.now() - stageStarted) / 1000).toFixed(0)} s (load average ${loadBefore} → ${load()})`,
  );
  if (failed) break;
}
console.log(`\n${timings.join(' · ')} · total ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`steps: ${passed} passed, ${failed} failed`);
if (failed) {
  console.log('Each ✗ above is printed with its output: the step says what broke and what to do.');
}
process.exit(failed ? 1 : 0);
