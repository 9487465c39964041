// MDX a writer may use that the site's own content does not (yet): tests/fixtures/mdx-cases is the
// site's configuration and code-block swizzle around a few pages, built once in a temporary copy
// (without minification: the same markup in less time) and served for the tests below.
import {spawn} from 'node:child_process';
import {createServer, type Server} from 'node:http';
import {cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile} from 'node:fs/promises';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import sirv from 'sirv';
import {test, expect, hydrated} from './fixtures';

const ROOT = path.resolve(__dirname, '..');
const FIXTURE = path.join(ROOT, 'tests/fixtures/mdx-cases');
const DOCUSAURUS = path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
// A build takes 10 to 60 s on a busy two-core machine.
const BUILD_TIMEOUT = 180_000;

test.describe.configure({mode: 'serial', timeout: BUILD_TIMEOUT});

let dir: string;
let server: Server;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(BUILD_TIMEOUT);
  dir = await mkdtemp(path.join(tmpdir(), 'mdx-cases-'));
  await cp(FIXTURE, dir, {recursive: true});
  await writeFile(path.join(dir, 'package.json'), '{"private": true}\n');
  // The site's packages, without its build caches: a copy with caches of its own.
  await mkdir(path.join(dir, 'node_modules'));
  for (const entry of await readdir(path.join(ROOT, 'node_modules'))) {
    if (entry !== '.cache')
      await symlink(path.join(ROOT, 'node_modules', entry), path.join(dir, 'node_modules', entry));
  }
  // The site's code block and the plugin code it imports (@site/src/plugins/code-highlight/runs).
  await mkdir(path.join(dir, 'src/theme'), {recursive: true});
  await symlink(path.join(ROOT, 'src/theme/CodeBlock'), path.join(dir, 'src/theme/CodeBlock'));
  await symlink(path.join(ROOT, 'src/plugins'), path.join(dir, 'src/plugins'));
  const child = spawn(process.execPath, [DOCUSAURUS, 'build', '--out-dir', 'build', '--no-minify'], {
    cwd: dir,
    env: {...process.env, SITE_ROOT: ROOT, NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0'},
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code, output).toBe(0);
  const serve = sirv(path.join(dir, 'build'), {extensions: ['html']});
  server = createServer((request, response) =>
    serve(request, response, () => {
      response.writeHead(404).end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (dir) await rm(dir, {recursive: true, force: true});
});

// The Prism themes of the site's configuration: GitHub (light) and Dracula (dark).
const BACKGROUND = {light: 'rgb(246, 248, 250)', dark: 'rgb(40, 42, 54)'};
const TEXT = {light: 'rgb(57, 58, 52)', dark: 'rgb(248, 248, 242)'};

for (const mode of ['light', 'dark'] as const) {
  test(`a code block with JSX children has the ${mode} theme's colours after a reload in ${mode} mode`, async ({
    page,
  }) => {
    // A failed hydration renders the page again in the browser, which would hide the case.
    const recoverable: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('onRecoverableError')) recoverable.push(message.text());
    });
    await page.goto(`${origin}/code-block-jsx`);
    await page.evaluate((theme) => localStorage.setItem('theme', theme), mode);
    await page.reload();
    await hydrated(page);
    expect(recoverable).toEqual([]);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    const jsx = page.locator('pre', {has: page.locator('b', {hasText: '42'})});
    const fenced = page.locator('pre.prism-code');
    for (const block of [jsx, fenced]) {
      await expect(block).toHaveCSS('background-color', BACKGROUND[mode]);
      await expect(block).toHaveCSS('color', TEXT[mode]);
    }
  });
}
