// The production server (server/serve.mjs): encodings, caching, redirects, the 404 page, security
// headers and hostile input. Most tests speak raw HTTP to the webServer over build/, so that
// nothing (no browser, no fetch) normalises paths or decodes bodies on the way. The redirect table
// and the --dir/--port flags are also checked on a small fixture folder served by a second instance.
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync} from 'node:fs';
import {request as httpRequest} from 'node:http';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import {test, expect} from './fixtures';
import {BUILT_ROUTES as ALL_ROUTES} from './routes';
import {REDIRECTS} from '../redirects';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One HTTP request, path sent exactly as given, body left encoded. */
function raw(origin: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  const {hostname, port} = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({host: hostname, port, path, method, headers}, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks)}));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The body as the browser sees it. */
function decoded(reply: Reply): string {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(reply.body).toString('utf8');
  return reply.body.toString('utf8');
}

const securityHeaders = async (): Promise<Record<string, string>> =>
  (await import('../server/security-headers.mjs')).securityHeaders();

const mainScript = () => {
  const name = readdirSync('build/assets/js').find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
  expect(name, 'main.<hash>.js in build/assets/js').toBeTruthy();
  return `/assets/js/${name}`;
};

test.describe('over build/', () => {
  test('every route of the site answers 200 with an HTML page', async ({baseURL}) => {
    for (const route of ALL_ROUTES) {
      const reply = await raw(baseURL!, route, {'Accept-Encoding': 'br, gzip'});
      expect(reply.status, route).toBe(200);
      expect(reply.headers['content-type'], route).toBe('text/html;charset=utf-8');
      expect(decoded(reply), route).toContain('<main');
    }
  });

  test('a path with a dot in its last segment serves its page, not the 404 page', async ({baseURL}) => {
    const reply = await raw(baseURL!, '/docs/next/protocol/aqua-protocol-version_1.3');
    expect(reply.status).toBe(200);
    expect(reply.body.equals(readFileSync('build/docs/next/protocol/aqua-protocol-version_1.3.html'))).toBe(true);
  });

  test('Brotli, gzip or plain bytes by Accept-Encoding, each decoding to the built file', async ({baseURL}) => {
    for (const path of ['/docs/v1/Protocol/whitepaper', mainScript()]) {
      const file = path.startsWith('/assets/') ? `build${path}` : `build${path}.html`;
      const original = readFileSync(file, 'utf8');
      const br = await raw(baseURL!, path, {'Accept-Encoding': 'gzip, deflate, br'});
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(br.body.length).toBeLessThan(original.length / 2);
      expect(decoded(br)).toBe(original);
      const gz = await raw(baseURL!, path, {'Accept-Encoding': 'gzip'});
      expect(gz.headers['content-encoding'], path).toBe('gzip');
      expect(decoded(gz)).toBe(original);
      const plain = await raw(baseURL!, path);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(plain.body.toString('utf8')).toBe(original);
    }
  });

  test('hashed assets are immutable for a year; pages and other files are revalidated by ETag', async ({baseURL}) => {
    const asset = await raw(baseURL!, mainScript());
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/docs/v3/intro', '/img/logo.svg', '/sitemap.xml']) {
      const first = await raw(baseURL!, path);
      expect(first.status, path).toBe(200);
      expect(first.headers['cache-control'], path).toBe('no-cache');
      const etag = String(first.headers.etag);
      expect(etag, path).toMatch(/^W\/".+"$/);
      const again = await raw(baseURL!, path, {'If-None-Match': etag});
      expect(again.status, path).toBe(304);
      expect(again.body.length).toBe(0);
    }
  });

  test('unknown paths get the 404 page with status 404, compressed like any page', async ({baseURL}) => {
    const page = readFileSync('build/404.html', 'utf8');
    for (const path of ['/no/such/page', '/docs/v3/no-such-doc', '/assets/js/missing.js', '/404']) {
      const reply = await raw(baseURL!, path, {'Accept-Encoding': 'br'});
      expect(reply.status, path).toBe(404);
      expect(reply.headers['content-type']).toBe('text/html;charset=utf-8');
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(decoded(reply)).toBe(page);
    }
    expect(page).toContain('Page Not Found');
  });

  test('.html and /index.html forms answer 301 to the plain path, keeping the query', async ({baseURL}) => {
    for (const [from, to] of [
      ['/docs/v3/intro.html', '/docs/v3/intro'],
      ['/index.html', '/'],
      ['/blog/index.html', '/blog'],
      ['/docs/next/protocol/aqua-protocol-version_1.3.html', '/docs/next/protocol/aqua-protocol-version_1.3'],
      ['/community.html?ref=mail', '/community?ref=mail'],
      // Never a protocol-relative Location that would send the visitor to another host.
      ['//example.com/page.html', '/example.com/page'],
    ]) {
      const reply = await raw(baseURL!, from);
      expect(reply.status, from).toBe(301);
      expect(reply.headers.location, from).toBe(to);
    }
  });

  test('the redirect table answers 301 from build/redirects.json', async ({baseURL}) => {
    test.skip(!existsSync('build/redirects.json'), 'build/redirects.json is not written by this build yet');
    for (const {from, to} of REDIRECTS) {
      const reply = await raw(baseURL!, from);
      expect(reply.status, from).toBe(301);
      expect(reply.headers.location, from).toBe(to);
    }
  });

  test('every kind of response carries the security headers', async ({baseURL}) => {
    const expected = await securityHeaders();
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    const etag = String((await raw(baseURL!, '/')).headers.etag);
    const replies = await Promise.all([
      raw(baseURL!, '/'),
      raw(baseURL!, mainScript(), {'Accept-Encoding': 'br'}),
      raw(baseURL!, '/', {'If-None-Match': etag}),
      raw(baseURL!, '/docs/v3/intro.html'),
      raw(baseURL!, '/no/such/page'),
      raw(baseURL!, '/', {}, 'POST'),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 304, 301, 404, 405]);
    for (const reply of replies) {
      for (const [name, value] of Object.entries(expected)) expect(reply.headers[name.toLowerCase()], name).toBe(value);
    }
  });

  test('hostile or malformed requests never get a 5xx nor a file outside build/', async ({baseURL}) => {
    const outside = readFileSync('package.json', 'utf8');
    const cases: [string, Record<string, string>, string][] = [
      ['/../package.json', {}, 'GET'],
      ['/..%2fpackage.json', {}, 'GET'],
      ['/%2e%2e/%2e%2e/package.json', {}, 'GET'],
      ['/assets/../../package.json', {}, 'GET'],
      ['/%E0%A4%A', {}, 'GET'],
      ['/%', {}, 'GET'],
      ['/docs/%00/intro', {}, 'GET'],
      ['/' + 'a/'.repeat(2000), {}, 'GET'],
      ['/.git/config', {}, 'GET'],
      ['/', {Range: 'bytes=900-100'}, 'GET'],
      ['/', {Range: 'bytes=abc'}, 'GET'],
      ['/', {'Accept-Encoding': 'bogus, ;;;, br;q=x'}, 'GET'],
      ['/', {}, 'DELETE'],
      ['/docs/v3/intro', {}, 'OPTIONS'],
    ];
    for (const [path, headers, method] of cases) {
      const reply = await raw(baseURL!, path, headers, method);
      expect(reply.status, `${method} ${path.slice(0, 40)}`).toBeLessThan(500);
      expect(decoded(reply)).not.toContain(outside.slice(0, 60));
    }
  });

  test('HEAD and byte ranges work on pages', async ({baseURL}) => {
    const page = readFileSync('build/community.html');
    const head = await raw(baseURL!, '/community', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(page.length);
    expect(head.body.length).toBe(0);
    const range = await raw(baseURL!, '/community', {Range: 'bytes=0-99'});
    expect(range.status).toBe(206);
    expect(range.body.equals(page.subarray(0, 100))).toBe(true);
  });
});

