#!/usr/bin/env node
// `npm run bench:lighthouse`: speed as ratios, measured side by side in one run. Lighthouse 12
// (mobile defaults: simulated throttling, Moto G Power viewport) in Debian's Chromium loads one page
// of each type (PAGES, or the paths given) from each variant in turn, page by page and run by run,
// so that every variant sees the same machine load:
//   site     build/ as the production server (server/serve.mjs) sends it;
//   floor    the same pages with every script request blocked: what the HTML and CSS alone cost
//            (inline scripts still run: the colour-mode bootstrap and the loader of the entry scripts);
//   stock    the stock client of bench:pages (scripts/bench/variants.mjs), built in a scratch copy;
//   without-<name>  the site without one of its changes (--without, see WITHOUT in variants.mjs);
//   <label>  any other site folder given with --variant label=DIR (say, the previous commit's).
// For each page and variant it prints the medians of Lighthouse's LCP and TBT and the ratios that are
// the targets: TBT ÷ the floor's, LCP ÷ the floor's, and the gzipped JavaScript loaded before
// hydration (as test:budgets counts it) ÷ the stock client's.
// Lighthouse simulates a 4× slower phone from the wall time of each task in the trace it records, so
// on a busy machine the time the system gave other processes counts as the page's own (on this shared
// machine single runs of one page spread over 0.5-7 s of TBT). So each load is audited twice: as
// recorded ("wall"), and with each top-level task of the page's main thread given its thread time
// (CPU time) as its duration, the rest of the trace unchanged ("CPU"). The CPU audit is Lighthouse's
// own simulation with the waiting for a core taken out; the ratios are read on it, and the wall
// figures are printed beside them.
// A benchmark, not a test.
//   node scripts/bench/lighthouse.mjs [--runs 3] [--site .] [--stock DIR | --no-stock] [--keep]
//        [--without name ...] [--variant label=DIR ...] [--port 3423] [--json F] [path ...]
// A site folder (--site, --stock, --variant) holds build/ and .docusaurus/ of one build. Scratch
// builds are removed at the end unless --keep is given (their folders are printed, for --stock and
// --variant in later runs).
import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {loadavg, tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {parseArgs} from 'node:util';
import {startServer} from '../lib/start-server.mjs';
import {loadBuild, pageWeight} from '../check/budgets.mjs';
import {WITHOUT, buildVariant, makeStock} from './variants.mjs';
import {printPaired} from './paired.mjs';

/** One page of each type: home, long doc, SDK doc, doc with diagrams, blog index, long post, community, tag, author. */
export const PAGES = [
  '/',
  '/docs/v1/Protocol/whitepaper',
  '/docs/v3/sdk/getting-started',
  '/docs/v3/schema_2',
  '/blog',
  '/blog/long-blog-post',
  '/community',
  '/blog/tags/docusaurus',
  '/blog/authors/aqua-team',
];
/** The targets of the ratios (site ÷ floor for TBT and LCP, site ÷ stock client for JavaScript). */
export const TARGETS = {tbt: 1.25, lcp: 1.1, js: 0.4};
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu';

/**
 * Gives each top-level task of the page's main thread (the thread that reported the first
 * contentful paint) its thread time as its duration, and scales the events inside it to fit.
 * Returns the main thread's task time before and after, in ms.
 */
export function toCpuTime(trace) {
  const events = trace.traceEvents ?? trace;
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('no first contentful paint in the trace');
  const thread = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid).sort((a, b) => a.ts - b.ts);
  const tasks = thread.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.tdur >= 0 && e.dur > 0);
  let end = 0;
  let wall = 0;
  let cpu = 0;
  for (const task of tasks) {
    if (task.ts < end) continue; // inside the previous top-level task
    const {ts: start, dur} = task;
    const scale = Math.min(1, task.tdur / dur);
    end = start + dur;
    wall += dur;
    cpu += dur * scale;
    for (const event of thread) {
      if (event === task || event.ts < start || event.ts > end) continue;
      event.ts = start + (event.ts - start) * scale;
      if (event.dur !== undefined) event.dur *= scale;
    }
    task.dur = dur * scale;
  }
  return {wall: wall / 1000, cpu: cpu / 1000};
}

