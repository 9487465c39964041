// Build-time syntax highlighting. Stock Docusaurus ships Prism to every visitor (theme-classic
// registers it as a client module, ~35 KB gzipped in main.js) and tokenizes each code block in the
// browser. Here the same Prism (prism-react-renderer's, plus `themeConfig.prism.additionalLanguages`
// loaded exactly as theme-classic loads them) runs once at build time:
//   - `rehypeCodeHighlight` tokenizes every fenced code block and stores the token runs on the
//     `code` element as a compact `highlight` string (see `encodeTokens`), which the swizzled
//     `@theme/CodeBlock/Content/String` renders into the same spans, lines and classes;
//   - the plugin turns the light and dark Prism themes into one stylesheet (a rule per token type,
//     per colour mode) and keeps theme-classic's Prism client module out of the bundle.
import {mkdirSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {Prism, normalizeTokens, type PrismTheme} from 'prism-react-renderer';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** The part of `themeConfig.prism` this reads: themes and the one list of extra languages. */
interface PrismConfig {
  theme: PrismTheme;
  darkTheme?: PrismTheme;
  additionalLanguages?: readonly string[];
}

const prismConfigOf = (themeConfig: unknown): PrismConfig => {
  const prism = (themeConfig as {prism?: PrismConfig} | undefined)?.prism;
  if (!prism?.theme) throw new Error('code-highlight: themeConfig.prism.theme is missing.');
  return prism;
};

/** Loads grammars from the prismjs copy theme-classic would load them from. */
const requireFromTheme = createRequire(require.resolve('@docusaurus/theme-classic'));

const loadedLanguages = new Set<string>();

/** Adds the extra grammars to prism-react-renderer's Prism, as theme-classic's client module does. */
export function loadLanguages(languages: readonly string[]): typeof Prism {
  const global = globalThis as {Prism?: unknown};
  const previous = global.Prism;
  global.Prism = Prism;
  try {
    for (const language of languages) {
      if (loadedLanguages.has(language)) continue;
      // PHP's grammar builds on markup-templating, which is not one of prism-react-renderer's.
      if (language === 'php') requireFromTheme('prismjs/components/prism-markup-templating.js');
      requireFromTheme(`prismjs/components/prism-${language}`);
      loadedLanguages.add(language);
    }
  } finally {
    if (previous === undefined) delete global.Prism;
    else global.Prism = previous;
  }
  return Prism;
}

/**
 * The token runs of one code block: `<types>|<lines>`. `<types>` lists the distinct type paths
 * (outer to inner Prism token types joined by '.'), space-separated. `<lines>` has one entry per
 * line, separated by ';'; each entry is a comma-separated list of runs, `<length>` for plain text
 * or `<length>:<type index>`. Lengths are UTF-16 code units of the line's text.
 */
export function encodeTokens(code: string, language: string): string | undefined {
  const grammar = Prism.languages[language];
  if (!grammar) return undefined;
  const env = {code, grammar, language, tokens: [] as (string | Prism.Token)[]};
  Prism.hooks.run('before-tokenize', env);
  env.tokens = Prism.tokenize(code, grammar);
  Prism.hooks.run('after-tokenize', env);
  const types: string[] = [];
  const typeIndex = new Map<string, number>();
  const lines = normalizeTokens(env.tokens).map((line) => {
    const runs: [number, number][] = [];
    for (const token of line) {
      if (token.empty || token.content.length === 0) continue;
      let index = -1;
      if (!(token.types.length === 1 && token.types[0] === 'plain')) {
        const key = token.types.join('.');
        if (!typeIndex.has(key)) {
          typeIndex.set(key, types.length);
          types.push(key);
        }
        index = typeIndex.get(key)!;
      }
      const last = runs[runs.length - 1];
      if (last && last[1] === index) last[0] += token.content.length;
      else runs.push([token.content.length, index]);
    }
    return runs.map(([length, index]) => (index === -1 ? `${length}` : `${length}:${index}`)).join(',');
  });
  return `${types.join(' ')}|${lines.join(';')}`;
}

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

const textOf = (node: HastNode): string =>
  node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join('');

function languageOf(code: HastNode): string | undefined {
  const classes = code.properties?.className;
  const list = Array.isArray(classes) ? classes : typeof classes === 'string' ? classes.split(' ') : [];
  const match = list.map(String).find((name) => name.startsWith('language-'));
  return match?.slice('language-'.length).toLowerCase();
}

/** Rehype plugin: adds the `highlight` token runs to every `pre > code` with a known language. */
export function rehypeCodeHighlight(options: {themeConfig: () => unknown}) {
  loadLanguages(prismConfigOf(options.themeConfig()).additionalLanguages ?? []);
  const visit = (node: HastNode) => {
    if (node.type === 'element' && node.tagName === 'pre') {
      const code = node.children?.find((child) => child.type === 'element' && child.tagName === 'code');
      const language = code && languageOf(code);
      if (code && language) {
        // parseLines (client side) works on '\n' lines and drops one final newline.
        const text = textOf(code).replace(/\r\n?/g, '\n');
        const encoded = encodeTokens(text.replace(/\n$/, ''), language);
        if (encoded !== undefined) {
          code.children = [{type: 'text', value: text}];
          code.properties = {...code.properties, highlight: encoded};
        }
      }
      return;
    }
    node.children?.forEach(visit);
  };
  return (tree: HastNode) => visit(tree);
}

const PROPERTY_NAMES: Record<string, string> = {};
const cssName = (property: string) =>
  (PROPERTY_NAMES[property] ??= property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`));

type Style = Record<string, string | number | undefined>;

/** Style per token type, merged across theme entries in order, as prism-react-renderer does. */
function typeStyles(theme: PrismTheme, language?: string): Map<string, Style> {
  const styles = new Map<string, Style>();
  for (const entry of theme.styles) {
    if (entry.languages && (language === undefined || !entry.languages.includes(language))) continue;
    for (const type of entry.types) styles.set(type, {...styles.get(type), ...(entry.style as Style)});
  }
  return styles;
}

/**
 * One stylesheet for both colour modes. Each token is a span per type, nested outer to inner, so
 * the cascade reproduces prism-react-renderer's merge (inner types win, the rest is inherited).
 * A property one mode sets and the other does not is `unset` in the other.
 */
export function themeCss(light: PrismTheme, dark: PrismTheme): string {
  const rules: string[] = [];
  const block = (selector: string, declarations: [string, unknown][]) => {
    const body = declarations
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${cssName(name)}:${value}`)
      .join(';');
    if (body) rules.push(`${selector}{${body}}`);
  };
  block('.code-highlight', [
    ['--prism-color', light.plain.color],
    ['--prism-background-color', light.plain.backgroundColor],
  ]);
  block("[data-theme='dark'] .code-highlight", [
    ['--prism-color', dark.plain.color],
    ['--prism-background-color', dark.plain.backgroundColor],
  ]);
  // Stock puts the plain colours inline on <pre>, over Infima's --ifm-pre-color.
  block('.code-highlight .prism-code', [
    ['color', 'var(--prism-color)'],
    ['background-color', 'var(--prism-background-color)'],
  ]);

  const emit = (scope: string, lightStyles: Map<string, Style>, darkStyles: Map<string, Style>, only?: Set<string>) => {
    const types = [...new Set([...lightStyles.keys(), ...darkStyles.keys()])].filter((type) => !only || only.has(type));
    for (const type of types) {
      const l = lightStyles.get(type) ?? {};
      const d = darkStyles.get(type) ?? {};
      const names = [...new Set([...Object.keys(l), ...Object.keys(d)])];
      block(
        `.code-highlight${scope} .token.${type}`,
        names.map((name) => [name, l[name] ?? 'unset']),
      );
      block(
        `[data-theme='dark'] .code-highlight${scope} .token.${type}`,
        names.map((name) => [name, d[name] ?? 'unset']),
      );
    }
  };
  const lightAll = typeStyles(light);
  const darkAll = typeStyles(dark);
  emit('', lightAll, darkAll);
  // Entries restricted to some languages apply on top, inside that language's blocks only.
  const scoped = new Set([...light.styles, ...dark.styles].flatMap((entry) => entry.languages ?? []));
  for (const language of scoped) {
    const touched = new Set(
      [...light.styles, ...dark.styles]
        .filter((entry) => entry.languages?.includes(language))
        .flatMap((entry) => entry.types),
    );
    emit(`.language-${language}`, typeStyles(light, language), typeStyles(dark, language), touched);
  }
  return `${rules.join('\n')}\n`;
}

/** The Docusaurus plugin: theme stylesheet as a client module, stock Prism client module removed. */
export default function codeHighlightPlugin(context: LoadContext): Plugin {
  const prism = prismConfigOf(context.siteConfig.themeConfig);
  const dir = path.join(context.generatedFilesDir, 'code-highlight');
  const stylesheet = path.join(dir, 'prism-theme.css');
  mkdirSync(dir, {recursive: true});
  writeFileSync(stylesheet, themeCss(prism.theme, prism.darkTheme ?? prism.theme));
  const stockPrismModule = require.resolve('@docusaurus/theme-classic/lib/prism-include-languages');
  const empty = path.join(__dirname, 'no-client-prism.js');
  return {
    name: 'code-highlight',
    getClientModules: () => [stylesheet],
    configureWebpack: () => ({
      resolve: {alias: {[stockPrismModule]: empty, [stockPrismModule.replace(/\.js$/, '')]: empty}},
    }),
  };
}
