#!/usr/bin/env node
// Page weight (a step of `npm test` and `npm run check`): the gzipped bytes of HTML, CSS and JS that
// each page of build/ loads before it is interactive, for the heaviest page of each type, printed
// against benchmarks/budgets.json and the figures recorded there.
//
// What a page loads splits in two. Code: the entry scripts, the components that render the page
// (its routes' `__comp` chunks) and every stylesheet. Content: the HTML and the page's own data (its
// compiled Markdown, its props: the sidebar, the list of posts). A writer changes only content, so
// content is a report; the step fails only when the code of a page type grows past its budget,
// which a change of components, theme, plugins or dependencies does, and the message says which.
//
// What a page loads before hydration: its HTML; the stylesheets and scripts its HTML links; and
// the chunks of its route, which Docusaurus's runtime fetches before React hydrates. Those come
// from the build's own records in .docusaurus/: routes.js (the route tree), routesChunkNames.json
// (the chunk names each route needs) and client-manifest.json (the files each chunk needs).
// tests/budgets.spec.ts checks that this list is exactly what Chromium downloads.
//   node scripts/check/budgets.mjs [--build build] [--generated .docusaurus] [--budgets F] [--json] [--record]
import {existsSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
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

  // A route's chunks by what they hold: `__comp` is the component that renders it (code); every
  // other key (`content`, `__props`, `__context`, `items`, `sidebar`…) is data made from content.
  const chunks = {code: new Set(), content: new Set()};
  const lookupPath = route === '/404' ? '/__docusaurus/404-no-route' : route;
  for (const matched of branch(site.routes, lookupPath)) {
    const key = matched.component;
    const byKey = key ? Object.entries(site.chunkNames[key] ?? {}) : [['__comp', site.notFoundChunk]];
    for (const [name, value] of byKey) {
      const kind = name === '__comp' ? 'code' : 'content';
      for (const chunk of chunkNamesIn(value))
        for (const id of site.manifest.origins[chunk] ?? []) chunks[kind].add(String(id));
    }
  }
  const js = new Set(scripts);
  const css = new Set(styles);
  const contentJs = new Set();
  for (const kind of ['code', 'content'])
    for (const id of chunks[kind]) {
      for (const file of site.manifest.assets[id]?.js ?? []) {
        if (kind === 'content' && !js.has(file.publicPath)) contentJs.add(file.publicPath);
        js.add(file.publicPath);
      }
      for (const file of site.manifest.assets[id]?.css ?? []) css.add(file.publicPath);
    }
  return {html: htmlFile, js: [...js], css: [...css], contentJs: [...contentJs]};
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

/**
 * Gzipped bytes of one page: {html, css, js, total} and the files counted; `js` splits into `codeJs`
 * (entry scripts and components) and `contentJs` (the page's own data).
 */
export function pageWeight(site, route) {
  const assets = pageAssets(site, route);
  const size = (paths) => paths.reduce((sum, path) => sum + gzipped(join(site.build, path)), 0);
  const weight = {html: gzipped(assets.html), css: size(assets.css), js: size(assets.js)};
  const contentJs = size(assets.contentJs);
  return {
    ...weight,
    codeJs: weight.js - contentJs,
    contentJs,
    total: weight.html + weight.css + weight.js,
    files: assets,
  };
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

const kb = (bytes) => (bytes / 1024).toFixed(1);
/** What the step fails on (code), and what it only reports (content). */
const GATED = ['css', 'codeJs'];
const REPORTED = ['html', 'contentJs'];
const LABEL = {html: 'HTML', css: 'CSS', codeJs: 'code JS', contentJs: 'content JS'};

function main() {
  const {values} = parseArgs({
    options: {
      build: {type: 'string', default: 'build'},
      generated: {type: 'string', default: '.docusaurus'},
      budgets: {type: 'string', default: 'benchmarks/budgets.json'},
      json: {type: 'boolean', default: false},
      record: {type: 'boolean', default: false},
    },
  });
  const site = loadBuild(values.build, values.generated);
  const worst = {};
  for (const route of allRoutes(values.build)) {
    const type = pageType(route);
    const weight = pageWeight(site, route);
    worst[type] ??= {};
    for (const kind of [...GATED, ...REPORTED]) {
      if (!worst[type][kind] || weight[kind] > worst[type][kind].bytes)
        worst[type][kind] = {bytes: weight[kind], route};
    }
  }
  if (values.json) {
    console.log(JSON.stringify(worst, null, 2));
    return;
  }
  const file = JSON.parse(readFileSync(values.budgets, 'utf8'));
  if (values.record) {
    file.recorded = Object.fromEntries(
      Object.entries(worst)
        .sort()
        .map(([type, kinds]) => [type, Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, v.bytes]))]),
    );
    writeFileSync(values.budgets, `${JSON.stringify(file, null, 2)}\n`);
    console.log(`recorded the figures of this build in ${values.budgets}`);
  }
  const failures = [];
  console.log(
    'Heaviest page of each type, gzipped KB loaded before hydration: now (recorded) [budget]. Code (CSS, ' +
      'code JS) must stay within its budget; content (HTML, content JS) is reported only.',
  );
  for (const [type, kinds] of Object.entries(worst).sort()) {
    const budget = file.pages[type] ?? {};
    const recorded = file.recorded?.[type] ?? {};
    const cells = [...GATED, ...REPORTED].map((kind) => {
      const now = kinds[kind].bytes;
      const over = budget[kind] !== undefined && now > budget[kind];
      if (over && GATED.includes(kind))
        failures.push(`${LABEL[kind]} of ${type} pages (${kinds[kind].route}): ${now} B > ${budget[kind]} B`);
      return (
        `${LABEL[kind]} ${kb(now)}` +
        (recorded[kind] !== undefined ? ` (${kb(recorded[kind])})` : '') +
        (budget[kind] !== undefined ? ` [${kb(budget[kind])}]` : '') +
        (over ? ' over' : '')
      );
    });
    console.log(`  ${type.padEnd(10)} ${cells.join(', ')}`);
    if (!file.pages[type] && type !== 'other' && type !== 'search') failures.push(`no budget for page type "${type}"`);
  }
  if (failures.length) {
    for (const failure of failures) console.log(`✗ ${failure}`);
    console.log(
      `The code a page loads before it is interactive grew past ${values.budgets}: find the component or ` +
        'dependency that grew (npm run bench:pages lists the files of each page); raise a budget only with the ' +
        'reason in the commit.',
    );
    process.exit(1);
  }
  console.log('page weight: the code of every page type is within its budget');
}

if (process.argv[1]?.endsWith('/check/budgets.mjs')) main();
