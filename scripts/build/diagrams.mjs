#!/usr/bin/env node
/* global window, document, requestAnimationFrame -- in the page.evaluate callbacks, which run in Chromium */
// `npm run diagrams`: draws every Mermaid diagram of the site ahead of time, so that readers get SVG
// in the page instead of Mermaid running in their browser (src/plugins/drawn-diagrams). Each
// ```mermaid block of docs/, versioned_docs/, blog/ and src/pages/ is drawn in Debian's Chromium with
// the Mermaid that theme-mermaid uses, once per colour mode with the theme `themeConfig.mermaid`
// names, into static/diagrams/<key>-<mode>.svg. Drawings that exist are kept; drawings no block
// asks for any more are deleted. Run it after adding or changing a diagram, and commit the files.
//   node scripts/build/diagrams.mjs [--check]   (--check: only report what is missing or left over)
import {existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import {
  DRAWINGS_DIR,
  MODES,
  drawingFile,
  drawingId,
  drawingKey,
  mermaidVersion,
} from '../../src/plugins/drawn-diagrams/drawings.mjs';

const require = createRequire(import.meta.url);
const {values} = parseArgs({options: {check: {type: 'boolean', default: false}}});
const CONTENT = ['docs', 'versioned_docs', 'blog', 'src/pages'];

/**
 * Rounds the numbers of a coordinate list to two decimals (Mermaid writes up to seventeen digits).
 * SVG lets numbers touch (".4.05" is 0.4 then 0.05), so a number is only taken whole, and one that
 * rounds to an integer keeps a decimal point when another number follows with its own.
 */
const roundNumbers = (text) =>
  text.replace(/(?<![\d.])-?\d*\.\d{3,}(e-?\d+)?/g, (number, _exponent, offset) => {
    const rounded = String(Math.round(Number(number) * 100) / 100);
    return text[offset + number.length] === '.' && !rounded.includes('.') ? `${rounded}.0` : rounded;
  });

/** The class names and element names a drawing's markup uses (its style sheet aside). */
function vocabulary(markup) {
  const classes = new Set([...markup.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)));
  const tags = new Set([...markup.matchAll(/<([a-zA-Z][\w-]*)/g)].map((m) => m[1].toLowerCase()));
  return {classes, tags};
}

/**
 * Whether a selector of a drawing's style sheet can match anything in it. Mermaid writes every rule
 * of the diagram type (errors, clusters, icons, tooltips...) into each drawing, scoped by the
 * drawing's id, and the browser matches each of them against the whole page. A selector is kept
 * unless it names a class or element the drawing does not have, or Mermaid's "neo" look, which the
 * site does not use (its rules point at a gradient the drawing lacks: a broken #fragment).
 */
function selectorUsed(selector, {classes, tags}) {
  const scoped = /^\s*#diagram-[\da-f]+-(?:light|dark)\b(.*)$/s.exec(selector);
  if (!scoped) return true; // not a rule of the diagram (@keyframes steps, say)
  if (selector.includes('[data-look="neo"]')) return false;
  const rest = scoped[1].replace(/\[[^\]]*\]/g, '').replace(/::?[\w-]+(\([^)]*\))?/g, '');
  const named = [...rest.matchAll(/\.([\w-]+)/g)].map((m) => m[1]);
  const elements = [...rest.matchAll(/(?:^|[\s>+~])([a-zA-Z][\w-]*)/g)].map((m) => m[1].toLowerCase());
  return named.every((name) => classes.has(name)) && elements.every((name) => tags.has(name));
}

/** A drawing's style sheet with only the selectors that can match something in it. */
const usedRules = (css, words) =>
  css.replace(/([^{}]+)\{([^{}]*)\}/g, (rule, selectors, body) => {
    const kept = selectors.split(',').filter((selector) => selectorUsed(selector, words));
    return kept.length === 0 ? '' : `${kept.join(',')}{${body}}`;
  });

/**
 * A smaller drawing that looks the same: coordinates to 1/100 px, only the style rules that match
 * something, and without the arrowhead markers Mermaid defines for every diagram but this one
 * does not use.
 */
export function compact(drawn) {
  const words = vocabulary(drawn.replace(/<style>.*?<\/style>/s, ''));
  const svg = drawn.replace(/<style>(.*?)<\/style>/s, (_, css) => `<style>${usedRules(css, words)}</style>`);
  const used = (id) => svg.includes(`#${id})`) || svg.includes(`#${id}"`);
  return svg
    .replace(/<marker\b[^>]*\bid="([^"]+)"[^>]*>.*?<\/marker>/gs, (marker, id) => (used(id) ? marker : ''))
    .replace(/\b(d|points|transform|viewBox|x|y|x1|x2|y1|y2|width|height|cx|cy|r|rx|ry)="([^"]*)"/g, (_, name, value) => `${name}="${roundNumbers(value)}"`)
    .replace(/style="max-width: ([\d.]+)px;"/, (_, width) => `style="max-width: ${roundNumbers(width)}px;"`);
}

