// Mermaid diagrams drawn once, ahead of time, instead of in every reader's browser. Measured on the
// SDK API reference pages, whose first diagram is within two screens of the top (benchmarks/README,
// "Diagrams drawn ahead of time"): Mermaid's code (~650 KB) and its layout of each diagram were most
// of the main thread's blocking time while the page loaded.
//
// - `npm run diagrams` (scripts/build/diagrams.mjs) draws every diagram of the site in Chromium, in
//   the light and the dark Mermaid theme, into static/diagrams/ (committed, like any image).
// - `remarkDrawnDiagrams` gives each ```mermaid block the name of its drawings when both exist. A
//   block without drawings is left to theme-mermaid, drawn in the browser as before, and named in a
//   warning; the strict build (`onMissing: 'throw'`, as for broken links) fails on it.
// - The plugin hands the drawings to the static render only (the server bundle's
//   `@drawn-diagrams/svg`), so they are in each page's HTML but in no script. src/theme/Mermaid
//   keeps the server-rendered SVG when it hydrates, and fetches the two files from /diagrams/ after a
//   client-side navigation.
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {createHash} from 'node:crypto';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {DRAWINGS_DIR, MODES, drawingFile, drawingKey, mermaidVersion} from './drawings.mjs';

interface MermaidConfig {
  theme: Record<string, string>;
  options?: object;
}

type Node = {type: string; lang?: string | null; value?: string; data?: object; position?: {start: {line: number}}};

interface RemarkOptions {
  /** The site's `themeConfig.mermaid`, read when the plugin runs (the config object is not built yet). */
  mermaidConfig: () => unknown;
  /** What a diagram without drawings does: a build warning, or a failed build. */
  onMissing: 'warn' | 'throw';
}

/**
 * Every drawing of `dir`, by file name. A line break follows each label (`</foreignObject>`, `</text>`: where
 * SVG ignores it), so that a page's text, as the site search reads it, keeps one label's words
 * apart from the next ("Aquafier Application", not "AquafierApplication").
 */
function readDrawings(dir: string): Map<string, string> {
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((name) => name.endsWith('.svg'))
      .sort()
      .map((name) => [name, readFileSync(path.join(dir, name), 'utf8').replace(/<\/(?:foreignObject|text)>/g, '$&\n')]),
  );
}

export function remarkDrawnDiagrams({mermaidConfig, onMissing}: RemarkOptions) {
  const version = mermaidVersion();
  return (root: Node, file: {path?: string}): void => {
    const config = mermaidConfig() as MermaidConfig;
    const dir = path.resolve(DRAWINGS_DIR);
    const missing: string[] = [];
    const visit = (node: Node & {children?: Node[]}): void => {
      if (node.type === 'code' && node.lang === 'mermaid') {
        const value = node.value ?? '';
        const key = drawingKey(value, config, version);
        if (MODES.every((mode) => existsSync(path.join(dir, drawingFile(key, mode))))) {
          // Both drawings have the same size: the box a page keeps for them while they are fetched.
          const light = readFileSync(path.join(dir, drawingFile(key, 'light')), 'utf8');
          const box = /viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"/.exec(light)?.slice(1).join(' ');
          // The shape theme-mermaid's own remark step gives a diagram, plus the drawings' name and size.
          Object.assign(node, {
            type: 'mermaidCodeBlock',
            data: {hName: 'mermaid', hProperties: {value, drawing: key, box}},
          });
        } else {
          missing.push(`line ${node.position?.start.line ?? '?'}`);
        }
        return;
      }
      node.children?.forEach(visit);
    };
    visit(root);
    if (missing.length === 0) return;
    const where = path.relative(process.cwd(), file.path ?? 'a page');
    const message = `${where}: ${missing.length} Mermaid diagram(s) (${missing.join(', ')}) have no drawing in ${DRAWINGS_DIR}/ and will be drawn in the browser. Run \`npm run diagrams\`.`;
    if (onMissing === 'throw') throw new Error(message);
    console.warn(`[WARNING] ${message}`);
  };
}

export default function drawnDiagramsPlugin(context: LoadContext): Plugin {
  const modules = {server: '', client: ''};
  return {
    name: 'drawn-diagrams',
    loadContent() {
      return readDrawings(path.join(context.siteDir, DRAWINGS_DIR));
    },
    async contentLoaded({content, actions}) {
      const drawings = content as Map<string, string>;
      // The set's hash is in both modules' names: a new drawing changes the bundler's aliases, which
      // also renews the persistent build cache (src/plugins/build-cache keys it on the aliases).
      const set = createHash('sha256');
      drawings.forEach((svg, name) => set.update(name).update(svg));
      const id = set.digest('hex').slice(0, 12);
      const byName = JSON.stringify(Object.fromEntries(drawings));
      modules.server = await actions.createData(`svg-${id}.js`, `export default ${byName};\n`);
      modules.client = await actions.createData(`no-svg-${id}.js`, 'export default null;\n');
    },
    configureWebpack(_config, isServer) {
      return {resolve: {alias: {'@drawn-diagrams/svg': isServer ? modules.server : modules.client}}};
    },
  };
}
