// The mechanical claims a page makes about pinned source code, read from the page itself:
// - line references ("`verifyRevision` (line 3439)", "lines 655 and 694 at 5216c1c");
// - command-line flags named for one of the project's tools (`aqua-cli -a`, `--sign-type`);
// - output blocks (fences titled "Output…" or "Expected output…") and how each one is backed.
// Shared by scripts/build/source-facts.mjs, which fetches the cited lines and the tools' flags into
// tests/content/fixtures/source-facts.json, and by tests/content/source-claims.test.mjs, which checks
// the pages against that fixture (and against node_modules/aqua-js-sdk for the package's dist files).
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import {dirname, join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {parse as parseYaml} from 'yaml';
import {infoAttribute, infoWords, parseFences} from './fences.mjs';

export const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** Where pages live: every doc version, the blog and the Markdown pages of src/pages. */
const PAGE_DIRS = ['docs', 'versioned_docs', 'blog', 'src/pages'];

/** Every Markdown page of the site, as paths relative to the project root. */
export function pageFiles() {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(join(ROOT, dir)).sort()) {
      if (name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (/\.mdx?$/.test(name)) files.push(path);
    }
  };
  for (const dir of PAGE_DIRS) if (existsSync(join(ROOT, dir))) walk(dir);
  return files;
}

/**
 * The page's `checked_against` list as sources: `{repo, commit, paths}` for a GitHub repository at a
 * full commit, `{pkg, version, paths}` for an npm package at an exact version.
 */
export function checkedAgainst(text) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  const list = match ? (parseYaml(match[1])?.checked_against ?? []) : [];
  return list.map((entry) => {
    const [id, ...paths] = String(entry).trim().split(/\s+/);
    const git = /^([\w.-]+\/[\w.-]+)@([0-9a-f]{40})$/.exec(id);
    if (git) return {repo: git[1], commit: git[2], paths};
    const at = id.lastIndexOf('@');
    return {pkg: id.slice(0, at), version: id.slice(at + 1), paths};
  });
}

// ---------------------------------------------------------------------------------------------
// Prose: blocks (paragraph, list item, table row, heading) with their section and line, and the
// sentences and code spans inside them. Fenced code and front matter are not prose.

/** Prose blocks of a page: `{line, text, section, heading}` in page order. */
export function proseBlocks(text) {
  const lines = text.split('\n');
  const {fences} = parseFences(text);
  const inFence = new Set();
  for (const f of fences) for (let l = f.line; l <= f.endLine; l++) inFence.add(l);
  let start = 0;
  const fm = /^---\r?\n[\s\S]*?\r?\n---\r?\n/.exec(text);
  if (fm) start = fm[0].split('\n').length - 1;
  const blocks = [];
  let section = '';
  let current = null;
  const flush = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (let i = start; i < lines.length; i++) {
    const n = i + 1;
    const line = lines[i];
    if (inFence.has(n) || /^\s*$/.test(line) || /^\s*(:::|<!--|import |export )/.test(line)) {
      flush();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      section = heading[2];
      blocks.push({line: n, text: heading[2], section, heading: true});
      continue;
    }
    const starts = /^\s*(?:[-*+]|\d+\.)\s+/.test(line) || /^\s*\|/.test(line);
    if (starts || !current) {
      flush();
      current = {line: n, text: line.trim(), section, heading: false};
    } else current.text += ' ' + line.trim();
    if (/^\s*\|/.test(line)) flush();
  }
  flush();
  return blocks;
}

/** Code spans of a prose text: `{start, end, code}` (offsets include the backticks). */
export function codeSpans(text) {
  const spans = [];
  const re = /(`+)([\s\S]*?[^`])\1(?!`)/g;
  let m;
  while ((m = re.exec(text))) spans.push({start: m.index, end: m.index + m[0].length, code: m[2].trim()});
  return spans;
}

/** Sentences of a prose text as `[start, end)` ranges; code spans never split a sentence. */
export function sentences(text) {
  let masked = text;
  for (const s of codeSpans(text))
    masked = masked.slice(0, s.start) + 'x'.repeat(s.end - s.start) + masked.slice(s.end);
  const ranges = [];
  const re = /[.!?](?=\s+[A-Z(`*"[])/g;
  let from = 0;
  let m;
  while ((m = re.exec(masked))) {
    ranges.push([from, m.index + 1]);
    from = m.index + 1;
  }
  ranges.push([from, text.length]);
  return ranges;
}

