// Builds of the site with some of its changes undone, for the benchmarks that compare them in one
// run (bench:pages, bench:lighthouse). Each variant is built in a scratch copy (scripts/bench/build.mjs)
// and edits that copy only. Every edit must apply: a change to the config or the theme that an
// edit no longer matches fails the benchmark instead of silently measuring the site as it is.
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {spawnSync} from 'node:child_process';
import {scratchCopy} from '../lib/scratch-copy.mjs';
import {clearCaches, timedBuild} from './build.mjs';

/** Applies regular-expression replacements to one file of `dir`; each must match. */
export function edit(dir, file, replacements) {
  const path = join(dir, file);
  let text = readFileSync(path, 'utf8');
  for (const [pattern, replacement] of replacements) {
    if (!pattern.test(text)) throw new Error(`variant: ${pattern} not found in ${file}`);
    text = text.replace(pattern, replacement);
  }
  writeFileSync(path, text);
}

/** Removes swizzles of `dir` (folders or files under src/theme), which must exist. */
function unswizzle(dir, ...components) {
  for (const component of components) {
    rmSync(join(dir, 'src/theme', component), {recursive: true});
  }
}

/** One plugin entry (`    name, // comment`) taken out of the config's plugin list. */
const withoutPlugin = (dir, name) => edit(dir, 'docusaurus.config.ts', [[new RegExp(`^ {4}${name},.*\\n`, 'm'), '']]);

/**
 * The stock client of bench:pages, which bench:lighthouse compares the site with too: the same
 * site and bundler with theme-classic's own CodeBlock (Prism in the browser), the stock search bar
 * and Mermaid component (the library imported by every MDX page), the stock page template and the
 * stock `@docusaurus/utils-common`. The rest of the site's plugins stay.
 */
export function makeStock(dir) {
  edit(dir, 'docusaurus.config.ts', [
    [/^ {2}ssrTemplate,\n/m, ''],
    [/rehypePlugins: \[codeHighlight\]/g, 'rehypePlugins: []'],
  ]);
  for (const plugin of ['codeHighlightPlugin', 'slimClientPlugin']) withoutPlugin(dir, plugin);
  unswizzle(dir, 'CodeBlock', 'SearchBar', 'Mermaid');
}

/**
 * The site without one of its changes, by name (see ARCHITECTURE.md): what the change is measured
 * against in bench:lighthouse (`--without name`).
 */
export const WITHOUT = {
  'staged-entry': (dir) => withoutPlugin(dir, 'stagedEntryPlugin'),
  'slim-client': (dir) => withoutPlugin(dir, 'slimClientPlugin'),
  'after-hydration': (dir) => withoutPlugin(dir, 'afterHydrationPlugin'),
  'ssr-template': (dir) => edit(dir, 'docusaurus.config.ts', [[/^ {2}ssrTemplate,\n/m, '']]),
  // The drawings stay in static/; the remark step that puts them in the pages goes, so every
  // diagram is drawn in the browser by Mermaid (when it comes near the viewport).
  'drawn-diagrams': (dir) =>
    edit(dir, 'docusaurus.config.ts', [
      // Every content plugin's list (the docs' has the SDK reference step first).
      [/(beforeDefaultRemarkPlugins: \[[^\]]*), drawnDiagrams\]/g, '$1]'],
    ]),
  // Prism in the browser: theme-classic's CodeBlock and Prism client module, no build-time runs.
  'code-highlight': (dir) => {
    edit(dir, 'docusaurus.config.ts', [[/rehypePlugins: \[codeHighlight\]/g, 'rehypePlugins: []']]);
    for (const plugin of ['codeHighlightPlugin', 'slimClientPlugin']) withoutPlugin(dir, plugin);
    unswizzle(dir, 'CodeBlock');
  },
  // Stock's post date (a first Intl.DateTimeFormat while hydrating).
  'blog-dates': (dir) => unswizzle(dir, 'BlogPostItem/Header/Info'),
  // Stock lunr in the search worker (for bench:search, or a test of the patch in the browser).
  'search-typos': (dir) =>
    edit(dir, 'src/plugins/search/index.ts', [
      [/^ {2}\[WORKER, \/\^(lunr|\\\.\\\.\\\/utils\\\/smartQueries)\$.*\n/gm, ''],
    ]),
};

/**
 * Builds a scratch copy of `source` changed by `change(dir)` (none for the site as it is) with
 * precompressed files, as `npm run build` makes it. Returns the copy's folder, its build and its
 * generated files; `remove()` deletes the copy.
 */
export function buildVariant(source, label, change) {
  const dir = scratchCopy(source, `site-${label.replace(/[^\w-]+/g, '-')}-`);
  try {
    change?.(dir);
    clearCaches(dir);
    const {seconds} = timedBuild(dir);
    const precompress = spawnSync(process.execPath, ['scripts/build/precompress.mjs', '--dir', 'build'], {
      cwd: dir,
      stdio: 'ignore',
    });
    if (precompress.status !== 0) throw new Error(`precompressing ${label} failed`);
    console.log(`built ${label} in ${seconds.toFixed(0)} s (${dir})`);
  } catch (error) {
    rmSync(dir, {recursive: true, force: true});
    throw error;
  }
  return {
    label,
    dir,
    build: join(dir, 'build'),
    generated: join(dir, '.docusaurus'),
    remove: () => rmSync(dir, {recursive: true, force: true}),
  };
}
