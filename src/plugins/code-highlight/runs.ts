// The browser half of the token-run format written by `encodeTokens` (./index.ts), shared by the
// swizzled CodeBlock (src/theme/CodeBlock/Content/String.tsx) and the tests. No Prism here.

/** A run of one line's text with its Prism type path (outer to inner), empty for plain text. */
export interface Run {
  text: string;
  types: string[];
}

/**
 * Splits `lines` (the block's text, one entry per line) into the runs of `highlight`
 * (`<types>|<lines>`, see encodeTokens). Undefined when the runs do not fit the text, so the
 * caller falls back to plain text rather than mis-colouring.
 */
export function decodeRuns(highlight: string | undefined, lines: readonly string[]): Run[][] | undefined {
  if (!highlight) return undefined;
  const bar = highlight.indexOf('|');
  if (bar === -1) return undefined;
  const typeList = highlight.slice(0, bar);
  const types = typeList ? typeList.split(' ').map((path) => path.split('.')) : [];
  const encoded = highlight.slice(bar + 1).split(';');
  if (encoded.length !== lines.length) return undefined;
  const runs: Run[][] = [];
  for (let i = 0; i < lines.length; i++) {
    let offset = 0;
    const line: Run[] = [];
    for (const run of encoded[i] ? encoded[i].split(',') : []) {
      const [length, type] = run.split(':');
      const end = offset + Number(length);
      line.push({text: lines[i].slice(offset, end), types: type === undefined ? [] : (types[Number(type)] ?? [])});
      offset = end;
    }
    if (offset !== lines[i].length) return undefined;
    runs.push(line);
  }
  return runs;
}

/**
 * Stock parseLines only removes magic-comment lines (`// highlight-next-line`...). Maps each kept
 * line to its index in the original text, so the runs, computed on the original text at build
 * time, follow the lines that remain.
 */
export function keptLineIndexes(original: readonly string[], kept: readonly string[]): number[] | undefined {
  const indexes: number[] = [];
  for (let o = 0, k = 0; k < kept.length; o++) {
    if (o >= original.length) return undefined;
    if (original[o] === kept[k]) {
      indexes.push(o);
      k++;
    }
  }
  return indexes;
}