const {values, positionals} = parseArgs({
  allowPositionals: true,
  options: {
    site: {type: 'string', default: '.'},
    runs: {type: 'string', default: '3'},
    port: {type: 'string', default: '3423'},
    stock: {type: 'string'},
    'no-stock': {type: 'boolean', default: false},
    without: {type: 'string', multiple: true, default: []},
    variant: {type: 'string', multiple: true, default: []},
    keep: {type: 'boolean', default: false},
    json: {type: 'string'},
    // Extra Lighthouse CLI flags, e.g. --flag=--throttling.rttMs=400 --flag=--throttling.throughputKbps=400
    flag: {type: 'string', multiple: true, default: []},
  },
});
const runs = Number(values.runs);
const pages = positionals.length ? positionals : PAGES;
for (const name of values.without) {
  if (!WITHOUT[name]) throw new Error(`--without ${name}: unknown; one of ${Object.keys(WITHOUT).join(', ')}`);
}

// Stopped early (Ctrl+C): the servers run in process groups of their own, and Lighthouse's Chromium
// outlives a killed Lighthouse, so both are stopped here.
const stops = [];
let running = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (running) {
      try {
        process.kill(-running.pid, 'SIGINT'); // chrome-launcher stops its Chromium on SIGINT
      } catch {
        // already stopped
      }
    }
    for (const stop of stops) stop();
    process.exit(130);
  });
}

/** Runs Lighthouse's CLI; resolves to the report it writes to `report`. */
function runLighthouse(args, report) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      'node',
      [
        'node_modules/lighthouse/cli/index.js',
        ...args,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${report}`,
        '--quiet',
        ...values.flag,
      ],
      {stdio: 'inherit', detached: true, env: {...process.env, CHROME_PATH: '/usr/bin/chromium'}},
    );
    running = child;
    child.on('exit', (code) => {
      running = null;
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} (${args[0]})`));
      const data = JSON.parse(readFileSync(report, 'utf8'));
      if (data.runtimeError) return reject(new Error(`${data.runtimeError.code} (${args[0]})`));
      resolvePromise(data);
    });
    child.on('error', reject);
  });
}

const metrics = (data) => ({
  performance: Math.round((data.categories.performance?.score ?? 0) * 100),
  lcp: Math.round(data.audits['largest-contentful-paint'].numericValue),
  tbt: Math.round(data.audits['total-blocking-time'].numericValue),
});

