// Mechanical claims about pinned source code, checked on every page (scripts/lib/source-claims.mjs
// finds them; tests/content/fixtures/source-facts.json holds the facts from the repositories, written
// by scripts/build/source-facts.mjs; the aqua-js-sdk package is read from node_modules).
// 1. A "line N" reference resolves to a file the page lists in `checked_against`, at a line that
//    exists and holds the code the page names next to it. When the page names no code there, its
//    words are matched instead; a mismatch of words is reported as a to-do, not a failure, because
//    words can describe a line correctly without occurring in it ("the leaf check").
// 2. A command-line flag named for one of the project's tools exists in that tool's argument
//    definitions at a commit of its repository that the page pins. Flags of other programs (cargo,
//    npm, …) are not checked, nor are flags in a sentence that says a flag does not exist or is misnamed.
// 3. An output block is backed: run by `npm run test:examples`, compared by a content test named
//    in `checked-by="…"`, or quoted, its title naming the source lines that print it; each quoted
//    line must contribute text to the block.
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import test from 'node:test';
import {
  ROOT,
  TOOLS,
  checkedAgainst,
  describes,
  flagMentions,
  lineReferences,
  outputBlocks,
  pageFiles,
  printsInto,
} from '../../scripts/lib/source-claims.mjs';

const FACTS = JSON.parse(readFileSync(join(ROOT, 'tests/content/fixtures/source-facts.json'), 'utf8'));
const REFRESH = 'run `node scripts/build/source-facts.mjs --repos <dir with clones>` and commit the fixture';
const PAGES = pageFiles().map((page) => {
  const text = readFileSync(join(ROOT, page), 'utf8');
  return {page, text, sources: checkedAgainst(text)};
});

/** Lines `numbers` of `path` in `source` (a checked_against entry), or throws saying what is missing. */
function sourceLines(source, path, numbers) {
  let all;
  if (source.pkg) {
    const dir = join(ROOT, 'node_modules', source.pkg);
    const version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
    assert.equal(version, source.version, `node_modules/${source.pkg} is ${version}, the page cites ${source.version}`);
    assert.ok(existsSync(join(dir, path)), `${source.pkg}@${source.version} has no ${path}`);
    all = readFileSync(join(dir, path), 'utf8').split('\n');
    return numbers.map((n) => {
      assert.ok(n <= all.length, `${source.pkg} ${path} has ${all.length} lines, not ${n}`);
      return all[n - 1];
    });
  }
  const key = `${source.repo}@${source.commit}:${path}`;
  const file = FACTS.lines[key];
  assert.ok(file, `${key} is not in the fixture; ${REFRESH}`);
  return numbers.map((n) => {
    assert.ok(n in file.lines, `line ${n} of ${key} is not in the fixture (or the file is shorter); ${REFRESH}`);
    return file.lines[n];
  });
}

// 1. Line references -------------------------------------------------------------------------------
const refs = PAGES.flatMap(({page, text}) => lineReferences(page, text));
test('pages cite source lines (the extraction finds them)', () => {
  assert.ok(refs.length >= 20, `only ${refs.length} line references found`);
});
for (const ref of refs) {
  const name = `${ref.page}:${ref.pageLine} "${ref.ref}"${ref.path ? ` of ${ref.path}` : ''}`;
  const texts = () => {
    assert.ok(!ref.problem, ref.problem);
    return sourceLines(ref.source, ref.path, ref.lines);
  };
  if (ref.spans.length) {
    test(`line reference ${name} holds \`${ref.spans.at(-1)}\``, () => {
      const lines = texts();
      assert.equal(describes(ref, lines), 'identifier', `the cited line(s) read:\n${lines.join('\n')}`);
    });
  } else {
    test(`line reference ${name} exists`, () => texts());
    let verdict = null;
    try {
      verdict = describes(ref, texts());
    } catch {
      // the existence test above reports it
    }
    test(
      `line reference ${name} holds what its words say (${ref.words.join(', ') || 'no words'})`,
      verdict ? {} : {todo: 'name the code next to the line number, in a code span'},
      () => assert.equal(verdict, 'words'),
    );
  }
}

