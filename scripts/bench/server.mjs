#!/usr/bin/env node
// `npm run bench:server`: throughput and latency of the production server (server/serve.mjs)
// next to `docusaurus serve`, over the same build/, in the same run. autocannon on loopback only:
// 50 connections for 20 s each, cycling through a mix of pages and assets with the headers a
// browser sends (Accept-Encoding: br, gzip). A benchmark, not a test.
// Each server is also loaded by a plain Node keep-alive client with the same connections and paths:
// autocannon itself slows down on binary bodies (an 82 KB Brotli file comes back at a third of
// the rate of a 350 KB text file, from any server), which understates a server that compresses.
//   node scripts/bench/server.mjs [--dir build] [--duration 20] [--connections 50] [--port 3425] [--json F]
import {readdirSync, writeFileSync} from 'node:fs';
import {Agent, get} from 'node:http';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import autocannon from 'autocannon';
import {machine} from './build.mjs';
import {startServer} from '../lib/start-server.mjs';

const {values} = parseArgs({
  options: {
    dir: {type: 'string', default: 'build'},
    duration: {type: 'string', default: '20'},
    connections: {type: 'string', default: '50'},
    port: {type: 'string', default: '3425'},
    json: {type: 'string'},
  },
});

const asset = (folder, pattern) =>
  `/assets/${folder}/${readdirSync(join(values.dir, 'assets', folder)).find((name) => pattern.test(name))}`;
const PATHS = [
  '/',
  '/docs/v3/intro',
  '/docs/v1/Protocol/whitepaper',
  '/docs/v3/sdk/getting-started',
  '/blog/welcome',
  '/community',
  asset('js', /^main\.[0-9a-f]+\.js$/),
  asset('css', /^styles\.[0-9a-f]+\.css$/),
  '/img/logo.svg',
  '/no/such/page',
];

async function load(label, origin) {
  const result = await autocannon({
    url: origin,
    connections: Number(values.connections),
    duration: Number(values.duration),
    headers: {'accept-encoding': 'br, gzip', accept: 'text/html,*/*'},
    requests: PATHS.map((path) => ({method: 'GET', path})),
  });
  const summary = {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    megabytesPerSecond: +(result.throughput.average / 2 ** 20).toFixed(1),
    bytesPerRequest: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
  console.log(
    `  ${label.padEnd(17)} ${String(summary.requestsPerSecond).padStart(6)} req/s  p50 ${summary.latencyP50} ms  p99 ${summary.latencyP99} ms  ` +
      `${summary.megabytesPerSecond} MiB/s  ${summary.bytesPerRequest} B/response  errors ${summary.errors}  non-2xx ${summary.non2xx} (the 404 path is 1 in ${PATHS.length})`,
  );
  return summary;
}

/** The same load from Node's own HTTP client: one request at a time per connection, paths in turn. */
async function loadWithNode(label, origin) {
  const connections = Number(values.connections);
  const agent = new Agent({keepAlive: true, maxSockets: connections});
  const end = performance.now() + Number(values.duration) * 1000;
  const latencies = [];
  let bytes = 0;
  let errors = 0;
  const fetchOne = (path) =>
    new Promise((resolve) => {
      const start = performance.now();
      get(`${origin}${path}`, {agent, headers: {'accept-encoding': 'br, gzip', accept: 'text/html,*/*'}}, (res) => {
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve(latencies.push(performance.now() - start)));
      }).on('error', () => resolve(errors++));
    });
  await Promise.all(
    Array.from({length: connections}, async (_, lane) => {
      for (let i = lane; performance.now() < end; i++) await fetchOne(PATHS[i % PATHS.length]);
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.floor((latencies.length - 1) * q)]);
  const summary = {
    requestsPerSecond: Math.round(latencies.length / Number(values.duration)),
    latencyP50: at(0.5),
    latencyP99: at(0.99),
    bytesPerRequest: Math.round(bytes / Math.max(1, latencies.length)),
    errors,
  };
  console.log(
    `  ${label.padEnd(17)} ${String(summary.requestsPerSecond).padStart(6)} req/s  p50 ${summary.latencyP50} ms  p99 ${summary.latencyP99} ms  ` +
      `${summary.bytesPerRequest} B/response  errors ${summary.errors}  (Node client)`,
  );
  return summary;
}

const port = Number(values.port);
console.log(
  `bench:server on ${machine()}: ${values.connections} connections × ${values.duration} s, ${PATHS.length} paths in turn`,
);
const results = {};
for (const [label, command, args, p] of [
  [
    'serve.mjs',
    process.execPath,
    ['server/serve.mjs', '--dir', values.dir, '--port', String(port), '--host', '127.0.0.1'],
    port,
  ],
  [
    'docusaurus serve',
    'npx',
    ['docusaurus', 'serve', '--dir', values.dir, '--port', String(port + 1), '--host', '127.0.0.1', '--no-open'],
    port + 1,
  ],
]) {
  const origin = `http://127.0.0.1:${p}`;
  const stop = await startServer(command, args, `${origin}/`);
  try {
    results[label] = await load(label, origin);
    results[`${label} (Node client)`] = await loadWithNode(label, origin);
  } finally {
    stop();
  }
}
for (const client of ['', ' (Node client)']) {
  const [ours, stock] = [results[`serve.mjs${client}`], results[`docusaurus serve${client}`]];
  console.log(
    `  serve.mjs${client}: ${(ours.requestsPerSecond / stock.requestsPerSecond).toFixed(2)}× the requests per second, ` +
      `${(stock.bytesPerRequest / ours.bytesPerRequest).toFixed(1)}× fewer bytes per response`,
  );
}
if (values.json) writeFileSync(values.json, JSON.stringify({machine: machine(), paths: PATHS, results}, null, 2));