/** One load of `url`, audited on its trace as recorded and on its trace in CPU time. */
async function lighthouse(url, extraFlags) {
  const out = mkdtempSync(join(tmpdir(), 'lh-'));
  try {
    const artifacts = join(out, 'artifacts');
    const wall = metrics(
      await runLighthouse(
        [url, '--chrome-path=/usr/bin/chromium', `--chrome-flags=${CHROME_FLAGS}`, `-GA=${artifacts}`, ...extraFlags],
        join(out, 'wall.json'),
      ),
    );
    const traceFile = join(artifacts, 'defaultPass.trace.json');
    const trace = JSON.parse(readFileSync(traceFile, 'utf8'));
    const {wall: busy, cpu: cpuBusy} = toCpuTime(trace);
    writeFileSync(traceFile, JSON.stringify(trace));
    // The audit must be run with the settings the load was gathered with.
    const cpu = metrics(await runLighthouse([`-A=${artifacts}`, ...extraFlags], join(out, 'cpu.json')));
    return {...cpu, wall, busy: Math.round(busy), cpuBusy: Math.round(cpuBusy)};
  } finally {
    rmSync(out, {recursive: true, force: true});
  }
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

/** One Lighthouse run, retried when Lighthouse loses the trace on a busy machine (NO_NAVSTART). */
async function sample(url, extraFlags) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, extraFlags);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  retrying ${url}: ${error.message}`);
    }
  }
}

// Lighthouse simulates a slow phone from a trace taken on this machine: a busy machine inflates
// the figures, so the load average is printed with them.
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/**
 * A ratio of medians. TBT counts only the part of each task beyond 50 ms, so a page can have none:
 * 0 ÷ 0 is 1 (nothing above the floor), anything ÷ 0 is infinite.
 */
const ratio = (a, b) => (b > 0 ? a / b : a > 0 ? Infinity : 1);
const fmt = (r) => (r === undefined ? '    —' : Number.isFinite(r) ? r.toFixed(2).padStart(5) : '    ∞');

// The site folders to measure: the site, then the stock client, the variants and those without a change.
const scratch = [];
// The production server sends a page's precompressed copy when it has one: a folder built without
// them (`docusaurus build` alone, as some test steps run it) loads more bytes, and its LCP is not
// comparable with a scratch build's (1.8 against 0.9 s on the SDK page, 2026-11-26). Scratch builds
// are precompressed by buildVariant; a folder given on the command line is checked before any build.
function given(label, dir) {
  if (!existsSync(join(dir, 'build', 'index.html.br')))
    throw new Error(`${label}: ${dir}/build has no precompressed files; build it with \`npm run build\``);
  return {label, dir};
}
const folders = [given('site', resolve(values.site))];
console.log(`load average at start: ${load()}`);
try {
  if (!values['no-stock']) {
    if (values.stock) folders.push(given('stock', resolve(values.stock)));
    else {
      const built = buildVariant(process.cwd(), 'stock', makeStock);
      scratch.push(built);
      folders.push({label: 'stock', dir: built.dir});
    }
  }
  for (const spec of values.variant) {
    const at = spec.indexOf('=');
    if (at < 1) throw new Error(`--variant ${spec}: expected label=DIR`);
    folders.push(given(spec.slice(0, at), resolve(spec.slice(at + 1))));
  }
  for (const name of values.without) {
    const built = buildVariant(process.cwd(), `without-${name}`, WITHOUT[name]);
    scratch.push(built);
    folders.push({label: `without-${name}`, dir: built.dir});
  }

  // One production server per folder; the floor is the site's server with scripts blocked.
  const variants = [];
  try {
    for (const [i, folder] of folders.entries()) {
      const origin = `http://localhost:${Number(values.port) + i}`;
      const args = ['server/serve.mjs', '--dir', join(folder.dir, 'build'), '--port', String(Number(values.port) + i)];
      stops.push(await startServer('node', args, `${origin}/`));
      variants.push({label: folder.label, origin, flags: [], folder});
      if (i === 0) variants.push({label: 'floor', origin, flags: ['--blocked-url-patterns=*.js'], folder: null});
    }
    const results = await measure(variants);
    report(variants, results);
    if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2));
  } finally {
    for (const stop of stops) stop();
  }
} finally {
  for (const built of scratch) {
    if (values.keep) console.log(`kept ${built.label}: ${built.dir}`);
    else built.remove();
  }
}
console.log(`load average at end: ${load()}`);

/** Medians per page and variant, runs alternating between variants page by page. */
async function measure(variants) {
  const sites = new Map(
    variants
      .filter((v) => v.folder)
      .map((v) => [v.label, loadBuild(join(v.folder.dir, 'build'), join(v.folder.dir, '.docusaurus'))]),
  );
  const results = {};
  for (const page of pages) {
    const samples = Object.fromEntries(variants.map((v) => [v.label, []]));
    for (let i = 0; i < runs; i++) {
      for (const variant of variants) samples[variant.label].push(await sample(variant.origin + page, variant.flags));
    }
    results[page] = {};
    for (const variant of variants) {
      const list = samples[variant.label];
      const site = sites.get(variant.label);
      const of = (pick) => median(list.map(pick));
      results[page][variant.label] = {
        performance: of((s) => s.performance),
        lcp: of((s) => s.lcp),
        tbt: of((s) => s.tbt),
        wall: {performance: of((s) => s.wall.performance), lcp: of((s) => s.wall.lcp), tbt: of((s) => s.wall.tbt)},
        busy: of((s) => s.busy),
        cpuBusy: of((s) => s.cpuBusy),
        runs: list,
        js: site ? pageWeight(site, page).js : 0,
      };
    }
    const {floor, stock} = results[page];
    for (const result of Object.values(results[page])) {
      result.tbtRatio = ratio(result.tbt, floor.tbt);
      result.lcpRatio = ratio(result.lcp, floor.lcp);
      result.wall.tbtRatio = ratio(result.wall.tbt, floor.wall.tbt);
      result.wall.lcpRatio = ratio(result.wall.lcp, floor.wall.lcp);
      if (stock) result.jsRatio = result.js / stock.js;
    }
    printPage(page, variants, results[page]);
    console.log(`  (load average ${load()})`);
  }
  return results;
}

