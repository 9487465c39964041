#!/usr/bin/env node
// `npm run bench:pages`: what the site's page-weight work saves, against stock Docusaurus, in one
// run. A scratch copy of the site is built twice with the same bundler: once as it is, once with
// the stock client (Prism highlighting in the browser, the stock search bar, CodeBlock, Mermaid
// and page template; no slim utils-common). For each page type it prints the gzipped JS, CSS and
// HTML loaded before hydration (as `npm run test:budgets` counts them) of the heaviest page, and
// the median and largest doc page. A benchmark, not a test.
//   node scripts/bench/pages.mjs [--json F]
import {rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import {scratchCopy} from '../lib/scratch-copy.mjs';
import {clearCaches, machine, median, timedBuild} from './build.mjs';
import {allRoutes, loadBuild, pageType, pageWeight} from '../check/budgets.mjs';
import {makeStock} from './variants.mjs';

const {values} = parseArgs({options: {json: {type: 'string'}}});

function weigh(dir) {
  const site = loadBuild(join(dir, 'build'), join(dir, '.docusaurus'));
  const byType = {};
  for (const route of allRoutes(site.build)) {
    const type = pageType(route);
    const weight = pageWeight(site, route);
    (byType[type] ??= []).push({route, html: weight.html, css: weight.css, js: weight.js});
  }
  const result = {};
  for (const [type, pages] of Object.entries(byType)) {
    const heaviest = pages.reduce((a, b) => (b.js > a.js ? b : a));
    result[type] = {heaviest, medianJs: median(pages.map((p) => p.js)), pages: pages.length};
  }
  return result;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

const results = {};
for (const variant of ['stock client', 'this site']) {
  const dir = scratchCopy(process.cwd(), 'site-pages-');
  try {
    if (variant === 'stock client') makeStock(dir);
    clearCaches(dir);
    timedBuild(dir); // throws when the build fails
    results[variant] = weigh(dir);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

console.log(`bench:pages on ${machine()}: gzipped KB before hydration, stock client → this site`);
const [stock, ours] = [results['stock client'], results['this site']];
for (const type of Object.keys(ours).sort()) {
  const [s, o] = [stock[type], ours[type]];
  if (!s) continue;
  console.log(
    `  ${type.padEnd(10)} heaviest ${o.heaviest.route.padEnd(34)} JS ${kb(s.heaviest.js)} → ${kb(o.heaviest.js)}  ` +
      `CSS ${kb(s.heaviest.css)} → ${kb(o.heaviest.css)}  HTML ${kb(s.heaviest.html)} → ${kb(o.heaviest.html)}  ` +
      `median JS ${kb(s.medianJs)} → ${kb(o.medianJs)} (${o.pages} pages)`,
  );
}
if (values.json) writeFileSync(values.json, JSON.stringify({machine: machine(), results}, null, 2));
