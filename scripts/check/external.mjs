#!/usr/bin/env node
// Everything the built site points at outside itself, checked without a network:
// 1. Outbound links. Every http(s)/mailto link of every page is listed, sorted and with the pages that
//    use it, in build/external-links.txt: derived from the build each time, so nobody keeps a list
//    by hand (a link a writer adds is reviewed in the Markdown diff; this is the whole picture).
// 2. Remote assets. No page, stylesheet or script may load anything from another host: scripts,
//    images, stylesheets, fonts, frames, CSS url() and @import must all be local (a visitor's reading
//    must not be reported to a third party, and the site must work offline).
//   node scripts/check/external.mjs [buildDir]
import {readdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';

const args = process.argv.slice(2);
const root = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'build');
const REMOTE = /^(?:(?:https?|wss?):)?\/\//i;

const files = (await readdir(root, {recursive: true})).map((f) => path.join(root, f));
const htmlFiles = files.filter((f) => f.endsWith('.html')).sort();
const routeOf = (file) => {
  const rel = '/' + path.relative(root, file).split(path.sep).join('/');
  return rel === '/404.html' ? rel : rel.replace(/(\/index)?\.html$/, '') || '/';
};

/** Tags with their attributes, in document order; script and style bodies are not scanned as markup. */
function* tags(html) {
  const markup = html.replace(/(<(script|style)\b[^>]*>)[\s\S]*?(<\/\2>)/gi, '$1$3');
  for (const [, name, rest] of markup.matchAll(
    /<([a-zA-Z][\w:-]*)((?:\s+[^\s>=/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*\/?>/g,
  )) {
    const attributes = {};
    for (const [, key, dq, sq, bare] of rest.matchAll(/([^\s>=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g)) {
      attributes[key.toLowerCase()] = (dq ?? sq ?? bare ?? '').replace(/&amp;/g, '&');
    }
    yield {name: name.toLowerCase(), attributes};
  }
}

// Attributes that make the browser fetch something, per tag; for <link>, only fetching rel values.
const FETCHING = {
  script: ['src'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  iframe: ['src'],
  frame: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  embed: ['src'],
  object: ['data'],
  input: ['src'],
  image: ['href', 'xlink:href'],
  use: ['href', 'xlink:href'],
  feimage: ['href', 'xlink:href'],
};
const FETCHING_RELS =
  /\b(stylesheet|icon|apple-touch-icon|mask-icon|manifest|preload|modulepreload|prefetch|preconnect|dns-prefetch|prerender)\b/i;
const urlsIn = (attribute, value) =>
  attribute === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0]) : [value];

const outbound = new Map(); // url → Set of routes
const remoteAssets = [];
const contentRoutes = []; // pages other than the redirect stubs of plugin-client-redirects
for (const file of htmlFiles) {
  const route = routeOf(file);
  const html = await readFile(file, 'utf8');
  if (!/<meta[^>]+http-equiv=["']?refresh/i.test(html)) contentRoutes.push(route);
  for (const {name, attributes} of tags(html)) {
    if ((name === 'a' || name === 'area') && /^(https?:|mailto:|\/\/)/i.test(attributes.href ?? '')) {
      if (!outbound.has(attributes.href)) outbound.set(attributes.href, new Set());
      outbound.get(attributes.href).add(route);
    }
    const fetched =
      name === 'link'
        ? FETCHING_RELS.test(attributes.rel ?? '')
          ? ['href', 'imagesrcset']
          : []
        : (FETCHING[name] ?? []);
    for (const attribute of fetched) {
      for (const url of urlsIn(attribute, attributes[attribute] ?? '')) {
        if (REMOTE.test(url)) remoteAssets.push(`${route}: <${name} ${attribute}="${url}">`);
      }
    }
    if (REMOTE.test((attributes.style ?? '').match(/url\(\s*['"]?([^'")]*)/i)?.[1] ?? '')) {
      remoteAssets.push(`${route}: <${name} style="${attributes.style}">`);
    }
  }
  for (const [, css] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) scanCss(css, route);
}

function scanCss(css, where) {
  for (const [match] of css.matchAll(
    /url\(\s*['"]?\s*(?:(?:https?:)?\/\/)[^)]*\)|@import\s+(?:url\(\s*)?['"]?\s*(?:https?:)?\/\/[^;]*/gi,
  )) {
    remoteAssets.push(`${where}: ${match.slice(0, 120)}`);
  }
}

// Scripts: a remote URL handed to something that loads it (an element's src, import(), fetch, a
// worker, a CSS url() or @import built as a string). Plain strings (a link's href, an XML namespace,
// an error message) are not requests and are allowed.
const JS_LOADS = [
  /\b(?:src|srcset)\s*[:=]\s*\\?["'`]\s*(?:https?:)?\/\/[^"'`\\\s]*/g,
  /\b(?:import|importScripts|fetch|Worker|SharedWorker|EventSource|WebSocket|sendBeacon|loadScript)\s*\(\s*["'`](?:(?:https?|wss?):)?\/\/[^"'`\s]*/g,
];
// Remote references inside aqua-js-sdk's web build (the playground's chunk, loaded on first use) on
// code paths the site never runs. Each is allowed only in the chunk that holds the SDK (found by a
// string only the SDK has), and tests/offline.spec.ts and tests/playground.spec.ts check at runtime
// that no request leaves the site; the CSP (connect-src 'self') would block them anyway.
const SDK_MARKER = 'I sign this revision: [';
const SDK_UNREACHABLE = [
  // MetaMaskSigner.createHtml: a page the SDK serves from a local Node server for CLI signing; in the
  // browser bundle it is only a string. The playground signs with a test key, never MetaMask.
  'src="https://cdnjs.cloudflare.com/ajax/libs/ethers/5.6.3/ethers.umd.min.js',
  // checkInternetConnectivity: runs before Ethereum or TSA witnessing and verification of witnesses
  // online; the playground offers neither and verifies witness revisions only offline.
  'fetch("https://www.google.com/favicon.ico',
];
for (const file of files) {
  const rel = path.relative(root, file);
  if (file.endsWith('.css')) scanCss(await readFile(file, 'utf8'), rel);
  if (file.endsWith('.js')) {
    const js = await readFile(file, 'utf8');
    scanCss(js, rel);
    const sdk = js.includes(SDK_MARKER);
    for (const pattern of JS_LOADS)
      for (const [match] of js.matchAll(pattern)) {
        if (sdk && SDK_UNREACHABLE.some((allowed) => match.startsWith(allowed))) continue;
        remoteAssets.push(`${rel}: ${match.slice(0, 120)}`);
      }
  }
}

// The list: one URL per line, sorted, then the pages that link to it.
const describe = (routes) => {
  const missing = contentRoutes.filter((r) => !routes.has(r));
  if (missing.length === 0) return 'every page';
  if (missing.length < routes.size) return `every page except ${missing.join(' ')}`;
  return [...routes].sort().join(' ');
};
const header = [
  '# Every outbound link of this build, one URL per line (sorted), then the pages that use it.',
  '# Written by scripts/check/external.mjs; nothing here is fetched by the tests (they run offline).',
];
const listing =
  [...header, ...[...outbound.keys()].sort().map((url) => `${url}\t${describe(outbound.get(url))}`)].join('\n') + '\n';
await writeFile(path.join(root, 'external-links.txt'), listing);

if (remoteAssets.length) {
  console.error(`✗ ${remoteAssets.length} remote asset reference(s); the site must load everything from itself:`);
  for (const line of remoteAssets) console.error(`  ${line}`);
  console.error('  Copy the file into static/ (or next to the page) and link to it there.');
}
console.log(
  `external: ${htmlFiles.length} pages (${contentRoutes.length} with content) and ${files.filter((f) => /\.(css|js)$/.test(f)).length} scripts/stylesheets scanned, ${remoteAssets.length} remote assets; ${outbound.size} outbound links listed in ${path.relative(process.cwd(), path.join(root, 'external-links.txt'))}`,
);
process.exit(remoteAssets.length ? 1 : 0);
