// What a doc page defines, read from the structure of its Markdown, and the search keywords that
// follow from it. The site search (easyops) indexes a page's `keywords` as a document type of its
// own, searched after titles and headings and before body text: so a page that defines a term
// ranks above the pages that only mention it. Nothing here names a query; the keywords of a page
// come only from its own Markdown and from the glossary (one table, on a page readers see).
//
// A page defines:
// - its title, and the text of its headings (code spans in them: `signAquaTree`);
// - the first column of its tables (a parameter, field, option or flag table names one thing per
//   row: `revision_type`, `-s`, `--scalar`);
// - the code spans of any column of a table in a section about errors (the error messages);
// - the title of a code block (```ts title="signAquaTree (from the type definitions)"`);
// - the names its code blocks declare: functions, classes, interfaces, types, methods with a
//   signature (`verifyAquaTree(...): Promise<...>`), Rust `fn`.
//
// Used by docusaurus.config.ts (markdown.parseFrontMatter: every doc's keywords, at build time)
// and by scripts/check/search-definitions.mjs (the generated relevance test). Plain JavaScript
// so that both can import it.
import {readFileSync, existsSync, readdirSync} from 'node:fs';
import {dirname, join} from 'node:path';

/** Definitions whose text looks like code: identifiers, fields, flags, dotted names (not file names). */
const CODE_LIKE = /^(--?[a-z][\w-]*|[A-Za-z_$][\w$]*(\.[\w$]+)*(\(\))?)$/;
const FILE_NAME = /\.(json|ts|js|mjs|cjs|toml|env|md|rs|sh|txt|pdf|yml|yaml)$/;

const stripFrontMatter = (text) => text.replace(/^---\n[\s\S]*?\n---\n/, '');
/** Inline Markdown to plain text: links keep their label, emphasis and code marks go. */
const plain = (text) =>
  text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\\\|/g, '|')
    .trim();
