// `npm run test:engines`: the journeys of journeys.mjs in Firefox ESR and in WebKitGTK, side by
// side, against the production server (server/serve.mjs) over the build in build/. Node's test
// runner reports each journey per engine. A small proxy in front of the server can hold the site's
// scripts back for one engine, so that a journey sees what a reader on a slow network sees.
// WebKitGTK needs a display: without one, this script runs itself again under xvfb-run.
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync, writeFileSync, mkdtempSync} from 'node:fs';
import http from 'node:http';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import ts from 'typescript';
import {startServer} from '../../scripts/lib/start-server.mjs';
import {launch} from './drivers.mjs';
import {JOURNEYS, javaScriptOff} from './journeys.mjs';

if (!process.env.DISPLAY && !process.env.ENGINES_UNDER_XVFB) {
  const {status} = spawnSync('xvfb-run', ['-a', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: {...process.env, ENGINES_UNDER_XVFB: '1'},
  });
  process.exit(status ?? 1);
}

if (!existsSync('build/index.html')) throw new Error('No build in build/: run `npm run build` first.');

const PORT = Number(process.env.ENGINES_PORT ?? 3360);
const SITE_PORT = PORT + 1;
const baseURL = `http://localhost:${PORT}`;

/** Every page of the build, as tests/routes.ts derives it (shared with the Playwright suite). */
async function loadRoutes() {
  const source = readFileSync(new URL('../routes.ts', import.meta.url), 'utf8');
  const {outputText} = ts.transpileModule(source, {compilerOptions: {module: ts.ModuleKind.ES2022}});
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'engines-')), 'routes.mjs');
  writeFileSync(file, outputText);
  return (await import(file)).BUILT_ROUTES;
}

/** Per engine, the script held back: its marker (a text only it contains) and its release. */
const held = new Map();
const engineOf = (userAgent = '') => (/Firefox\//.test(userAgent) ? 'firefox' : 'webkit');

/**
 * Passes every request on to the site. A script whose text contains the marker held for the
 * requesting engine is answered only once that hold is released (scripts are fetched uncompressed
 * from the site so that their text can be read).
 */
function startProxy() {
  const proxy = http.createServer((request, response) => {
    const hold = /^\/assets\/js\/.*\.js$/.test(request.url) && held.get(engineOf(request.headers['user-agent']));
    const headers = {...request.headers};
    if (hold) delete headers['accept-encoding'];
    const upstream = http.request(
      {host: 'localhost', port: SITE_PORT, path: request.url, method: request.method, headers},
      async (answer) => {
        if (!hold) {
          response.writeHead(answer.statusCode, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks = [];
        for await (const chunk of answer) chunks.push(chunk);
        const body = Buffer.concat(chunks);
        if (body.includes(hold.marker)) await hold.released;
        response.writeHead(answer.statusCode, answer.headers);
        response.end(body);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(PORT, () => resolve(proxy)));
}

const routes = await loadRoutes();
const stopServer = await startServer(
  process.execPath,
  ['server/serve.mjs', '--dir', 'build', '--port', String(SITE_PORT)],
  `http://localhost:${SITE_PORT}/img/logo.svg`,
);
const proxy = await startProxy();

/** Holds back this engine's scripts that contain `marker` until the returned function is called. */
const holdScriptsFor = (engine) => (marker) => {
  let release;
  const hold = {marker, released: new Promise((resolve) => (release = resolve))};
  held.set(engine, hold);
  return () => {
    if (held.get(engine) === hold) held.delete(engine);
    release();
  };
};

async function runEngine(t, name, driverPort) {
  const started = Date.now();
  const engine = await launch(name, baseURL, {port: driverPort});
  const version = await engine.version();
  try {
    for (const [journey, run] of Object.entries(JOURNEYS)) {
      await t.test(`${name}: ${journey}`, () => run(engine, {routes, holdScripts: holdScriptsFor(name)}));
    }
  } finally {
    await engine.close();
  }
  const off = await launch(name, baseURL, {port: driverPort + 1, javaScript: false});
  try {
    await t.test(`${name}: javaScriptOff`, () => javaScriptOff(off, {routes}));
  } finally {
    await off.close();
  }
  t.diagnostic(`${name} (${version}): ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

try {
  await test('every journey in Firefox ESR and WebKitGTK', {concurrency: 2}, async (t) => {
    await Promise.all([
      t.test('firefox', (s) => runEngine(s, 'firefox', 0)),
      t.test('webkit', (s) => runEngine(s, 'webkit', PORT + 10)),
    ]);
  });
} finally {
  proxy.close();
  stopServer();
}
