// Bad URLs never break anything. The production server answers every malformed, traversing, huge
// or odd request with a proper status (never a 5xx) and never with a file from outside build/ (a
// canary file placed next to build/ proves it); no page echoes what the URL carried into its HTML.
// Requests go out raw (node:http) so that no browser or URL parser tidies the path on the way.
import {randomBytes} from 'node:crypto';
import {rmSync, writeFileSync} from 'node:fs';
import {request as httpRequest} from 'node:http';
import path from 'node:path';
import {test, expect, open} from './fixtures';

interface Reply {
  /** 0 when the server closed the connection without an answer (see `raw`). */
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function raw(origin: string, target: string, method = 'GET', headers: Record<string, string> = {}): Promise<Reply> {
  const {hostname, port} = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({host: hostname, port, path: target, method, headers}, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('latin1')}),
      );
    });
    // A request larger than Node's header limit is answered 431 and the socket closed at once, often
    // before the client has finished writing: the client then sees a reset, not the answer.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE'
        ? resolve({status: 0, headers: {}, body: ''})
        : reject(error),
    );
    req.end();
  });
}

/** The server is still up and serving pages after what it was just sent. */
async function stillServing(origin: string): Promise<void> {
  expect((await raw(origin, '/docs/v3/intro')).status, 'the server still answers').toBe(200);
}

// The canary sits in the folder that holds build/ (the project), where a traversal would land.
const CANARY_NAME = 'canary-bad-urls.txt';
const CANARY = `canary-${randomBytes(8).toString('hex')}`;
const canaryFile = path.resolve(CANARY_NAME);