const codeSpans = (text) => [...text.replace(/\\\|/g, '|').matchAll(/`([^`]+)`/g)].map((m) => m[1].trim());
/** Table cells of one row, `\|` inside a cell kept. */
const cells = (line) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

/** The name a code span of a definition stands for: `--link A B` → `--link`, `f(x)` → `f`. */
function nameOf(span) {
  const text = span.trim();
  if (/^-/.test(text)) return text.split(/[\s=]/)[0];
  const call = /^([A-Za-z_$][\w$.]*)\s*(\(|\??:\s|=)/.exec(text);
  if (call) return call[1];
  return text;
}

const SIGNATURES = [
  /^\s*(?:export\s+)?(?:declare\s+)?(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)/,
  /^\s*(?:export\s+)?(?:declare\s+)?(?:abstract\s+)?(?:class|interface|enum)\s+([A-Za-z_$][\w$]*)/,
  /^\s*(?:export\s+)?(?:declare\s+)?type\s+([A-Za-z_$][\w$]*)\s*(?:<[^=]*>)?\s*=/,
  // a method or property signature with a type: `  verifyAquaTree(tree: AquaTree, ...): Promise<...>`
  /^\s+(?:static\s+|async\s+|readonly\s+)*([A-Za-z_$][\w$]*)\??\s*\([^)]*\)?\s*:/,
  /^\s*(?:pub\s+)?(?:async\s+)?fn\s+([A-Za-z_][\w]*)/,
];
const SIGNATURE_LANGUAGES = /^(ts|tsx|typescript|js|jsx|javascript|rust|rs)$/;

/**
 * What a page defines: [{term, from}] in the order of the page, `from` one of title, heading,
 * table, error, code-title, signature.
 */
export function extractDefinitions(fileContent, title = '') {
  const out = [];
  // `code`: the term was written as code (a code span, a declaration), not as a word.
  const add = (term, from, code = false) => {
    const text = term.replace(/\s+/g, ' ').trim();
    if (text && text.length <= 120) out.push({term: text, from, code});
  };
  if (title) add(title, 'title');
  const lines = stripFrontMatter(fileContent).split('\n');
  let fence = null; // {marker, language}
  let section = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const open = /^\s*(`{3,}|~{3,})\s*([\w-]*)(.*)$/.exec(line);
    if (fence) {
      if (open && open[1].startsWith(fence.marker) && !open[2] && !open[3].trim()) fence = null;
      else if (SIGNATURE_LANGUAGES.test(fence.language)) {
        for (const pattern of SIGNATURES) {
          const match = pattern.exec(line);
          if (match && !/^(if|for|while|switch|catch|return|function|constructor)$/.test(match[1])) {
            add(match[1], 'signature', true);
            break;
          }
        }
      }
      continue;
    }
    if (open) {
      fence = {marker: open[1], language: open[2].toLowerCase()};
      const codeTitle = /title="([^"]+)"/.exec(open[3]);
      // A title that is one plain word ("Output") names no thing of its own.
      if (
        codeTitle &&
        (/\s/.test(codeTitle[1]) || CODE_LIKE.test(codeTitle[1]) || /\./.test(codeTitle[1])) &&
        !/^[A-Z]?[a-z]+$/.test(codeTitle[1])
      )
        add(codeTitle[1], 'code-title');
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      section = plain(heading[2]);
      add(section.replace(/\s*\{#[^}]*\}$/, ''), 'heading');
      for (const span of codeSpans(heading[2])) add(nameOf(span), 'heading', true);
      continue;
    }
    // A table: a row of cells followed by a delimiter row; then its body rows.
    if (/^\s*\|/.test(line) && /^\s*\|?\s*:?-{3,}/.test(lines[i + 1] ?? '')) {
      const errors = /error/i.test(section);
      // The glossary's table gives other words for terms that other pages define: not a definition.
      if (isGlossaryHeader(line)) {
        while (i + 1 < lines.length && /^\s*\|/.test(lines[i + 1])) i++;
        continue;
      }
      for (i += 2; i < lines.length && /^\s*\|/.test(lines[i]); i++) {
        const row = cells(lines[i]);
        // In a table of errors the first column says when an error happens; the messages follow.
        if (errors) for (const cell of row.slice(1)) for (const span of codeSpans(cell)) add(span, 'error', true);
        else if (codeSpans(row[0]).length) for (const span of codeSpans(row[0])) add(nameOf(span), 'table', true);
        else {
          if (plain(row[0]).split(' ').length <= 3) add(plain(row[0]), 'table');
          // A row whose first cell is a word ("POST") names its thing in its first cell of code.
          const named = row.slice(1).find((cell) => /^(`[^`]+`[\s,]*)+$/.test(cell));
          if (named) for (const span of codeSpans(named)) add(nameOf(span), 'table', true);
        }
      }
      i--;
    }
  }
  return out;
}

/** The definitions a relevance test can ask for: identifiers, fields, flags and error messages. */
export function testableTerms(definitions) {
  const terms = new Set();
  for (const {term, from, code} of definitions) {
    if (!code || /^-[a-z]$/i.test(term)) continue; // words, and one-letter flags (`-s`: a letter to search)
    if (from === 'error') {
      // A message the page shortens ("… is required. …") is searched as far as the page gives it.
      const message = term.replace(/\s*(…|\.\.\.)\s*$/, '').trim();
      if (/\s/.test(message) && /[a-z]{3}/i.test(message)) terms.add(message);
    } else if (CODE_LIKE.test(term) && !FILE_NAME.test(term) && /[_.$-]|[a-z][A-Z]/.test(term))
      terms.add(term.replace(/\(\)$/, ''));
  }
  return [...terms];
}

/** The header row of the glossary's table: its second column holds other words. */
const isGlossaryHeader = (line) => /other words/i.test(cells(line)[1] ?? '');
/** The same table in the built HTML, for the search index (cheerio's :contains is case-sensitive). */
export const GLOSSARY_TABLE = 'table:has(th:contains("Other words"))';

/** Words a reader may type for an identifier: `signAquaTree` → sign aqua tree, `a/b_c` → b_c. */
function parts(term) {
  const out = [];
  if (/\s/.test(term)) return out; // a phrase, not an identifier
  // `aqua://<domain_id>/<hash>`, `get_revision/{verification_hash}`: a placeholder is not named here.
  for (const piece of term.split(/[/:]/))
    if (piece && piece !== term && !/^[<{[].*[>}\]]$/.test(piece)) out.push(piece);
  if (/^[a-z]+[A-Z]/.test(term) || /^[A-Z][a-z]+[A-Z]/.test(term))
    out.push(term.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase());
  return out;
}

// ---------------------------------------------------------------------------------------------
// The glossary: a table in a section headed "Glossary" whose second column holds other words
// for the term of the first. The docs of the latest version carry it (see GLOSSARY_PAGES).

/** Where the glossary lives, searched in this order: the latest version's introduction first. */
export const GLOSSARY_PAGES = ['versioned_docs/version-1.3.2/intro.md', 'docs/intro.md'];

/** [{terms: [...], words: [...]}] from the first page of GLOSSARY_PAGES that has a glossary. */
export function loadGlossary(siteDir) {
  for (const page of GLOSSARY_PAGES) {
    const file = join(siteDir, page);
    if (!existsSync(file)) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    const start = lines.findIndex((line) => /^##\s+Glossary\s*$/.test(line));
    if (start < 0) continue;
    const rows = [];
    const header = lines.slice(start + 1).find((line) => /^\s*\|/.test(line));
    if (!header || !isGlossaryHeader(header)) continue;
    for (let i = start + 1; i < lines.length && !/^##\s/.test(lines[i]); i++) {
      if (!/^\s*\|/.test(lines[i]) || /^\s*\|?\s*:?-{3,}/.test(lines[i])) continue;
      if (/^\s*\|?\s*:?-{3,}/.test(lines[i + 1] ?? '')) continue; // the header row
      const [term, words] = cells(lines[i]);
      const list = (cell) =>
        plain(cell ?? '')
          .split(/[,;]/)
          .map((word) => word.trim().toLowerCase())
          .filter(Boolean);
      rows.push({terms: list(term), words: list(words)});
    }
    if (rows.length) return {page, rows: markHomelessRows(siteDir, page, markDeepRows(siteDir, rows))};
  }
  throw new Error(`search-definitions: no "## Glossary" table in ${GLOSSARY_PAGES.join(' or ')}`);
}

/** Every doc's Markdown (docs/ and versioned_docs/), for what the glossary's rows can reach. */
function docFiles(siteDir) {
  const out = [];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.mdx?$/.test(entry.name)) out.push(path);
    }
  };
  for (const dir of ['docs', 'versioned_docs']) walk(join(siteDir, dir));
  return out.sort();
}

/** The plain text of a page's headings of one level (2 for `## `). */
const headings = (text, level) =>
  [...text.matchAll(new RegExp(`^#{${level}}\\s+(.*)$`, 'gm'))].map((match) => plain(match[1]));

/** A doc's title (front matter, else its h1) and the text of its level-2 headings. */
function titleAndSections(text) {
  const title =
    /^---\n[\s\S]*?^title:\s*['"]?(.*?)['"]?\s*$[\s\S]*?\n---\n/m.exec(text)?.[1] ??
    /^#\s+(.*)$/m.exec(text)?.[1] ??
    '';
  return [title, ...headings(stripFrontMatter(text), 2)];
}

/**
 * Marks the rows whose terms no doc has in its title or a level-2 heading (`deep: true`): their
 * words go to the pages that have a term in a level-3 heading instead, the nearest thing to a page
 * about it that the docs have (a genesis revision is a subsection of the schema reference). Rows
 * that some title or level-2 heading names keep to those, so that a detail does not compete with
 * the page about the term.
 */
function markDeepRows(siteDir, rows) {
  const topics = docFiles(siteDir).flatMap((file) => titleAndSections(readFileSync(file, 'utf8')));
  return rows.map((row) => ({
    ...row,
    deep: !row.terms.some((term) => topics.some((topic) => containsWords(topic, term))),
  }));
}

/**
 * Marks the rows whose words reach no page of the glossary's own version by the rule of
 * keywordsFor (`homeless: true`): the glossary page takes their words as keywords itself, so that
 * a reader who types one finds the row that names the docs' term rather than nothing (the table's
 * text is not indexed: docusaurus.config.ts, GLOSSARY_TABLE).
 */
function markHomelessRows(siteDir, page, rows) {
  const version = dirname(join(siteDir, page));
  const docs = docFiles(siteDir)
    .filter((file) => file.startsWith(`${version}/`))
    .map((file) => readFileSync(file, 'utf8'))
    .map((text) => ({topics: titleAndSections(text), details: headings(stripFrontMatter(text), 3)}));
  return rows.map((row) => ({...row, homeless: !docs.some((doc) => reaches(row, doc.topics, doc.details))}));
}

/** Whether a glossary row's words go to a page with these title and level-2 headings, and level-3 ones. */
const reaches = ({terms, deep}, topics, details) =>
  terms.some((term) => (deep ? [...topics, ...details] : topics).some((topic) => containsWords(topic, term)));

/** Lower case, and each word cut to a rough stem, for matching a glossary term in a heading. */
const stemWords = (text) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.replace(/(ing|ed|es|s|e)$/, ''));
const containsWords = (haystack, needle) => {
  const [h, n] = [stemWords(haystack), stemWords(needle)];
  return n.length > 0 && h.some((_, i) => n.every((word, j) => h[i + j] === word));
};

/**
 * The keywords of a doc page: what it defines (and the words of its identifiers), then the other
 * words the glossary gives for a term the page has in its title or a heading of level 2 (a
 * level-3 heading is a detail of its section: a page with "witness" only there is not a page
 * about witnessing), twice when the title has it; for a row that no title or level-2 heading of
 * any doc names (see markDeepRows), a level-3 heading counts too. The page that carries the
 * glossary takes the words of the rows that reach no page of its version (see markHomelessRows).
 */
export function keywordsFor(fileContent, title, glossary) {
  const definitions = extractDefinitions(fileContent, title);
  const keywords = new Set();
  for (const {term, from, code} of definitions) {
    if (from === 'title' || from === 'heading') {
      // Titles and headings are indexed on their own too; here they sit with the page's other
      // definitions, so that a query whose words span the title and a heading finds the page.
      keywords.add(term);
      if (code) for (const part of parts(term)) keywords.add(part);
      continue;
    }
    keywords.add(term);
    for (const part of parts(term)) keywords.add(part);
  }
  const topics = [title, ...headings(fileContent, 2)];
  const details = headings(fileContent, 3);
  // A page whose title names the term is the page about it: it gets the other words twice, so
  // that it ranks above the pages that only have the term in a heading.
  const again = [];
  // The page that carries the glossary's table answers for the rows whose words reach no page.
  const carriesGlossary = fileContent.split('\n').some((line) => /^\s*\|/.test(line) && isGlossaryHeader(line));
  for (const row of glossary.rows)
    if (reaches(row, topics, details) || (carriesGlossary && row.homeless)) {
      for (const word of row.words) keywords.add(word);
      if (row.terms.some((term) => containsWords(title, term))) again.push(...row.words);
    }
  return [...keywords, ...again];
}

/** A term as a title, a heading or a table names it: `AquaTrees`, `The AquaTree` → aquatree. */
export const sameTerm = (text) =>
  text
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/(\s*(…|\.\.\.|[:.]))+$/, '')
    .replace(/\(\)$/, '')
    .replace(/s$/, '');

/** Whether a page's definitions name `term` (as code or as a whole title, heading or cell). */
export const definesTerm = (definitions, term) =>
  definitions.some((definition) => sameTerm(definition.term) === sameTerm(term));