/** A code span that names a file: a path with a folder or a file extension. */
export const isPath = (code) =>
  /^[\w.@+-]+(?:\/[\w.@+-]+)+$/.test(code) ||
  /^[\w-]+\.(?:rs|ts|tsx|js|mjs|json|php|py|sh|toml|yml|yaml|md|MD)$/.test(code);

// ---------------------------------------------------------------------------------------------
// Line references

const LINE_REF = /\blines? (\d+)(?:(?:\s*(?:to|–|-)\s*)(\d+)|(?:,? and (\d+)))?/g;
const COMMIT_NEAR = /\b(?:at|commit) `?([0-9a-f]{7,40})`?/;

/** Words too common in a description to say which code a line holds. */
const COMMON_WORDS = new Set(
  `with from that this then than which where when never does check checks checked line lines stored
  result results runs sets lets called call code only also still both each every here there what into
  over after before later first same other their they them these those value values comparison
  compares overwrite overwrites overwritten because would could should simply instead skips skip
  returns return fixed holds hold named names
  `.split(/\s+/),
);
const norm = (s) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const squash = (s) => s.replace(/\s+/g, ' ').replace(/;\s*$/, '').trim();

/**
 * Every "line N" reference of a page: `{page, pageLine, ref, lines, path, source, commitHint, spans,
 * words, problem}`. `lines` are the cited line numbers (a range is expanded); `source` is the page's
 * `checked_against` entry the file belongs to; `spans` and `words` are what the page says the lines
 * hold: the code spans, else the words, between the previous reference of the sentence and this one.
 */
export function lineReferences(page, text = readFileSync(join(ROOT, page), 'utf8')) {
  const sources = checkedAgainst(text);
  const refs = [];
  const blocks = proseBlocks(text);
  blocks.forEach((block, b) => {
    if (block.heading) return;
    const spans = codeSpans(block.text);
    const inSpan = (i) => spans.some((s) => i >= s.start && i < s.end);
    for (const [s0, s1] of sentences(block.text)) {
      const sentence = block.text.slice(s0, s1);
      let previousEnd = s0;
      LINE_REF.lastIndex = 0;
      let m;
      while ((m = LINE_REF.exec(sentence))) {
        const at = s0 + m.index;
        if (inSpan(at)) continue;
        const first = Number(m[1]);
        const lines = m[2]
          ? Array.from({length: Number(m[2]) - first + 1}, (_, k) => first + k)
          : m[3]
            ? [first, Number(m[3])]
            : [first];
        // The file: a path code span of the same sentence (nearest), else the nearest earlier one
        // in the block, else in earlier blocks of the same section.
        const pathIn = (list, before) =>
          list
            .filter((s) => isPath(s.code) && (before === undefined || s.start < before))
            .map((s) => ({...s, distance: Math.abs(s.start - at)}));
        let path = pathIn(spans.filter((s) => s.start >= s0 && s.end <= s1)).sort((x, y) => x.distance - y.distance)[0]
          ?.code;
        path ??= pathIn(spans, at).pop()?.code;
        for (let k = b - 1; !path && k >= 0 && blocks[k].section === block.section && !blocks[k].heading; k--)
          path = pathIn(codeSpans(blocks[k].text)).pop()?.code;
        const hint = COMMIT_NEAR.exec(sentence.slice(m.index))?.[1] ?? COMMIT_NEAR.exec(sentence)?.[1];
        let source;
        let problem;
        if (!path) problem = 'names no file; put the file path in a code span in the same sentence or paragraph';
        else {
          const candidates = sources.filter((src) => src.paths.includes(path));
          const chosen = hint ? candidates.filter((src) => src.commit?.startsWith(hint)) : candidates;
          if (candidates.length === 0) problem = `cites \`${path}\`, which the page's checked_against does not list`;
          else if (chosen.length !== 1)
            problem = `cites \`${path}\`, listed at ${candidates.length} sources; name the commit next to the line (at <commit>)`;
          else source = chosen[0];
        }
        // What the page says the lines hold: the segment since the previous reference.
        const segment = block.text.slice(previousEnd, at);
        const segSpans = codeSpans(segment)
          .map((s) => squash(s.code))
          .filter((c) => !isPath(c) && !/^[0-9a-f]{7,40}$/.test(c));
        const words = segment
          .replace(/`[^`]*`/g, ' ')
          .split(/[^A-Za-z0-9_-]+/)
          .filter((w) => w.length >= 4 && !COMMON_WORDS.has(w.toLowerCase()))
          .map(norm)
          .filter(Boolean);
        refs.push({
          page,
          pageLine: block.line,
          ref: m[0],
          lines,
          path,
          source,
          spans: segSpans,
          words,
          problem,
        });
        // The reference's own tail ("of `path`", "at 5216c1c") is not the next one's description.
        const tail = /^(?:\s*(?:of|in)\s*`[^`]*`)?(?:\s*at\s*`?[0-9a-f]{7,40}`?)?/.exec(
          sentence.slice(m.index + m[0].length),
        );
        previousEnd = at + m[0].length + (tail?.[0].length ?? 0);
      }
    }
  });
  return refs;
}

