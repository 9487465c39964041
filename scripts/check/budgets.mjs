#!/usr/bin/env node
// Page-weight budgets (`npm test` step): the gzipped bytes of HTML, CSS and JS that each page of
// build/ loads before it is interactive, checked against benchmarks/budgets.json.
//
// What a page loads before hydration: its HTML; the stylesheets and scripts its HTML links; and
// the chunks of its route, which Docusaurus's runtime fetches before React hydrates. Those come
// from the build's own records in .docusaurus/: routes.js (the route tree), routesChunkNames.json
// (the chunk names each route needs) and client-manifest.json (the files each chunk needs).
// tests/budgets.spec.ts checks that this list is exactly what Chromium downloads.
//   node scripts/check/budgets.mjs [--build build] [--generated .docusaurus] [--budgets F] [--json]
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {join, relative, sep} from 'node:path';
import {parseArgs} from 'node:util';
import {gzipSync} from 'node:zlib';

/** Page types and the pages of each; every HTML page of the build belongs to exactly one. */
export function pageType(route) {
  if (route === '/') return 'home';
  if (route === '/404') return '404';
  if (route === '/community') return 'community';
  if (route === '/search') return 'search';
  if (route.startsWith('/docs/')) return 'doc';
  if (/^\/blog(\/(page\/\d+|archive|authors(\/.*)?|tags(\/.*)?))?$/.test(route)) return 'blog list';
  if (route.startsWith('/blog/')) return 'blog post';
  return 'other';
}

/** Evaluates .docusaurus/routes.js with ComponentCreator(path, hash) → its routesChunkNames key. */
function loadRoutes(generated) {
  const source = readFileSync(join(generated, 'routes.js'), 'utf8')
    .replace(/^import .*$/gm, '')
    .replace('export default', 'return');
  return new Function('ComponentCreator', source)((path, hash) => (hash === undefined ? null : `${path}-${hash}`));
}

/** react-router v5 matching as Docusaurus uses it: case-insensitive, segment-wise prefix unless exact. */
function matches(route, pathname) {
  if (route.path === '*' || route.path === undefined) return true;
  const path = route.path.replace(/\/$/, '').toLowerCase();
  const target = pathname.toLowerCase();
  if (route.exact) return target === path || target === `${path}/` || (path === '' && target === '/');
  return target === path || target.startsWith(`${path}/`) || path === '';
}

/** The chain of nested routes that renders `pathname` (first match at each level, like <Switch>). */
function branch(routes, pathname) {
  const route = routes.find((candidate) => matches(candidate, pathname));
  if (!route) return [];
  return [route, ...(route.routes ? branch(route.routes, pathname) : [])];
}

const chunkNamesIn = (value) =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(chunkNamesIn)
      : [];

/** Everything the site needs to resolve a page's files, read once. */
export function loadBuild(build = 'build', generated = '.docusaurus') {
  const manifest = JSON.parse(readFileSync(join(generated, 'client-manifest.json'), 'utf8'));
  const chunkNames = JSON.parse(readFileSync(join(generated, 'routesChunkNames.json'), 'utf8'));
  const routes = loadRoutes(generated);
  // The not-found route's component is an unnamed chunk: the one holding the NotFound texts.
  const notFoundChunk = Object.entries(manifest.assets).find(([, files]) =>
    (files.js ?? []).some((file) => readFileSync(join(build, file.file), 'utf8').includes('theme.NotFound.title')),
  )?.[0];
  return {build, manifest, chunkNames, routes, notFoundChunk};
}

