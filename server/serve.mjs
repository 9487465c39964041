#!/usr/bin/env node
// The production server for build/: `npm run serve` and the Playwright suite use it. Static files
// come from sirv (precompressed .br/.gz written by scripts/build/precompress.mjs, HTML pages without
// their extension); around it this adds what a host must do for this site:
//   - hashed files under /assets/ are cached for a year, everything else is revalidated (ETag);
//   - /x.html and /x/index.html answer 301 to /x; the redirect table (build/redirects.json) too;
//   - unknown paths get the 404 page with status 404; bad input never gives a 5xx;
//   - every response carries the headers of server/security-headers.mjs.
//   node server/serve.mjs [--port 3000] [--dir build] [--host ::]
import {createServer} from 'node:http';
import {existsSync, readFileSync, statSync} from 'node:fs';
import {resolve, join} from 'node:path';
import {parseArgs} from 'node:util';
import sirv from 'sirv';
import {securityHeaders} from './security-headers.mjs';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Reads the redirect table written at build time: `[{from, to}]` or `{from: to}`; none is fine. */
function loadRedirects(dir) {
  const file = join(dir, 'redirects.json');
  const table = new Map();
  if (!existsSync(file)) return table;
  let data;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.warn(`serve: ignoring ${file}: ${error.message}`);
    return table;
  }
  const entries = Array.isArray(data) ? data.map((r) => [r?.from, r?.to]) : Object.entries(data ?? {});
  for (const [from, to] of entries) {
    for (const source of [from].flat()) {
      if (typeof source === 'string' && typeof to === 'string') table.set(stripSlash(source), to);
    }
  }
  return table;
}

const stripSlash = (path) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The 404 page in each encoding that exists, read once. */
function loadNotFound(dir) {
  const page = {};
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
    ['identity', ''],
  ]) {
    const file = join(dir, `404.html${suffix}`);
    if (existsSync(file)) page[encoding] = readFileSync(file);
  }
  page.identity ??= Buffer.from('<!doctype html><title>Page Not Found</title><h1>Page Not Found</h1>');
  return page;
}

/** Picks the best encoding the client accepts among those the file exists in. */
function negotiate(acceptEncoding = '', available) {
  if (available.br && /\bbr\b/i.test(acceptEncoding)) return 'br';
  if (available.gzip && /\bgzip\b/i.test(acceptEncoding)) return 'gzip';
  return 'identity';
}

/** A Range header sirv can serve safely: one range, start <= end. Anything else is ignored. */
function isSafeRange(range) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!match || (match[1] === '' && match[2] === '')) return false;
  return match[1] === '' || match[2] === '' || Number(match[1]) <= Number(match[2]);
}

export function createHandler(dir) {
  const root = resolve(dir);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new Error(`serve: ${root} is not a directory; run \`npm run build\` first`);
  }
  const redirects = loadRedirects(root);
  const notFoundPage = loadNotFound(root);
  const security = securityHeaders(root);

  const notFound = (req, res) => {
    const encoding = negotiate(req.headers['accept-encoding'], notFoundPage);
    const body = notFoundPage[encoding];
    res.writeHead(404, {
      'Content-Type': 'text/html;charset=utf-8',
      'Content-Length': body.length,
      'Cache-Control': REVALIDATE,
      Vary: 'Accept-Encoding',
      ...(encoding === 'identity' ? {} : {'Content-Encoding': encoding}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const files = sirv(root, {
    dev: false, // index the folder once: only files inside it can ever be served
    etag: true,
    gzip: true,
    brotli: true,
    extensions: ['html'],
    dotfiles: false,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    },
    onNoMatch: notFound,
  });

  const redirect = (res, location, search) => {
    // Collapse leading slashes so that //host/x.html cannot become a protocol-relative redirect.
    const target = location.startsWith('/') ? `/${location.replace(/^\/+/, '')}` : location;
    res.writeHead(301, {Location: target + search, 'Cache-Control': REVALIDATE, 'Content-Length': 0});
    res.end();
  };

  return function handle(req, res) {
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, {Allow: 'GET, HEAD', 'Content-Length': 0});
        return res.end();
      }
      const url = req.url ?? '/';
      const queryAt = url.indexOf('?');
      const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
      const search = queryAt === -1 ? '' : url.slice(queryAt);
      if (!pathname.startsWith('/') || pathname.includes('\0')) return notFound(req, res);

      let decoded = pathname;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        return notFound(req, res);
      }
      if (decoded.includes('\0')) return notFound(req, res);

      // /x.html and /x/index.html are the same page as /x.
      const plain = /(?:\/index)?\.html$/i.test(pathname) ? pathname.replace(/(?:\/index)?\.html$/i, '') || '/' : null;
      if (plain !== null) return redirect(res, plain, search);

      const target = redirects.get(stripSlash(decoded));
      if (target !== undefined) return redirect(res, target, search);

      if (decoded === '/404') return notFound(req, res);
      if (req.headers.range && !isSafeRange(req.headers.range)) delete req.headers.range;
      return files(req, res);
    } catch (error) {
      // Nothing a client sends should reach this; if it does, answer as for an unknown path.
      console.error('serve:', error);
      if (!res.headersSent) return notFound(req, res);
      res.destroy();
    }
  };
}

function main() {
  const {values} = parseArgs({
    options: {
      port: {type: 'string', default: process.env.PORT ?? '3000'},
      dir: {type: 'string', default: 'build'},
      host: {type: 'string'},
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`serve: bad --port ${values.port}`);
  const server = createServer(createHandler(values.dir));
  server.keepAliveTimeout = 5_000;
  server.listen(port, values.host, () => {
    const shown = values.host && values.host !== '::' && values.host !== '0.0.0.0' ? values.host : 'localhost';
    console.log(`Serving ${resolve(values.dir)} at http://${shown}:${server.address().port}/`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('/serve.mjs')) main();