/**
 * Whether cited source lines hold what the page says: the code span named nearest before the
 * reference occurs in one of them (whitespace-insensitive), or, when the page names no code there, one
 * of its words does (letters and digits only). Returns 'identifier', 'words' or null.
 */
export function describes(ref, lineTexts) {
  const texts = lineTexts.map(squash);
  const nearest = ref.spans.at(-1);
  if (nearest) return texts.some((t) => t.includes(nearest)) ? 'identifier' : null;
  const flat = texts.map(norm);
  return ref.words.some((w) => flat.some((t) => t.includes(w))) ? 'words' : null;
}

// ---------------------------------------------------------------------------------------------
// Command-line flags

/**
 * The project's command-line tools whose source is pinned: the names a page calls them by (in prose
 * and as a command), the repository, and the files and style of their argument definitions.
 */
export const TOOLS = {
  'aqua-cli': {repo: 'inblockio/aqua-rs-cli', files: ['src/main.rs'], style: 'clap', names: ['aqua-cli']},
  'aqua-js-cli': {
    repo: 'inblockio/aqua-js-cli',
    files: ['aqua.ts'],
    style: 'minimist',
    names: ['aqua-js-cli'],
    commands: ['aqua.js', 'aqua'],
  },
  'notarize.js': {
    repo: 'inblockio/aqua-verifier-js',
    files: ['notarize.js'],
    style: 'minimist',
    names: ['notarize.js'],
  },
  'verify.js': {repo: 'inblockio/aqua-verifier-js', files: ['verify.js'], style: 'minimist', names: ['verify.js']},
  'notarize.ts': {
    repo: 'inblockio/aqua-verifier-js',
    files: ['notarize.ts'],
    style: 'minimist',
    names: ['notarize.ts'],
  },
  pkc: {repo: 'inblockio/aqua-PKC', files: ['pkc'], style: 'bash-case', names: ['pkc', './pkc']},
};

/** Other programs a page gives flags to; their source is not pinned here, so their flags are not checked. */
export const OTHER_PROGRAMS = new Set(
  `cargo rustup rustfmt clippy npm npx node docker git composer php openssl sed curl wget apt-get brew
  tsc eslint prettier markdownlint yarn pnpm make python python3 pip sudo chmod mkdir cp mv ln echo cat`.split(/\s+/),
);