/** Files (public paths) a page needs before hydration, by kind. */
export function pageAssets(site, route) {
  const htmlFile = routeToFile(site.build, route);
  const html = readFileSync(htmlFile, 'utf8');
  // Entry scripts: <script src> tags, or the list the page template's loader reads (data-scripts).
  const scripts = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc=["']?([^"' >]+)/g)].map((m) => m[1]),
    ...[...html.matchAll(/<script\b[^>]*\bdata-scripts=(?:"([^"]*)"|([^\s>]+))/g)].flatMap((m) =>
      (m[1] ?? m[2]).split(' '),
    ),
  ];
  const styles = [...html.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => /\brel=["']?stylesheet\b/.test(tag))
    .map((tag) => /\bhref=["']?([^"' >]+)/.exec(tag)?.[1])
    .filter(Boolean);

  const chunks = new Set();
  const lookupPath = route === '/404' ? '/__docusaurus/404-no-route' : route;
  for (const matched of branch(site.routes, lookupPath)) {
    const key = matched.component;
    const names = key ? chunkNamesIn(site.chunkNames[key]) : [site.notFoundChunk].filter(Boolean);
    for (const name of names) for (const id of site.manifest.origins[name] ?? []) chunks.add(String(id));
  }
  const js = new Set(scripts);
  const css = new Set(styles);
  for (const id of chunks) {
    for (const file of site.manifest.assets[id]?.js ?? []) js.add(file.publicPath);
    for (const file of site.manifest.assets[id]?.css ?? []) css.add(file.publicPath);
  }
  return {html: htmlFile, js: [...js], css: [...css]};
}

function routeToFile(build, route) {
  if (route === '/') return join(build, 'index.html');
  const direct = join(build, `${route}.html`);
  return existsSync(direct) ? direct : join(build, route, 'index.html');
}

const gzipCache = new Map();
function gzipped(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(file), {level: 9}).length);
  return gzipCache.get(file);
}

/** Gzipped bytes of one page: {html, css, js, total} and the files counted. */
export function pageWeight(site, route) {
  const assets = pageAssets(site, route);
  const size = (paths) => paths.reduce((sum, path) => sum + gzipped(join(site.build, path)), 0);
  const weight = {html: gzipped(assets.html), css: size(assets.css), js: size(assets.js)};
  return {...weight, total: weight.html + weight.css + weight.js, files: assets};
}

/** Every page of the build (HTML files that are pages, not client-redirect stubs). */
export function allRoutes(build) {
  const routes = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.html')) {
        const html = readFileSync(path, 'utf8');
        if (!html.includes('data-has-hydrated')) continue; // redirect stubs are not pages
        const route = `/${relative(build, path).split(sep).join('/')}`.replace(/(\/index)?\.html$/, '') || '/';
        routes.push(route);
      }
    }
  };
  walk(build);
  return routes.sort();
}

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(6);

function main() {
  const {values} = parseArgs({
    options: {
      build: {type: 'string', default: 'build'},
      generated: {type: 'string', default: '.docusaurus'},
      budgets: {type: 'string', default: 'benchmarks/budgets.json'},
      json: {type: 'boolean', default: false},
    },
  });
  const site = loadBuild(values.build, values.generated);
  const worst = {};
  for (const route of allRoutes(values.build)) {
    const type = pageType(route);
    const weight = pageWeight(site, route);
    worst[type] ??= {};
    for (const kind of ['html', 'css', 'js', 'total']) {
      if (!worst[type][kind] || weight[kind] > worst[type][kind].bytes)
        worst[type][kind] = {bytes: weight[kind], route};
    }
  }
  if (values.json) {
    console.log(JSON.stringify(worst, null, 2));
    return;
  }
  const budgets = JSON.parse(readFileSync(values.budgets, 'utf8')).pages;
  let failures = 0;
  console.log('Heaviest page of each type, gzipped KB loaded before hydration (budget in brackets):');
  for (const [type, kinds] of Object.entries(worst).sort()) {
    const budget = budgets[type];
    const cells = ['html', 'css', 'js', 'total'].map((kind) => {
      const over = budget?.[kind] !== undefined && kinds[kind].bytes > budget[kind];
      if (over) failures++;
      return `${kind} ${kb(kinds[kind].bytes)}${budget?.[kind] !== undefined ? ` [${kb(budget[kind]).trim()}]` : ''}${over ? ' OVER' : ''}`;
    });
    console.log(`  ${type.padEnd(10)} ${cells.join('  ')}`);
    for (const kind of ['html', 'css', 'js', 'total']) {
      if (budget?.[kind] !== undefined && kinds[kind].bytes > budget[kind]) {
        console.log(`    ✗ ${kind} of ${kinds[kind].route}: ${kinds[kind].bytes} B > ${budget[kind]} B`);
      }
    }
    if (!budget && type !== 'other' && type !== 'search') {
      console.log(`    ✗ no budget for page type "${type}" in ${values.budgets}`);
      failures++;
    }
  }
  if (failures) {
    console.log(`budgets: ${failures} exceeded`);
    process.exit(1);
  }
  console.log('budgets: all pages within budget');
}

if (process.argv[1]?.endsWith('/check/budgets.mjs')) main();
