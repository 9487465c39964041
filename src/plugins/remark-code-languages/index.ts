// A remark plugin that warns at build time about code blocks in a language the syntax highlighter
// does not have ("Language does not exist: <name>"). Stock Docusaurus 3.6.3 renders such a block as
// plain text without a word; this names the language, the file and the line, so the writer can fix
// the fence or register the language in `themeConfig.prism.additionalLanguages`. With
// `onUnknownLanguage: 'throw'` (the site's strict mode, like broken links) the message fails the
// build instead.
//
// The known languages are computed, never listed here: the grammars bundled in
// prism-react-renderer, plus each name of `additionalLanguages` with its aliases and the
// grammars it requires, read from the `components.json` of the prismjs copy that the theme loads
// them from (theme-classic's prism-include-languages). So the site's configuration stays the
// single list of languages.
import {createRequire} from 'node:module';
import {relative} from 'node:path';
import {Prism} from 'prism-react-renderer';

/** Fence names that are shown unhighlighted on purpose, or handled by another renderer. */
const NOT_HIGHLIGHTED = ['mermaid', 'text', 'txt', 'plain', 'plaintext'];

/**
 * File extensions used as fence names whose grammar Prism has under another name. A block
 * fenced as ```cjs is highlighted as JavaScript instead of falling back to plain text.
 */
const EXTENSION_ALIASES: Record<string, string> = {
  cjs: 'javascript',
  mjs: 'javascript',
  cts: 'typescript',
  mts: 'typescript',
};

type PrismComponent = {alias?: string | string[]; require?: string | string[]};
type PrismComponents = {languages: Record<string, PrismComponent | string>};

const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : ([] as string[]).concat(value);

/** Every language name the highlighter knows with these additional languages loaded. */
export function knownLanguages(additionalLanguages: readonly string[]): Set<string> {
  const known = new Set([...Object.keys(Prism.languages), ...NOT_HIGHLIGHTED]);
  const fromTheme = createRequire(require.resolve('@docusaurus/theme-classic'));
  const {languages} = fromTheme('prismjs/components.json') as PrismComponents;
  const add = (name: string): void => {
    const component = languages[name];
    if (typeof component !== 'object') {
      throw new Error(`themeConfig.prism.additionalLanguages: Prism has no language "${name}".`);
    }
    known.add(name);
    asList(component.alias).forEach((alias) => known.add(alias));
    asList(component.require).forEach(add);
  };
  additionalLanguages.forEach(add);
  return known;
}

type Node = {type: string; lang?: string | null; position?: {start: {line: number}}; children?: Node[]};
type File = {path?: string};

export type Options = {
  /** Returns the site's theme configuration; called once, when the first file is compiled. */
  themeConfig: () => unknown;
  /** 'warn' (default) prints the message; 'throw' fails the build with it, as strict mode does. */
  onUnknownLanguage?: 'warn' | 'throw';
};

function additionalLanguagesOf(themeConfig: unknown): string[] {
  const prism = (themeConfig as {prism?: {additionalLanguages?: unknown}} | undefined)?.prism;
  const list = prism?.additionalLanguages ?? [];
  if (!Array.isArray(list) || !list.every((name) => typeof name === 'string')) {
    throw new Error('themeConfig.prism.additionalLanguages must be a list of Prism language names.');
  }
  return list;
}

export default function remarkCodeLanguages(options: Options) {
  let known: Set<string> | undefined;
  // A blog post is compiled twice (post page and truncated list entry): warn once per block.
  const reported = new Set<string>();
  return (tree: Node, file: File): void => {
    known ??= knownLanguages(additionalLanguagesOf(options.themeConfig()));
    const visit = (node: Node): void => {
      if (node.type === 'code' && node.lang) {
        const alias = EXTENSION_ALIASES[node.lang];
        if (alias && known!.has(alias)) {
          node.lang = alias;
        } else if (!known!.has(node.lang)) {
          const where = `${file.path ? relative(process.cwd(), file.path) : '<unknown file>'}:${node.position?.start.line ?? '?'}`;
          const message = `Language does not exist: ${node.lang} (code block at ${where}). Fix the fence, or add the language to themeConfig.prism.additionalLanguages.`;
          if (options.onUnknownLanguage === 'throw') throw new Error(message);
          if (!reported.has(where)) {
            reported.add(where);
            console.warn(`[WARNING] ${message}`);
          }
        }
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}