// 2. Flags -----------------------------------------------------------------------------------------
const mentions = PAGES.flatMap(({page, text}) => flagMentions(page, text));
test('pages name flags of the project tools (the extraction finds them)', () => {
  assert.ok(mentions.filter((m) => TOOLS[m.tool]).length >= 100, 'too few flag mentions found');
});
/** Flags of `tool` at the commits of its repository that the page pins, or null when it pins none. */
function pinnedFlags(tool, sources) {
  const {repo, files} = TOOLS[tool];
  const commits = sources.filter((s) => s.repo === repo);
  if (!commits.length) return null;
  const flags = new Set();
  for (const {commit} of commits)
    for (const path of files) {
      const key = `${repo}@${commit}:${path}`;
      const entry = FACTS.flags[tool]?.[key];
      assert.ok(entry, `${key} is not in the fixture; ${REFRESH}`);
      for (const f of entry.flags ?? []) flags.add(f);
    }
  return flags;
}
const byPage = new Map();
for (const m of mentions) (byPage.get(m.page) ?? byPage.set(m.page, []).get(m.page)).push(m);
for (const [page, list] of byPage) {
  const {sources} = PAGES.find((p) => p.page === page);
  const checked = list.filter((m) => m.tool !== 'other' && !m.negated);
  if (!checked.length) continue;
  test(`flags named on ${page} exist in the pinned source of their tool`, () => {
    const wrong = [];
    for (const m of checked) {
      // Not attributed to one tool: any tool whose repository the page pins must define it.
      const tools = m.tool ? [m.tool] : Object.keys(TOOLS).filter((t) => pinnedFlags(t, sources));
      if (!tools.length) {
        wrong.push(`line ${m.pageLine}: ${m.flag} names no tool, and the page pins no tool's repository`);
        continue;
      }
      const sets = tools.map((t) => [t, pinnedFlags(t, sources)]);
      if (sets.every(([, s]) => s === null)) {
        wrong.push(`line ${m.pageLine}: ${m.flag} of ${tools[0]}, whose repository the page does not pin`);
      } else if (!sets.some(([, s]) => s?.has(m.flag))) {
        wrong.push(`line ${m.pageLine}: ${m.flag} is not a flag of ${tools.join(' or ')} at the pinned commits`);
      }
    }
    assert.deepEqual(wrong, []);
  });
}

// 3. Output blocks ---------------------------------------------------------------------------------
const outputs = PAGES.flatMap(({page, text}) => outputBlocks(page, text));
test('pages show command output (the extraction finds it)', () => {
  assert.ok(outputs.length >= 40, `only ${outputs.length} output blocks found`);
});
for (const block of outputs) {
  const {sources} = PAGES.find((p) => p.page === block.page);
  const name = `output block ${block.page}:${block.line}`;
  if (block.kind === 'run') continue; // scripts/check/code-examples.mjs runs the example and compares
  test(`${name} is run, checked or quoted`, () => {
    assert.notEqual(
      block.kind,
      'none',
      'the command cannot run in the suite: name the source lines that print this output in the title, ' +
        '"(quoted from <owner>/<repo> <path>:<line>[, …] at <commit>)", or compare it in a content test ' +
        '(checked-by="tests/content/<file>")',
    );
    if (block.kind === 'checked-by') {
      const file = join(ROOT, block.checkedBy);
      assert.ok(existsSync(file), `${block.checkedBy} does not exist`);
      const code = readFileSync(file, 'utf8');
      // A version cut copies a page of the next docs with its blocks: the copy is checked as long as
      // its block is, byte for byte, the one the test checks on the page it was copied from.
      const rel = block.page.replace(/^(docs|versioned_docs\/[^/]+)\//, '');
      const original = outputs.find(
        (other) =>
          other !== block &&
          code.includes(other.page) &&
          other.page.replace(/^(docs|versioned_docs\/[^/]+)\//, '') === rel &&
          (other.id ?? other.title) === (block.id ?? block.title) &&
          other.body === block.body,
      );
      assert.ok(
        code.includes(block.page) || original,
        `${block.checkedBy} does not name ${block.page}` +
          (outputs.some((o) => o !== block && code.includes(o.page) && o.page.endsWith(rel))
            ? ', and the block differs from the one it checks on the page this one was copied from: make the test check this page too'
            : ''),
      );
      assert.ok(
        code.includes(block.id ?? block.title),
        `${block.checkedBy} does not name the block (${block.id ? `id ${block.id}` : block.title})`,
      );
      return;
    }
    for (const cite of block.quote) {
      const source = cite.source.includes('@')
        ? sources.find((s) => s.pkg && `${s.pkg}@${s.version}` === cite.source)
        : (() => {
            const found = sources.filter(
              (s) => s.repo === cite.source && (!cite.commitHint || s.commit.startsWith(cite.commitHint)),
            );
            assert.equal(
              found.length,
              1,
              `${cite.source} at ${cite.commitHint ?? '(no commit)'} is not one checked_against entry`,
            );
            return found[0];
          })();
      assert.ok(source, `${cite.source} is not in the page's checked_against`);
      assert.ok(source.paths.includes(cite.path), `${cite.path} is not listed under ${cite.source} in checked_against`);
      sourceLines(source, cite.path, cite.lines).forEach((line, k) => {
        assert.ok(printsInto(line, block.body), `${cite.path}:${cite.lines[k]} prints no line of the block:\n${line}`);
      });
    }
  });
}