test.describe('the production server', () => {
  test.beforeAll(() => writeFileSync(canaryFile, CANARY));
  test.afterAll(() => rmSync(canaryFile, {force: true}));

  const c = CANARY_NAME;
  const TRAVERSALS = [
    `/../${c}`,
    `/../../${c}`,
    `/assets/../../${c}`,
    `/docs/v3/../../../${c}`,
    `/%2e%2e/${c}`,
    `/%2e%2e%2f${c}`,
    `/..%2f${c}`,
    `/%2e%2e%5c${c}`,
    `/..%5c${c}`,
    `/..\\${c}`,
    `/.%2e/${c}`,
    `/%2e./${c}`,
    `/%252e%252e%252f${c}`,
    `/%252e%252e/${c}`,
    `/..%252f${c}`,
    `/%c0%ae%c0%ae/${c}`,
    `/%c0%af..%c0%af${c}`,
    `/..%00/${c}`,
    `/%2e%2e/%2e%2e/%2e%2e/${c}`,
    `/assets/js/..%2f..%2f..%2f${c}`,
    `//${c}`,
    `/./../${c}`,
    `/img/%2e%2e/%2e%2e/${c}`,
    '/../package.json',
    '/%2e%2e/package.json',
    '/..%2fpackage.json',
    '/../server/serve.mjs',
    '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/../../../../../../etc/passwd',
    '/..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/.git/config',
    '/.env',
    '/node_modules/sirv/package.json',
    '/build/index.html',
  ];
  const MALFORMED = [
    '/%',
    '/%%',
    '/%zz',
    '/%E0%A4%A',
    '/%ff%fe',
    '/docs/%',
    '/docs/v3/intro%',
    '/%00',
    '/a%00b',
    '/%u002e%u002e/',
    '/docs/v3/%C0%80',
    '/%C3%A9',
    '/docs//v3//intro',
    '///',
    '/;/',
    '/docs/v3/intro;jsessionid=x',
    '/*',
    '/~',
    '/docs/v3/intro/',
    '/docs/v3/intro.html',
    '/docs/v3/intro/index.html',
    '/index.html',
    '/404',
    '/404.html',
  ];
  const LONG = [
    '/' + 'a'.repeat(2_000),
    '/docs/' + 'x/'.repeat(2_000),
    '/' + '%2e'.repeat(3_000),
    '/' + 'a'.repeat(100_000),
  ];
  // Raw < > " in the request line (only the spaces encoded, as a browser would not).
  const MARKUP = '<script>alert(1)</script>"><img%20src=x%20onerror=alert(2)>';
  const QUERIES = [
    `/?q=${MARKUP}`,
    `/docs/v3/intro?${encodeURIComponent(MARKUP)}`,
    `/no-such-page?x=${encodeURIComponent(MARKUP)}`,
    `/search?q=${encodeURIComponent(MARKUP)}`,
    `/docs/v3/intro.html?q=${encodeURIComponent(MARKUP)}`,
    `/docs?x=${encodeURIComponent(MARKUP)}`,
  ];
  const METHODS = ['HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'PROPFIND', 'FOO'];

  /** Proper statuses only, nothing from outside build/, no markup echoed, no header injected. */
  function judge(reply: Reply, what: string, mayReset = false): void {
    if (mayReset && reply.status === 0) return;
    expect(reply.status, `${what}: status`).toBeGreaterThanOrEqual(200);
    expect(reply.status, `${what}: status`).toBeLessThan(500);
    expect(reply.body, `${what}: canary`).not.toContain(CANARY);
    expect(reply.body, `${what}: a file from outside build/`).not.toMatch(
      /"devDependencies"|root:x:0:0|\[core\]|createHandler/,
    );
    expect(reply.body, `${what}: reflected markup`).not.toMatch(/<script>alert|onerror=alert/);
    expect(reply.headers['set-cookie'], `${what}: injected header`).toBeUndefined();
    const location = String(reply.headers.location ?? '');
    expect(location, `${what}: redirect`).not.toMatch(/^\/\/|^https?:|[\r\n<>"]/i);
  }

  test('answers traversal attempts without leaving build/', async ({baseURL}) => {
    for (const target of TRAVERSALS) {
      const reply = await raw(baseURL!, target);
      judge(reply, target);
      // A traversal is either refused or stays inside build/ (the site's own page, e.g. /build/… → 404).
      expect([200, 301, 400, 403, 404], target).toContain(reply.status);
    }
    await stillServing(baseURL!);
  });

  test('answers malformed and odd paths with a proper status', async ({baseURL}) => {
    for (const target of MALFORMED) judge(await raw(baseURL!, target), target);
    for (const target of LONG) {
      const reply = await raw(baseURL!, target);
      // Over Node's 16 KB header limit the server refuses to read on (431, or a closed connection).
      const huge = target.length > 16_000;
      judge(reply, `a ${target.length}-character path`, huge);
      expect(huge ? [0, 414, 431] : [404, 414], `a ${target.length}-character path`).toContain(reply.status);
      await stillServing(baseURL!);
    }
    // Encoded CR LF must not split the response into a header of the client's choosing.
    for (const target of [
      '/docs/v3/intro.html%0d%0aSet-Cookie:%20owned=1',
      '/x%0d%0aSet-Cookie:%20owned=1.html',
      '/docs%0aLocation:%20//evil.example',
    ]) {
      judge(await raw(baseURL!, target), target);
    }
  });

  test('answers odd methods with a proper status and no body from outside build/', async ({baseURL}) => {
    for (const method of METHODS) {
      for (const target of ['/', '/docs/v3/intro', `/../${c}`, '/assets/', '/no-such-page']) {
        const reply = await raw(
          baseURL!,
          target,
          method,
          method === 'POST' || method === 'PUT' ? {'content-type': 'text/plain'} : {},
        );
        judge(reply, `${method} ${target}`);
        // Only GET and HEAD mean anything here: others get 405 (or 400 from Node's parser for a
        // method it does not know at all).
        if (method !== 'HEAD') expect([301, 400, 404, 405], `${method} ${target}`).toContain(reply.status);
      }
    }
    await stillServing(baseURL!);
    // The pages themselves are served to GET and HEAD alike.
    expect((await raw(baseURL!, '/docs/v3/intro', 'HEAD')).status).toBe(200);
  });

  test('never echoes a query string into the HTML', async ({baseURL}) => {
    for (const target of QUERIES) judge(await raw(baseURL!, target), target);
  });
});

test('pages with markup in the URL render nothing of it in the browser', async ({page}) => {
  await page.addInitScript(() => {
    (window as unknown as {injected: number}).injected = 0;
  });
  const payload = encodeURIComponent('"><img src=x onerror="window.injected++"><script>window.injected++</script>');
  for (const target of [
    `/docs/v3/intro?q=${payload}#${payload}`,
    `/search?q=${payload}`,
    `/no-such-page/${payload}?x=${payload}`,
  ]) {
    await open(page, target);
    expect(await page.evaluate(() => (window as unknown as {injected: number}).injected), target).toBe(0);
    expect(await page.locator('img[src="x"]').count(), target).toBe(0);
  }
});
