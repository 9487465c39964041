#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse 12 (mobile defaults: simulated throttling, Moto G
// Power viewport) in Debian's Chromium on four pages of build/, served by the production server
// (server/serve.mjs) and, for comparison in the same run, by `docusaurus serve`. Prints the four
// category scores, LCP and TBT, the median of --runs runs per page. A benchmark, not a test.
//   node scripts/bench/lighthouse.mjs [--dir build] [--runs 3] [--port 3423] [--no-stock] [--json F]
import {spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import {startServer} from '../lib/start-server.mjs';

export const PAGES = ['/', '/docs/v3/schema_2', '/blog/long-blog-post', '/community'];
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu';

const {values} = parseArgs({
  options: {
    dir: {type: 'string', default: 'build'},
    runs: {type: 'string', default: '3'},
    port: {type: 'string', default: '3423'},
    'no-stock': {type: 'boolean', default: false},
    json: {type: 'string'},
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

async function measure(label, origin) {
  const results = {};
  for (const page of PAGES) {
    const samples = [];
    for (let i = 0; i < runs; i++) {
      // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART); such a run is retried.
      for (let attempt = 1; ; attempt++) {
        try {
          samples.push(await lighthouse(origin + page));
          break;
        } catch (error) {
          if (attempt === 3) throw error;
          console.log(`  retrying ${page}: ${error.message}`);
        }
      }
    }
    const summary = {};
    for (const key of ['performance', 'accessibility', 'best-practices', 'seo', 'lcp', 'tbt'])
      summary[key] = median(samples.map((s) => s[key]));
    summary.runs = samples.map((s) => `${s.performance}/${s.lcp}/${s.tbt}`).join(' ');
    summary.failing = [...new Set(samples.flatMap((s) => s.failing))];
    results[page] = summary;
    console.log(
      `${label.padEnd(17)} ${page.padEnd(30)} perf ${String(summary.performance).padStart(3)}  a11y ${summary.accessibility}  bp ${summary['best-practices']}  seo ${summary.seo}  LCP ${summary.lcp} ms  TBT ${summary.tbt} ms  (runs perf/LCP/TBT: ${summary.runs})${summary.failing.length ? `\n${' '.repeat(18)}below 1: ${summary.failing.join(', ')}` : ''}`,
    );
  }
  return results;
}

const all = {};
const origin = `http://localhost:${port}`;
let stop = await startServer('node', ['server/serve.mjs', '--dir', values.dir, '--port', String(port)], `${origin}/`);
try {
  all['serve.mjs'] = await measure('serve.mjs', origin);
} finally {
  stop();
}
if (!values['no-stock']) {
  const stockOrigin = `http://localhost:${port + 1}`;
  stop = await startServer(
    'npx',
    ['docusaurus', 'serve', '--dir', values.dir, '--port', String(port + 1), '--no-open'],
    `${stockOrigin}/`,
  );
  try {
    all['docusaurus serve'] = await measure('docusaurus serve', stockOrigin);
  } finally {
    stop();
  }
}
if (values.json) writeFileSync(values.json, JSON.stringify(all, null, 2));