/** Every .md and .mdx file under `dir`. */
function markdownFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return /\.mdx?$/.test(entry.name) ? [file] : [];
  });
}

/** The ```mermaid blocks of a file, parsed as the site's Markdown is (format 'detect'). */
function diagramsIn(file) {
  const processor = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkDirective);
  if (file.endsWith('.mdx')) processor.use(remarkMdx);
  const found = [];
  const visit = (node) => {
    if (node.type === 'code' && node.lang === 'mermaid') found.push({source: node.value, line: node.position.start.line});
    node.children?.forEach(visit);
  };
  visit(processor.parse(readFileSync(file, 'utf8')));
  return found;
}

const {loadSiteConfig} = require('@docusaurus/core/lib/server/config');
const {siteConfig} = await loadSiteConfig({siteDir: process.cwd()});
const mermaidConfig = siteConfig.themeConfig.mermaid;
const version = mermaidVersion();

/** key → {source, where}, for every diagram of the site. */
const wanted = new Map();
for (const file of CONTENT.flatMap(markdownFiles)) {
  for (const {source, line} of diagramsIn(file)) {
    const key = drawingKey(source, mermaidConfig, version);
    if (!wanted.has(key)) wanted.set(key, {source, where: `${file}:${line}`});
  }
}

mkdirSync(DRAWINGS_DIR, {recursive: true});
const present = new Set(readdirSync(DRAWINGS_DIR).filter((name) => name.endsWith('.svg')));
const expected = new Set([...wanted.keys()].flatMap((key) => MODES.map((mode) => drawingFile(key, mode))));
const leftOver = [...present].filter((name) => !expected.has(name));
const toDraw = [...wanted].filter(([key]) => MODES.some((mode) => !present.has(drawingFile(key, mode))));

console.log(
  `diagrams: ${wanted.size} diagrams (Mermaid ${version}), ${toDraw.length} to draw, ${leftOver.length} drawings no longer used`,
);
if (values.check) {
  toDraw.forEach(([, {where}]) => console.log(`  not drawn: ${where}`));
  leftOver.forEach((name) => console.log(`  left over: ${DRAWINGS_DIR}/${name}`));
  process.exit(toDraw.length || leftOver.length ? 1 : 0);
}
for (const name of leftOver) unlinkSync(path.join(DRAWINGS_DIR, name));
if (toDraw.length === 0) process.exit(0);

const puppeteer = (await import('puppeteer-core')).default;
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox'],
});
let failed = 0;
try {
  const page = await browser.newPage();
  // What Chromium reports about a drawing's markup (an attribute it cannot parse, say).
  const complaints = [];
  page.on('console', (message) => message.type() === 'error' && complaints.push(message.text()));
  await page.setContent('<!doctype html><html lang="en"><body></body></html>');
  const mermaidDir = path.dirname(createRequire(require.resolve('@docusaurus/theme-mermaid')).resolve('mermaid'));
  await page.addScriptTag({path: path.join(mermaidDir, 'mermaid.min.js')});
  for (const [key, {source, where}] of toDraw) {
    for (const mode of MODES) {
      // As theme-mermaid configures Mermaid in the browser (useMermaidConfig), for this mode's theme.
      const config = {startOnLoad: false, ...mermaidConfig.options, theme: mermaidConfig.theme[mode]};
      const result = await page.evaluate(
        async (id, text, config) => {
          try {
            window.mermaid.mermaidAPI.initialize(config);
            return {svg: (await window.mermaid.render(id, text)).svg};
          } catch (error) {
            document.getElementById(`d${id}`)?.remove();
            return {error: String(error?.message ?? error)};
          }
        },
        drawingId(key, mode),
        source,
        config,
      );
      if (result.error) {
        failed += 1;
        console.error(`  ${where}: Mermaid cannot draw this diagram: ${result.error}`);
        break;
      }
      // The smaller drawing must parse as cleanly as Mermaid's own: shown once, nothing reported.
      const svg = compact(result.svg);
      complaints.length = 0;
      await page.evaluate(async (markup) => {
        const shown = document.createElement('div');
        shown.innerHTML = markup;
        document.body.append(shown);
        await new Promise((resolve) => requestAnimationFrame(resolve));
        shown.remove();
      }, svg);
      if (complaints.length) {
        failed += 1;
        console.error(`  ${where}: the compacted ${mode} drawing does not parse: ${complaints.join('; ')}`);
        break;
      }
      writeFileSync(path.join(DRAWINGS_DIR, drawingFile(key, mode)), `${svg}\n`);
    }
    if (!failed) console.log(`  drew ${where}`);
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
