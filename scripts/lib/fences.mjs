// Fenced code blocks of a Markdown/MDX file, as the checks and content tests read them.
// A line-based CommonMark fence parser, shared by scripts/check/code-examples.mjs and tests/content/.

/** Info string without quoted attribute values, split into words. */
export const infoWords = (info) =>
  info
    .replace(/"[^"]*"|'[^']*'/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);

/** The value of `name="…"` (or `name='…'`) in an info string, or undefined. */
export const infoAttribute = (info, name) =>
  new RegExp(`\\b${name}=(?:"([^"]*)"|'([^']*)')`).exec(info)?.slice(1).find(Boolean);

/** Returns {fences: [{line, info, body, endLine}], lines} for every fence of a Markdown text. */
export function parseFences(text) {
  const lines = text.split('\n');
  const fences = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( {0,3}|\s*(?:>\s*)*)(`{3,}|~{3,})(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, marker, info] = open;
    if (marker[0] === '`' && info.includes('`')) continue;
    const close = new RegExp(`^\\s*(?:>\\s*)*${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
    let j = i + 1;
    while (j < lines.length && !close.test(lines[j])) j++;
    const strip = indent.length;
    const body = lines
      .slice(i + 1, j)
      .map((l) =>
        l.slice(0, strip).trim() === '' || /^[\s>]*$/.test(l.slice(0, strip)) ? l.slice(strip) : l.trimStart(),
      )
      .join('\n');
    fences.push({line: i + 1, info: info.trim(), body, endLine: j + 1});
    i = j;
  }
  return {fences, lines};
}
