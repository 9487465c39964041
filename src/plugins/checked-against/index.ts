// A remark plugin that ends every doc page with the line "Checked against …": the sources its claims
// were checked against, from the page's `checked_against` front matter (parsed by ./sources.ts, which
// scripts/check/frontmatter.mjs also uses to require a valid list on every doc). The line is part of
// the page's Markdown, so it is in the static HTML and reads without JavaScript; the search leaves it
// out of its index (`ignoreCssSelectors`), since every page would otherwise answer for its sources.
import {parseCheckedSource, type CheckedSource} from './sources';

/** The class of the line, for its style (src/css/custom.css) and for the search to skip it. */
export const CHECKED_AGAINST_CLASS = 'checked-against';

type Node = {type: string; value?: string; url?: string; children?: Node[]; data?: {hProperties?: object}};
type File = {data: {frontMatter?: {checked_against?: unknown}}};

const text = (value: string): Node => ({type: 'text', value});
const code = (value: string): Node => ({type: 'inlineCode', value});
const link = (url: string, children: Node[]): Node => ({type: 'link', url, children});

/** The line's inline content: each source linked, its paths in brackets (linked for repositories). */
function line(sources: CheckedSource[]): Node[] {
  const nodes: Node[] = [text('Checked against ')];
  sources.forEach((source, i) => {
    if (i > 0) nodes.push(text(i === sources.length - 1 ? ' and ' : ', '));
    nodes.push(link(source.href, [text(source.label)]));
    if (source.paths.length === 0) return;
    nodes.push(text(' ('));
    source.paths.forEach(({path, href}, j) => {
      if (j > 0) nodes.push(text(', '));
      nodes.push(href ? link(href, [code(path)]) : code(path));
    });
    nodes.push(text(')'));
  });
  nodes.push(text('.'));
  return nodes;
}

export default function remarkCheckedAgainst() {
  return (tree: Node, file: File): void => {
    const entries = file.data.frontMatter?.checked_against;
    if (!Array.isArray(entries)) return;
    const sources = entries.map(parseCheckedSource).filter((s): s is CheckedSource => typeof s !== 'string');
    if (sources.length === 0) return;
    tree.children?.push({
      type: 'paragraph',
      children: line(sources),
      data: {hProperties: {className: [CHECKED_AGAINST_CLASS]}},
    });
  };
}
