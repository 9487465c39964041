#!/usr/bin/env node
// Load test of the production server (server/serve.mjs) over build/: autocannon with 100
// connections for 20 seconds on the loopback interface, cycling through every page of the sitemap,
// the 404 page and the main script and stylesheet, as a browser asks for them (br/gzip). It fails
// on any connection error, timeout or 5xx answer, and prints the figures for benchmarks/README.md.
// A benchmark, not a test: timings are reported, never asserted.
//   npm run bench:load [-- --dir build --port 3433 --connections 100 --duration 20]
import {spawn} from 'node:child_process';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import autocannon from 'autocannon';

const {values} = parseArgs({
  options: {
    dir: {type: 'string', default: 'build'},
    port: {type: 'string', default: '3433'},
    connections: {type: 'string', default: '100'},
    duration: {type: 'string', default: '20'},
  },
});
const dir = path.resolve(values.dir);
const origin = `http://127.0.0.1:${values.port}`;

const sitemap = readFileSync(path.join(dir, 'sitemap.xml'), 'utf8');
const pages = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => m[1] || '/');
const assets = readdirSync(path.join(dir, 'assets'), {recursive: true})
  .map(String)
  .filter((f) => /^(js\/(main|runtime~main)\.[0-9a-f]+\.js|css\/styles\.[0-9a-f]+\.css)$/.test(f))
  .map((f) => `/assets/${f}`);
const paths = [...pages, ...assets, '/no-such-page'];

const server = spawn(
  process.execPath,
  ['server/serve.mjs', '--dir', dir, '--port', values.port, '--host', '127.0.0.1'],
  {stdio: ['ignore', 'pipe', 'inherit']},
);
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => String(chunk).includes('Serving') && resolve());
  server.on('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
});

let result;
try {
  result = await autocannon({
    url: origin,
    connections: Number(values.connections),
    duration: Number(values.duration),
    headers: {'accept-encoding': 'br, gzip'},
    requests: paths.map((p) => ({method: 'GET', path: p})),
  });
} finally {
  server.kill('SIGTERM');
}

const figures = {
  'paths cycled': paths.length,
  connections: result.connections,
  'duration (s)': result.duration,
  requests: result.requests.total,
  'requests/s (mean)': Math.round(result.requests.average),
  'latency p50 (ms)': result.latency.p50,
  'latency p99 (ms)': result.latency.p99,
  'latency max (ms)': result.latency.max,
  'throughput (MB/s, compressed)': (result.throughput.average / 1e6).toFixed(1),
  '2xx': result['2xx'],
  '4xx (the 404 page)': result['4xx'],
  '5xx': result['5xx'],
  errors: result.errors,
  timeouts: result.timeouts,
};
for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(32)} ${value}`);
const failed = result.errors > 0 || result.timeouts > 0 || result['5xx'] > 0;
console.log(failed ? '✗ errors, timeouts or 5xx under load' : '✓ no error, no timeout, no 5xx under load');
process.exit(failed ? 1 : 0);
