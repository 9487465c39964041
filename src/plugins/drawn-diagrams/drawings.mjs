// What the build and `npm run diagrams` (scripts/build/diagrams.mjs) agree on: where a diagram's
// drawings live and what they are called. A drawing is named after everything that decides how it
// looks (the Mermaid version, the site's Mermaid themes and options, the diagram's source), so a
// change to any of them asks for a new drawing and an old one is never shown for a new source.
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';

/** The folder of drawings, in the site's static files: the build copies it to /diagrams/. */
export const DRAWINGS_DIR = 'static/diagrams';

/** The colour modes, each drawn with the Mermaid theme `themeConfig.mermaid.theme[mode]` names. */
export const MODES = /** @type {const} */ (['light', 'dark']);

/** The Mermaid that theme-mermaid loads, which draws the diagrams in the browser when no drawing exists. */
export function mermaidVersion() {
  const fromTheme = createRequire(createRequire(import.meta.url).resolve('@docusaurus/theme-mermaid'));
  return JSON.parse(readFileSync(fromTheme.resolve('mermaid/package.json'), 'utf8')).version;
}

/**
 * The name of a diagram's drawings: 16 hex digits of a SHA-256.
 * @param {string} source the diagram's Mermaid text, as the Markdown code block holds it
 * @param {{theme: Record<string, string>, options?: object}} mermaidConfig `themeConfig.mermaid`
 * @param {string} version the Mermaid version
 */
export function drawingKey(source, mermaidConfig, version) {
  const what = JSON.stringify([version, mermaidConfig.theme, mermaidConfig.options ?? {}, source]);
  return createHash('sha256').update(what).digest('hex').slice(0, 16);
}

/** @param {string} key @param {'light' | 'dark'} mode */
export const drawingFile = (key, mode) => `${key}-${mode}.svg`;

/** The id of a drawing's <svg>: Mermaid scopes its styles and markers by it, so each is unique. */
export const drawingId = (key, mode) => `diagram-${key}-${mode}`;
