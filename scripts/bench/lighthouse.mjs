#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse 12 (mobile defaults: simulated throttling, Moto G
// Power viewport) in Debian's Chromium on one page of each type in build/ (PAGES, or the paths given), served by the production server
// (server/serve.mjs) and, for comparison in the same run, by `docusaurus serve`. Prints the four
// category scores, LCP and TBT, the median of --runs runs per page. A benchmark, not a test.
// With --against DIR, another build (say, of the previous commit) is measured instead of the stock
// server, its runs alternating with this build's, so that both see the same machine load.
//   node scripts/bench/lighthouse.mjs [--dir build] [--runs 3] [--port 3423] [--no-stock]
//        [--against DIR] [--json F] [path ...]
import {spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {loadavg, tmpdir} from 'node:os';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import {startServer} from '../lib/start-server.mjs';

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
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu';

const {values, positionals} = parseArgs({
  allowPositionals: true,
  options: {
    dir: {type: 'string', default: 'build'},
    runs: {type: 'string', default: '3'},
    port: {type: 'string', default: '3423'},
    'no-stock': {type: 'boolean', default: false},
    json: {type: 'string'},
    against: {type: 'string'},
    // Extra Lighthouse CLI flags, e.g. --flag=--throttling.rttMs=400 --flag=--throttling.throughputKbps=400
    flag: {type: 'string', multiple: true, default: []},
  },
});
const runs = Number(values.runs);
const port = Number(values.port);

function lighthouse(url) {
  const out = mkdtempSync(join(tmpdir(), 'lh-'));
  const report = join(out, 'report.json');
  return new Promise((resolve, reject) => {
    const child = spawn(
      'node',
      [
        'node_modules/lighthouse/cli/index.js',
        url,
        '--chrome-path=/usr/bin/chromium',
        `--chrome-flags=${CHROME_FLAGS}`,
        '--output=json',
        `--output-path=${report}`,
        '--quiet',
        ...values.flag,
      ],
      {stdio: 'inherit', env: {...process.env, CHROME_PATH: '/usr/bin/chromium'}},
    );
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} on ${url}`));
      const data = JSON.parse(readFileSync(report, 'utf8'));
      rmSync(out, {recursive: true, force: true});
      const score = (id) => Math.round((data.categories[id]?.score ?? 0) * 100);
      resolve({
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        lcp: Math.round(data.audits['largest-contentful-paint'].numericValue),
        tbt: Math.round(data.audits['total-blocking-time'].numericValue),
        failing: Object.entries(data.categories).flatMap(([category, {auditRefs}]) =>
          auditRefs
            .filter((ref) => ref.weight > 0 && data.audits[ref.id].score !== null && data.audits[ref.id].score < 1)
            .map((ref) => `${category}:${ref.id}`),
        ),
      });
    });
    child.on('error', reject);
  });
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

/** One Lighthouse run, retried when Lighthouse loses the trace on a busy machine (NO_NAVSTART). */
async function sample(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  retrying ${url}: ${error.message}`);
    }
  }
}

function summarise(label, page, samples) {
  const summary = {};
  for (const key of ['performance', 'accessibility', 'best-practices', 'seo', 'lcp', 'tbt'])
    summary[key] = median(samples.map((s) => s[key]));
  summary.runs = samples.map((s) => `${s.performance}/${s.lcp}/${s.tbt}`).join(' ');
  summary.failing = [...new Set(samples.flatMap((s) => s.failing))];
  console.log(
    `${label.padEnd(17)} ${page.padEnd(30)} perf ${String(summary.performance).padStart(3)}  a11y ${summary.accessibility}  bp ${summary['best-practices']}  seo ${summary.seo}  LCP ${summary.lcp} ms  TBT ${summary.tbt} ms  (runs perf/LCP/TBT: ${summary.runs})${summary.failing.length ? `\n${' '.repeat(18)}below 1: ${summary.failing.join(', ')}` : ''}`,
  );
  return summary;
}

/** Medians per page for each origin; with several origins their runs alternate, page by page. */
async function measure(origins) {
  const results = Object.fromEntries(Object.keys(origins).map((label) => [label, {}]));
  for (const page of positionals.length ? positionals : PAGES) {
    const samples = Object.fromEntries(Object.keys(origins).map((label) => [label, []]));
    for (let i = 0; i < runs; i++)
      for (const [label, origin] of Object.entries(origins)) samples[label].push(await sample(origin + page));
    for (const label of Object.keys(origins)) results[label][page] = summarise(label, page, samples[label]);
    console.log(`  (load average ${load()})`);
  }
  return results;
}

// Lighthouse simulates a slow phone from a trace taken on this machine: a busy machine inflates
// the figures, so the load average is printed with them.
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(`load average at start: ${load()}`);
const all = {};
const origin = `http://localhost:${port}`;
let stop = await startServer('node', ['server/serve.mjs', '--dir', values.dir, '--port', String(port)], `${origin}/`);
if (values.against) {
  // Before/after: the other build on the next port but one, its runs alternating with this one's.
  const againstOrigin = `http://localhost:${port + 2}`;
  const stopAgainst = await startServer(
    'node',
    ['server/serve.mjs', '--dir', values.against, '--port', String(port + 2)],
    `${againstOrigin}/`,
  );
  try {
    Object.assign(all, await measure({[`before`]: againstOrigin, [`after`]: origin}));
  } finally {
    stopAgainst();
    stop();
  }
} else {
  try {
    Object.assign(all, await measure({'serve.mjs': origin}));
  } finally {
    stop();
  }
}
if (!values['no-stock'] && !values.against) {
  const stockOrigin = `http://localhost:${port + 1}`;
  stop = await startServer(
    'npx',
    ['docusaurus', 'serve', '--dir', values.dir, '--port', String(port + 1), '--no-open'],
    `${stockOrigin}/`,
  );
  try {
    Object.assign(all, await measure({'docusaurus serve': stockOrigin}));
  } finally {
    stop();
  }
}
console.log(`load average at end: ${load()}`);
if (values.json) writeFileSync(values.json, JSON.stringify(all, null, 2));
