#!/usr/bin/env node
// No empty answer for a word a page shows (a step of `npm test` and `npm run check`, after the build).
// The guarantee, in words: in any docs version, every word of a page's searchable text (its title,
// headings and text, code included, as the search index holds them: everything but the glossary's
// table and the "Checked against" line, which the search leaves out on purpose) is answered, and
// among the pages shown is one that holds it. A plain word is held by every page that holds a word
// of the same stem, as the search matches words; lunr's stop words ("when", "most") are no search
// terms. Numbers, hashes and encoded data are not words a reader types. "Word" covers the shapes in which a developer types a
// name of code: whole, with its path, brace, call, value or punctuation suffix kept or stripped
// (`dns_claim/{hash}` → `dns_claim`, `verifyAquaTree()` → `verifyAquaTree`, `--file=x` → `--file`,
// `get_page_last_rev?page_title=x` → `get_page_last_rev`),
// split into its parts (`witness_merkle_root` → `witness`, `merkle`, `root`; `verifyAquaTree` →
// `verify`, `Aqua`, `Tree`; dotted and kebab-case names likewise), and every prefix of five
// characters or more of a name of code (`verifyAq`), which must find a page holding a name that
// starts with it.
// The cases are derived from the build's index files. The gates try a sample of them drawn with the
// fixed seed of scripts/lib/fuzz.mjs (SAMPLE per version); `--all` tries every one (`npm run
// fuzz:search` does, with a new seed for the rest of the search checks). Every case found failing is
// kept in REGRESSIONS below and tried on every run.
//   node scripts/check/search-words.mjs [--all | --sample N] [--json failures.json]
import {readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import fc from 'fast-check';
import lunr from 'lunr';
import {seed} from '../lib/fuzz.mjs';
import {DOC_SCOPES, INDEX_BASE, loadEasyops} from '../lib/easyops-search.mjs';
import {literally} from '../../src/plugins/search/words-ranking.mjs';

/** Cases that once failed: [scope, query, why]. Found by the first run of every case, on the build of 65f42be. */
const REGRESSIONS = [
  ['v3', 'AccessAgreeme', 'the start of a PascalCase name: no answer'],
  ['next', 'hideFormEleme', 'the start of a camelCase name: no answer'],
  ['v1', 'treeMappi', 'the start of a camelCase name: no answer'],
  ['v2', 'isOk', 'a part of a dotted call (result.isOk()): no answer'],
  ['v2', 'damus', 'a part of a host name (relay.damus.io): no answer'],
  ['next', 'yml', 'the extension of a file name: no answer'],
  ['v2', 'RFC3161', 'a part of a name that no index holds as a word: no answer'],
  ['next', '--empty', 'the start of a flag (--empty-wiki): the pages with "empty" instead'],
  ['v1', 'verify-build', 'the start of a kebab-case name: pages with "verify" and "build" instead'],
  ['v1', 'aqua://', 'a URL scheme: pages with "aqua" instead'],
  ['v3', 'Applicationcreate', 'two diagram labels glued in the index: gone since labels are kept apart'],
];

const SAMPLE = 300;
const {values: options} = parseArgs({
  options: {all: {type: 'boolean', default: false}, sample: {type: 'string'}, json: {type: 'string'}},
});

/** Each index file holds one list of documents per kind: titles, headings, descriptions, keywords, text. */
const SHOWN = [0, 1, 4];
const indexOf = (scope) => {
  const dir = join('build', INDEX_BASE[scope]);
  const file = readdirSync(dir).find((name) => /^search-index-[0-9a-f]+\.json$/.test(name));
  return JSON.parse(readFileSync(join(dir, file), 'utf8'));
};

/**
 * A token as a reader would copy it: without the punctuation, quotes and brackets around it (a flag
 * keeps its leading dashes), or null for what no reader types: numbers, hashes and encoded data.
 */
function trim(raw) {
  const token = raw
    .replace(/^[^\w$-]+|[^\w$)}\]]+$/g, '')
    .replace(/^-(?!-)/, '')
    .replace(/^\$\{/, '');
  if (!/^(--)?[A-Za-z_$]/.test(token)) return null;
  // Hashes, keys, signatures and base64: letters and digits interleaved again and again, or hex.
  if ((token.match(/[0-9][A-Za-z]|[A-Za-z][0-9]/g) ?? []).length >= 3) return null;
  if (/^[0-9a-f]*[0-9][0-9a-f]*$/.test(token)) return null;
  return token;
}
/** A name of code: camelCase, snake_case, dotted, a call, a path or a flag. */
const isName = (token) => /^[A-Za-z_$-]/.test(token) && /[a-z][A-Z]|[A-Z]{2}[a-z]|_|\.\w|\(|^--|\w\/\w/.test(token);

/** The shapes of one token a reader may type, with the kind of each. */
export function shapes(raw) {
  const out = new Map();
  // A shape a reader types: three characters or more (a flag, five), with a letter, not a bare
  // bracket or quote left inside.
  const add = (text, kind) => {
    if (text.length >= 3 && /[A-Za-z]{2}/.test(text) && !/['"`<>[\]{}()!?]/.test(text) && !out.has(text))
      out.set(text, kind);
  };
  const token = trim(raw);
  if (!token) return out;
  add(token, 'whole');
  // Suffixes stripped: a call's arguments, a path or a brace after a name, a flag's value, a
  // trailing colon or dot.
  const base = token
    .replace(/[?#].*$/, '')
    .replace(/\(.*$/, '')
    .replace(/\/\{.*$/, '')
    .replace(/[<[{].*$/, '')
    .replace(/=.*$/, '')
    .replace(/[.:;,]+$/, '');
  add(base, 'stripped');
  if (!isName(base)) return out;
  for (const part of base.split(/[./]+/)) add(part, 'part');
  for (const part of base.replace(/^--/, '').split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|[._/-]+/))
    add(part, 'part');
  return out;
}

/** Every prefix of five characters or more of a name of code (shorter than the name, not ending in
 * a separator). */
const prefixes = (name) =>
  name && isName(name) && /^[\w$./-]+$/.test(name)
    ? [...Array(Math.max(0, name.length - 5)).keys()]
        .map((i) => name.slice(0, 5 + i))
        .filter((prefix) => !/[./_-]$/.test(prefix))
    : [];

/** lunr's stem of a plain word; a word of the docs is held by every page that holds its stem. */
const stem = (word) => lunr.stemmer(new lunr.Token(word.toLowerCase())).toString();
const isPlainWord = (text) => /^[A-Za-z]+$/.test(text) && !/[a-z][A-Z]/.test(text);

/**
 * The cases of one version: [{query, kind, holders()}], sorted by query. `holders()` gives the Set of
 * pages that hold the case; it is worked out only for the cases tried (the gates try a sample).
 */
const casesOf = memo(function casesOf(scope) {
  const index = indexOf(scope);
  // What a page shows (titles, headings, text) gives the cases; what the search holds of a page
  // (descriptions and keywords too) says which pages may answer them.
  const shown = new Map(); // url → text
  const held = new Map(); // url → text
  for (const [kind, {documents}] of index.entries())
    for (const {u, t} of documents) {
      if (SHOWN.includes(kind)) shown.set(u, `${shown.get(u) ?? ''} ${t}`);
      held.set(u, `${held.get(u) ?? ''} ${t}`);
    }
  const cases = new Map(); // query (lower case) → {query, kind}
  for (const text of shown.values())
    for (const raw of text.split(/\s+/)) {
      for (const [query, kind] of shapes(raw))
        if (!cases.has(query.toLowerCase())) cases.set(query.toLowerCase(), {query, kind});
      for (const prefix of prefixes(trim(raw)?.replace(/\(.*$/, '')))
        if (!cases.has(prefix.toLowerCase())) cases.set(prefix.toLowerCase(), {query: prefix, kind: 'prefix'});
    }
  // Which pages hold each case. A prefix or a part of a name: the pages whose text has it where a
  // word or a part of a name starts (`isOk` in `result.isOk()`, `Eth` in `Ethereum`), as the
  // search's literal match reads them (src/plugins/search/words-ranking.mjs); a name: the
  // pages whose text has it whole. A plain word, alone or joined by hyphens ("read-only"), is matched
  // by its stems, as the search matches words: the pages that hold a word of each of its stems hold
  // it. lunr's stop words ("when", "most") are no search terms at all.
  const tokens = new Map(); // url → Set of its tokens and their shapes, lower case
  const stems = new Map(); // url → Set of stems of its plain words
  for (const [url, text] of held) {
    const own = new Set();
    const ownStems = new Set();
    for (const raw of text.split(/\s+/)) {
      const token = trim(raw);
      if (!token) continue;
      own.add(token.toLowerCase());
      for (const shape of shapes(raw).keys()) own.add(shape.toLowerCase());
      for (const word of token.split(/[^A-Za-z]+/)) if (word) ownStems.add(stem(word));
    }
    tokens.set(url, own);
    stems.set(url, ownStems);
  }
  const lower = new Map([...held].map(([url, text]) => [url, text.toLowerCase()]));
  const out = [];
  for (const [key, one] of cases) {
    const words = one.query.split('-');
    const plain = one.kind !== 'prefix' && words.every(isPlainWord);
    if (plain && words.every((word) => !lunr.stopWordFilter(word.toLowerCase()))) continue;
    const holders = memo(() => {
      const found = new Set();
      for (const [url, own] of tokens) {
        const holds =
          own.has(key) ||
          (one.kind !== 'whole' && literally(held.get(url), lower.get(url), key) >= 1) ||
          (plain &&
            words
              .filter((word) => lunr.stopWordFilter(word.toLowerCase()))
              .every((word) => stems.get(url).has(stem(word))));
        if (holds) found.add(url);
      }
      return found;
    });
    out.push({...one, holders});
  }
  return out.sort((a, b) => (a.query < b.query ? -1 : 1));
});

/** `fn` computed once per argument. */
function memo(fn) {
  const results = new Map();
  return (arg) => {
    if (!results.has(arg)) results.set(arg, fn(arg));
    return results.get(arg);
  };
}

const easyops = await loadEasyops('build');
const failures = [];
const counts = [];
async function attempt(scope, {query, kind, holders: holdersOf}) {
  const {pages} = await easyops.search(scope, query);
  const holders = holdersOf();
  if (pages.length === 0) failures.push(`[${scope}] ${kind} ${JSON.stringify(query)}: no answer`);
  else if (!pages.some((url) => holders.has(url)))
    failures.push(
      `[${scope}] ${kind} ${JSON.stringify(query)}: answered by ${pages.slice(0, 3).join(' ')}, none of which holds it ` +
        `(held by ${[...holders].slice(0, 3).join(' ')})`,
    );
}
for (const scope of DOC_SCOPES) {
  const cases = casesOf(scope);
  const tried = options.all
    ? cases
    : fc.sample(fc.constantFrom(...cases), {
        seed: seed + DOC_SCOPES.indexOf(scope),
        numRuns: Number(options.sample ?? SAMPLE),
      });
  for (const one of tried) await attempt(scope, one);
  const kinds = new Map();
  for (const {kind} of tried) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  const byKind = [...kinds].map(([kind, n]) => `${n} ${kind}`);
  counts.push(`${scope}: ${tried.length} of ${cases.length} (${byKind.join(', ')})`);
}
for (const [scope, query, why] of REGRESSIONS) {
  const found = casesOf(scope).find((c) => c.query.toLowerCase() === query.toLowerCase());
  if (found) await attempt(scope, found);
  else console.log(`  regression "${query}" (${why}) is no longer a word of ${scope}`);
}
console.log(`search words: seed ${seed}; ${counts.join('; ')}; ${REGRESSIONS.length} regressions`);
if (options.json) writeFileSync(options.json, `${JSON.stringify(failures, null, 1)}\n`);
if (failures.length) {
  for (const failure of failures.slice(0, 40)) console.log(`✗ ${failure}`);
  if (failures.length > 40) console.log(`  … and ${failures.length - 40} more`);
  console.log(
    `search words: ${failures.length} word(s) that a page shows find no page holding them. Search them in the ` +
      'built site to see; the search code (src/plugins/search-*) must find them. Keep each as a regression above.',
  );
  process.exit(1);
}
console.log('search words: every word tried finds a page that holds it');