test.describe('on a fixture folder', () => {
  let dir: string;
  let server: ChildProcess | undefined;

  /** Starts `node server/serve.mjs --dir <dir> --port 0` and returns its origin. */
  async function start(folder: string): Promise<string> {
    server = spawn(process.execPath, ['server/serve.mjs', '--dir', folder, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new Promise((resolve, reject) => {
      let output = '';
      server!.stdout!.on('data', (chunk: Buffer) => {
        output += chunk;
        const match = /at (http:\/\/\S+?)\/?$/m.exec(output);
        if (match) resolve(match[1]);
      });
      server!.stderr!.on('data', (chunk: Buffer) => (output += chunk));
      server!.on('exit', (code) => reject(new Error(`serve.mjs exited with ${code}: ${output}`)));
    });
  }

  test.beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'serve-fixture-'));
    mkdirSync(join(dir, 'site', 'guide'), {recursive: true});
    writeFileSync(join(dir, 'secret.txt'), 'outside the served folder');
    writeFileSync(join(dir, 'site', 'index.html'), '<h1>home</h1>');
    writeFileSync(join(dir, 'site', '404.html'), '<h1>missing</h1>');
    writeFileSync(join(dir, 'site', 'guide', 'v1.2.html'), '<h1>dotted</h1>');
  });

  test.afterEach(() => {
    server?.kill();
    server = undefined;
    rmSync(dir, {recursive: true, force: true});
  });

  test('redirects.json entries answer 301, with or without a trailing slash, keeping the query', async () => {
    writeFileSync(
      join(dir, 'site', 'redirects.json'),
      JSON.stringify([
        {from: '/old', to: '/guide/v1.2'},
        {from: '/docs', to: '/'},
      ]),
    );
    const origin = await start(join(dir, 'site'));
    for (const [from, to] of [
      ['/old', '/guide/v1.2'],
      ['/old/', '/guide/v1.2'],
      ['/docs?x=1', '/?x=1'],
    ]) {
      const reply = await raw(origin, from);
      expect(reply.status, from).toBe(301);
      expect(reply.headers.location, from).toBe(to);
    }
    expect(decoded(await raw(origin, '/guide/v1.2'))).toBe('<h1>dotted</h1>');
  });

  test('without redirects.json (or with a broken one) it serves the folder and nothing outside it', async () => {
    for (const table of [null, '{not json']) {
      if (table !== null) writeFileSync(join(dir, 'site', 'redirects.json'), table);
      const origin = await start(join(dir, 'site'));
      expect(decoded(await raw(origin, '/'))).toBe('<h1>home</h1>');
      const old = await raw(origin, '/old');
      expect(old.status).toBe(404);
      expect(decoded(old)).toBe('<h1>missing</h1>');
      for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt']) {
        const reply = await raw(origin, path);
        expect(reply.status, path).toBe(404);
        expect(decoded(reply)).not.toContain('outside');
      }
      server?.kill();
    }
  });
});
