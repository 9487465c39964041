// A command-line flag (`--file`, `--sign-type`, `-s`) is one search term, on both sides of the
// search: the index and the query. Stock lunr and the search plugin split words on hyphens, so
// `--file` was the common word "file" and the page that defines the flag lost to every page that
// says "file". Here a flag is kept whole as well: the index holds `--file` next to `file` (so
// "file" finds what it found before), and a query word that is a flag searches the flag.
//
// Used at build time by ./index.ts (the index's lunr: tokenizer and trimmer) and in the search
// worker as the plugin's `utils/tokenize` (./tokenize.mjs), so both sides cut text the same way.

/**
 * A flag where a word starts: two hyphens and a name (`--witness-nostr`), or one hyphen and one
 * letter (`-s`). Not a hyphen inside a word (`hash-chained`), a dash between spaces, or `-1`.
 */
export const FLAG = /(?<![\w-])(--[a-z][a-z0-9]*(?:-[a-z0-9]+)*|-[a-z](?![\w-]))/g;

/** Whether a whole (lower-case) word is a flag. */
export const isFlag = (word) => /^(--[a-z][a-z0-9]*(?:-[a-z0-9]+)*|-[a-z])$/.test(word);

/**
 * The index side: lunr's tokenizer with each flag of the text added as a token of its own, and
 * its trimmer leaving a flag's leading hyphens (lunr trims every non-word character at a token's
 * ends). `lunr` is the instance the search plugin builds its index with.
 */
export function keepFlagsInIndex(lunr) {
  if (lunr.tokenizer.keepsFlags) return;
  const tokenizer = lunr.tokenizer;
  const withFlags = function tokenizeWithFlags(obj, metadata) {
    const tokens = tokenizer(obj, metadata);
    if (obj == null || Array.isArray(obj)) return tokens;
    const text = obj.toString().toLowerCase();
    for (const match of text.matchAll(FLAG)) {
      const tokenMetadata = lunr.utils.clone(metadata) || {};
      tokenMetadata.position = [match.index, match[0].length];
      tokenMetadata.index = tokens.length;
      tokens.push(new lunr.Token(match[0], tokenMetadata));
    }
    return tokens;
  };
  // lunr's own tokenizer reads its separator from lunr.tokenizer.separator.
  withFlags.separator = tokenizer.separator;
  withFlags.keepsFlags = true;
  lunr.tokenizer = withFlags;

  const trimmer = lunr.trimmer;
  const trimFlags = (token, ...rest) => (isFlag(token.toString()) ? token : trimmer(token, ...rest));
  // The index records its pipeline by label; loading it in the browser finds lunr's own trimmer.
  trimFlags.label = trimmer.label;
  lunr.trimmer = trimFlags;
}