const toolOfName = (name) => {
  const bare = name.replace(/^\.\//, '').replace(/^.*\//, '');
  for (const [tool, {names, commands = []}] of Object.entries(TOOLS))
    if (names.includes(name) || names.includes(bare) || commands.includes(bare)) return tool;
  if (OTHER_PROGRAMS.has(bare.toLowerCase())) return 'other';
  return null;
};

/** Sentences that say a flag does not exist or is misnamed: its absence is what they claim. */
const NEGATION =
  /\b(?:does not exist|do not exist|doesn't exist|never (?:existed|appeared|read)|no such|not an? (?:option|flag)|older (?:pages|instructions|docs|examples|snippets|text)|old pages|named these options|misspell|instead of|is (?:actually )?spelled|no longer|(?:help|usage) text (?:says|lists|names|mentions))\b/i;

/** Tool mentions in a text: `{index, tool}` for each word or code span that names a tool. */
function toolMentions(text) {
  const found = [];
  for (const s of codeSpans(text)) {
    const first = s.code.split(/\s+/).find((w) => !/^\w+=/.test(w) && !['sudo', 'npx'].includes(w)) ?? '';
    const tool = toolOfName(first);
    if (tool) found.push({index: s.start, tool});
  }
  const bare = text.replace(/`[^`]*`/g, (m) => ' '.repeat(m.length));
  const re = /(?<![\w./-])(\.\/)?([A-Za-z][\w.-]*[\w])(?![\w-])/g;
  let m;
  while ((m = re.exec(bare))) {
    const word = m[2];
    const tool = TOOLS[word] || Object.values(TOOLS).some((t) => t.names.includes(word)) ? toolOfName(word) : null;
    const other = !tool && OTHER_PROGRAMS.has(word.toLowerCase()) && /^[A-Za-z]/.test(word) ? 'other' : null;
    // Plain words that are also common English are only tools in code spans.
    if (tool || (other && !['make', 'echo', 'cat', 'node', 'git'].includes(word.toLowerCase())))
      found.push({index: m.index, tool: tool ?? other});
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The default tool of a page: the first tool its title or description names. */
function pageTool(text) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  const fm = match ? parseYaml(match[1]) : {};
  const mentions = toolMentions(`${fm?.title ?? ''} ${fm?.description ?? ''}`).filter((m) => m.tool !== 'other');
  return mentions[0]?.tool ?? null;
}

const FLAG = /^--?[A-Za-z][\w-]*$/;

/**
 * Every flag a page names, with the tool it is named for: `{page, pageLine, flag, tool, negated,
 * where}`. In prose, a flag is a code span starting with `-`; its tool is the one the span itself
 * starts with, else the nearest tool named in the same sentence, earlier in the block, in the section
 * heading, or in the page's title and description. In ```bash fences, the flags of each command line.
 * `tool` is a key of TOOLS, 'other' (a program whose source is not pinned) or null (not attributed).
 */
export function flagMentions(page, text = readFileSync(join(ROOT, page), 'utf8')) {
  const out = [];
  const fallback = pageTool(text);
  const blocks = proseBlocks(text);
  let sectionTool = null;
  for (const block of blocks) {
    if (block.heading) {
      sectionTool = toolMentions(block.text).find((m) => m.tool !== 'other')?.tool ?? null;
      continue;
    }
    const mentions = toolMentions(block.text);
    for (const [s0, s1] of sentences(block.text)) {
      const sentence = block.text.slice(s0, s1);
      const negated = NEGATION.test(sentence);
      for (const span of codeSpans(block.text).filter((s) => s.start >= s0 && s.end <= s1)) {
        const words = span.code.split(/\s+/);
        const own = toolOfName(words.find((w) => !/^\w+=/.test(w) && !['sudo', 'npx'].includes(w)) ?? '');
        const flags = words.flatMap((w) => w.split('|')).filter((w) => FLAG.test(w));
        if (!flags.length) continue;
        if (!own && !FLAG.test(words[0]) && !/^[A-Z0-9,]+$/.test(words[0].replace(/[^A-Za-z0-9,]/g, ''))) {
          // A span like `FILE@0x<hash>` or `A,B --witness eth` still names flags; other text does not.
          if (!words.some((w) => FLAG.test(w))) continue;
        }
        let tool = own;
        if (!tool) {
          const inSentence = mentions
            .filter((m) => m.index >= s0 && m.index < s1 && m.index !== span.start)
            .sort((x, y) => Math.abs(x.index - span.start) - Math.abs(y.index - span.start));
          tool = inSentence[0]?.tool;
        }
        tool ??= mentions.filter((m) => m.index < span.start).pop()?.tool;
        tool ??= sectionTool ?? fallback;
        for (const flag of flags)
          out.push({page, pageLine: block.line, flag, tool: tool ?? null, negated, where: 'prose'});
      }
    }
  }
  const {fences} = parseFences(text);
  for (const fence of fences) {
    const lang = (infoWords(fence.info)[0] || '').toLowerCase();
    if (!['bash', 'sh', 'shell', 'console'].includes(lang)) continue;
    fence.body.split('\n').forEach((raw, k) => {
      for (const command of raw
        .replace(/^\s*\$\s+/, '')
        .replace(/\s#.*$/, '')
        .split(/\s*(?:&&|\|\||;|\|)\s*/)) {
        const words = command.trim().split(/\s+/).filter(Boolean);
        while (words.length && (/^\w+=/.test(words[0]) || ['sudo', 'npx', 'exec', 'time'].includes(words[0])))
          words.shift();
        if (!words.length) continue;
        let tool = toolOfName(words[0]);
        let rest = words.slice(1);
        if (['node', 'tsx'].includes(words[0]) && rest.length) {
          tool = toolOfName(rest[0]) ?? 'other';
          rest = rest.slice(1);
        }
        if (!tool || tool === 'other') continue;
        for (const w of rest) {
          const flag = w.split('=')[0];
          if (FLAG.test(flag))
            out.push({page, pageLine: fence.line + 1 + k, flag, tool, negated: false, where: 'command'});
        }
      }
    });
  }
  return out;
}

/** Flags that the source text of one tool file defines, by the tool's style. */
export function definedFlags(style, source) {
  const flags = new Set();
  const add = (name) => flags.add(name.length === 1 ? `-${name}` : `--${name}`);
  if (style === 'clap') {
    for (const m of source.matchAll(/\.short\('(.)'\)/g)) flags.add(`-${m[1]}`);
    for (const m of source.matchAll(/\.long\("([\w-]+)"\)/g)) flags.add(`--${m[1]}`);
    // clap adds help, and version when the command has one.
    flags.add('-h').add('--help');
    if (/\.version\(/.test(source)) flags.add('-V').add('--version');
  } else if (style === 'minimist') {
    for (const m of source.matchAll(/\b(?:boolean|string)\s*:\s*\[([^\]]*)\]/g))
      for (const n of m[1].matchAll(/["']([\w-]+)["']/g)) add(n[1]);
    for (const m of source.matchAll(/(?<!process\.)\bargv\.([A-Za-z]\w*)\b(?!\s*\()/g)) add(m[1]);
    for (const m of source.matchAll(/\bargv\[["']([\w-]+)["']\]/g)) add(m[1]);
    for (const m of source.matchAll(/includes\(["'](--?[\w-]+)["']\)/g)) flags.add(m[1]);
  } else if (style === 'bash-case') {
    for (const m of source.matchAll(/^\s*((?:--?[\w-]+\|?)+)\)/gm))
      for (const f of m[1].split('|')) if (f) flags.add(f);
  }
  return [...flags].sort();
}

// ---------------------------------------------------------------------------------------------
// Output blocks

const EXAMPLE_LANGS = new Set(['ts', 'typescript', 'js', 'javascript', 'mjs']);
/** Pages whose ts/js examples scripts/check/code-examples.mjs runs (and whose Output it compares). */
const EXAMPLE_PAGES = /^(?:versioned_docs\/version-1\.3\.2\/|blog\/|src\/pages\/_[^/]*\.mdx$)/;

/**
 * Parses "(quoted from <source> <path>:<lines>[, <path>:<lines>]… [at <commit>][; <source> …])" at
 * the end of a title. `<source>` is owner/repo (with `at <commit prefix>`) or package@version;
 * `<lines>` is N or N-M. Returns a list of `{source, commitHint, path, lines}` or null.
 */
export function parseQuote(title) {
  const m = /\(quoted from (.+)\)\s*$/.exec(title);
  if (!m) return null;
  const cites = [];
  for (const part of m[1].split(/\s*;\s*/)) {
    const at = /\s+at\s+([0-9a-f]{7,40})$/.exec(part);
    const body = at ? part.slice(0, at.index) : part;
    const [source, ...rest] = body.split(/\s+/);
    for (const item of rest.join(' ').split(/\s*,\s*/)) {
      const c = /^(\S+):(\d+)(?:-(\d+))?$/.exec(item);
      if (!c) return null;
      const from = Number(c[2]);
      const to = Number(c[3] ?? c[2]);
      cites.push({
        source,
        commitHint: at?.[1],
        path: c[1],
        lines: Array.from({length: to - from + 1}, (_, k) => from + k),
      });
    }
  }
  return cites.length ? cites : null;
}

/**
 * Every output block of a page: `{page, line, title, body, kind, quote, checkedBy, id}`. `kind` says
 * how the output is backed: 'run' (the example just before it runs in `npm run test:examples`, which
 * compares the output), 'checked-by' (a content test named in `checked-by="…"` compares it), 'quoted'
 * (its title cites the source lines that print it) or 'none'.
 */
export function outputBlocks(page, text = readFileSync(join(ROOT, page), 'utf8')) {
  const {fences, lines} = parseFences(text);
  const out = [];
  fences.forEach((fence, k) => {
    const title = infoAttribute(fence.info, 'title') ?? '';
    if (!/^(?:expected )?output\b/i.test(title)) return;
    const prev = fences[k - 1];
    const adjacent = prev && lines.slice(prev.endLine, fence.line - 1).every((l) => l.trim() === '');
    const prevWords = prev ? infoWords(prev.info) : [];
    const run =
      adjacent &&
      EXAMPLE_PAGES.test(page) &&
      EXAMPLE_LANGS.has((prevWords[0] || '').toLowerCase()) &&
      !prevWords.includes('network') &&
      /^text\b/.test(fence.info) &&
      title === 'Output';
    const checkedBy = infoAttribute(fence.info, 'checked-by');
    const quote = parseQuote(title);
    const kind = run ? 'run' : checkedBy ? 'checked-by' : quote ? 'quoted' : 'none';
    out.push({
      page,
      line: fence.line,
      title,
      body: fence.body,
      kind,
      quote,
      checkedBy,
      id: infoAttribute(fence.info, 'id'),
    });
  });
  return out;
}

/**
 * Whether a source line prints one of the lines of an output block: one of its string literals (the
 * rest of the line after an opening quote when the literal continues on the next line), read as a
 * pattern in which format placeholders ({}, {:?}, ${…}, %s) stand for any text, occurs in a line of
 * the block. Literals without a letter or digit say nothing and are skipped.
 */
export function printsInto(line, body) {
  const complete = [...line.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)].map(
    (m) => m[1] ?? m[2] ?? m[3],
  );
  const open = /["'`]((?:[^"'`\\]|\\.)*)$/.exec(
    line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, ''),
  );
  const literals = [...complete, ...(open ? [open[1]] : [])]
    .map((l) => l.replace(/\\t/g, '\t').replace(/\\"/g, '"').replace(/\\'/g, "'"))
    .flatMap((l) => l.split('\\n'));
  const shown = body.split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
  return literals.some((literal) => {
    const parts = literal
      .replace(/\$\{[^}]*$/, '')
      .trim()
      .split(/\$\{[^}]*\}|\{[^}]*\}|%[a-z]/);
    const words = parts.map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);
    if (!words.some((p) => /[A-Za-z0-9]/.test(p))) return false;
    const pattern = new RegExp(words.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*?'));
    return shown.some((l) => pattern.test(l));
  });
}

/** The path of a page relative to the root, for messages. */
export const rel = (path) => relative(ROOT, path);
