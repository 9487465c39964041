#!/usr/bin/env node
// Link integrity of the built site, beyond Docusaurus's own checks (which see routes only): every
// page of every version in build/ is crawled by linkinator, and every internal link, anchor
// (#fragment), image, script, stylesheet and CSS url() must resolve. External links are never
// fetched (no network in tests); scripts/check/external.mjs lists them. Every doc page and blog post
// has an "Edit this page" link to its own file, which must exist in this repository (the site links
// to the repository's files on GitHub, whose copy of them this check cannot fetch).
//   node scripts/check/links.mjs [buildDir]
// The pages are served by a small static server that resolves paths the way the production
// server and static hosts do (trailingSlash: false): /x → x, x.html or x/index.html.
import {createServer} from 'node:http';
import {readFile, readdir, stat} from 'node:fs/promises';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {LinkChecker} from 'linkinator';

const root = path.resolve(process.argv[2] ?? 'build');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.md': 'text/markdown; charset=utf-8',
};

async function resolveFile(pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const base = path.join(root, decoded);
  if (base !== root && !base.startsWith(root + path.sep)) return null;
  const candidates = decoded.endsWith('/')
    ? [path.join(base, 'index.html')]
    : [base, `${base}.html`, path.join(base, 'index.html')];
  for (const file of candidates) {
    const info = await stat(file).catch(() => null);
    if (info?.isFile()) return file;
  }
  return null;
}

const server = createServer(async (request, response) => {
  const file = await resolveFile(new URL(request.url ?? '/', 'http://localhost').pathname);
  if (!file) {
    response.writeHead(404, {'content-type': 'text/plain'}).end('not found');
    return;
  }
  const body = await readFile(file);
  response.writeHead(200, {'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream'});
  response.end(request.method === 'HEAD' ? undefined : body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const checker = new LinkChecker();
const broken = [];
const checkedUrls = new Set();
checker.on('link', (result) => {
  if (result.state === 'SKIPPED') return;
  checkedUrls.add(result.url);
  if (result.state === 'BROKEN') broken.push(result);
});
const check = (paths) =>
  checker.check({
    path: paths.map((p) => origin + p),
    recurse: true,
    checkFragments: true,
    checkCss: true,
    // Extensionless URLs are pages, not folders: without this, linkinator resolves same-page
    // #fragments against /page/ instead of /page.
    cleanUrls: true,
    concurrency: 50,
    timeout: 20_000,
    // Only this site's own URLs are followed; outbound links are listed by scripts/check/external.mjs.
    linksToSkip: async (link) => !link.startsWith(origin),
  });

// Crawl from the home page and the 404 page; then check the sitemap pages that no link reached,
// so that every page is checked (an unlinked page is reported: visitors cannot find it).
const results = [await check(['/', '/404.html'])];
const sitemap = await readFile(path.join(root, 'sitemap.xml'), 'utf8');
const sitemapPaths = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => m[1] || '/');
const reached = new Set([...checkedUrls].map((url) => url.replace(origin, '')));
const orphans = sitemapPaths.filter((p) => !reached.has(p));
if (orphans.length) results.push(await check(orphans));
server.close();

const pages = new Set(
  [...checkedUrls].filter((url) => url.startsWith(origin) && !url.includes('#') && !/\.\w+$/.test(url)),
);
for (const link of broken) {
  const reason = link.failureDetails
    ?.map((d) => d?.message ?? d?.statusText ?? '')
    .filter(Boolean)
    .join('; ');
  console.error(
    `✗ ${link.status || ''} ${link.url.replace(origin, '')}  (on ${link.parent?.replace(origin, '') ?? '?'})${reason ? `: ${reason}` : ''}`,
  );
}
// Edit links: one on every doc page and post, to a file of this repository.
const editProblems = [];
let editLinks = 0;
for (const file of (await readdir(root, {recursive: true})).filter((f) => f.endsWith('.html'))) {
  const html = await readFile(path.join(root, file), 'utf8');
  if (!/\b(docs-doc-page|blog-post-page)\b/.test(html)) continue;
  const hrefs = [...html.matchAll(/<a\b[^>]*\bhref=["']?([^"' >]+)[^>]*>(?:(?!<\/a>)[\s\S])*Edit this page<\/a>/g)].map(
    (m) => m[1],
  );
  const page = `/${file.replace(/(\/index)?\.html$/, '')}`;
  const source = /\/edit\/[^/]+\/(.+)$/.exec(hrefs[0] ?? '')?.[1];
  if (hrefs.length !== 1) editProblems.push(`${page} has ${hrefs.length} "Edit this page" links (one expected)`);
  else if (!source || !existsSync(decodeURIComponent(source)))
    editProblems.push(`${page}: its edit link ${hrefs[0]} names no file of this repository`);
  else editLinks++;
}
for (const problem of editProblems) console.error(`✗ ${problem} (editUrl in docusaurus.config.ts)`);
for (const orphan of orphans) console.warn(`! no page links to ${orphan} (checked from the sitemap)`);
console.log(
  `links: ${checkedUrls.size} distinct URLs and anchors checked, ${pages.size} pages crawled, ${broken.length} broken; ` +
    `${editLinks} edit links to files of the repository, ${editProblems.length} wrong`,
);
process.exit(broken.length || editProblems.length || results.some((r) => !r.passed) ? 1 : 0);