function printPage(page, variants, byVariant) {
  console.log(`\n${page}`);
  for (const {label} of variants) {
    const r = byVariant[label];
    const list = (pick) => r.runs.map(pick).join(', ');
    console.log(
      `  ${label.padEnd(26)} TBT ${String(r.tbt).padStart(4)} ms ×floor ${fmt(r.tbtRatio)}  LCP ${String(r.lcp).padStart(5)} ms ×floor ${fmt(r.lcpRatio)}` +
        (label === 'floor'
          ? ''
          : `  JS ${(r.js / 1024).toFixed(1).padStart(5)} KB${r.jsRatio === undefined ? '' : ` ×stock ${fmt(r.jsRatio)}`}`) +
        `   wall: TBT ${String(r.wall.tbt).padStart(5)} ms ×floor ${fmt(r.wall.tbtRatio)}  LCP ${String(r.wall.lcp).padStart(5)} ms ×floor ${fmt(r.wall.lcpRatio)}` +
        `  main thread ${r.cpuBusy}/${r.busy} ms CPU/wall` +
        `\n  ${''.padEnd(26)} runs: TBT ${list((s) => s.tbt)}; LCP ${list((s) => s.lcp)}; wall TBT ${list((s) => s.wall.tbt)}`,
    );
  }
}

/** The summary: the site's three ratios per page against the targets, then every variant's. */
function report(variants, results) {
  console.log(
    `\nThe site's ratios (medians of ${runs}, CPU-time audit; targets: TBT ≤ ${TARGETS.tbt} × floor, LCP ≤ ${TARGETS.lcp} × floor, JS ≤ ${TARGETS.js} × stock client; the wall-time audit's ratios in brackets)`,
  );
  const mark = (value, target) => (value === undefined ? ' ' : value <= target ? '✓' : '✗');
  for (const page of pages) {
    const {site, floor} = results[page];
    console.log(
      `  ${page.padEnd(30)} TBT ${String(site.tbt).padStart(4)} / ${String(floor.tbt).padStart(4)} ms = ${fmt(site.tbtRatio)} ${mark(site.tbtRatio, TARGETS.tbt)} (${fmt(site.wall.tbtRatio).trim()})` +
        `   LCP ${String(site.lcp).padStart(5)} / ${String(floor.lcp).padStart(5)} ms = ${fmt(site.lcpRatio)} ${mark(site.lcpRatio, TARGETS.lcp)} (${fmt(site.wall.lcpRatio).trim()})` +
        `   JS ${fmt(site.jsRatio)} ${mark(site.jsRatio, TARGETS.js)}`,
    );
  }
  const others = variants.filter((v) => !['site', 'floor'].includes(v.label)).map((v) => v.label);
  if (others.length === 0) return;
  console.log('\nEvery variant: TBT ÷ floor / LCP ÷ floor (JS ÷ stock) per page, CPU-time audit');
  console.log(`  ${''.padEnd(30)} ${['site', ...others].map((l) => l.slice(0, 22).padStart(22)).join(' ')}`);
  for (const page of pages) {
    const cells = ['site', ...others].map((label) => {
      const r = results[page][label];
      const js = r.jsRatio === undefined ? '' : ` (${fmt(r.jsRatio).trim()})`;
      return `${fmt(r.tbtRatio).trim()} / ${fmt(r.lcpRatio).trim()}${js}`.padStart(22);
    });
    console.log(`  ${page.padEnd(30)} ${cells.join(' ')}`);
  } // Whether a variant differs from the site beyond chance, round by round (./paired.mjs).
  printPaired(results, {metric: 'tbt'});
  printPaired(results, {metric: 'lcp'});
}
