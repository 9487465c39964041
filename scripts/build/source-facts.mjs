#!/usr/bin/env node
// Writes tests/content/fixtures/source-facts.json: the few facts of pinned source code that the
// content test tests/content/source-claims.test.mjs checks the pages against, so that the test runs
// offline on a fresh clone.
// - lines: every source line a page cites from a repository at a commit (a "line N" reference, or a
//   line an output block is quoted from), with the git blob id of the file it comes from;
// - flags: for each command-line tool of scripts/lib/source-claims.mjs (TOOLS), the flags its argument
//   definitions declare at every commit of its repository that a page lists in `checked_against`.
// Lines of the aqua-js-sdk package are not stored: the test reads node_modules/aqua-js-sdk.
//
// Usage: node scripts/build/source-facts.mjs --repos <dir>
//   <dir> holds clones of the cited repositories (work trees or bare), found as <dir>/<owner>/<name>,
//   <dir>/<name> or <dir>/<owner>+<name>, or a single git directory inside one of those.
//   Commits that are missing from a clone are reported; fetch them and run again.
//   --check: exit with status 1, writing nothing, when the fixture is not what the pages need.
import {execFileSync} from 'node:child_process';
import {existsSync, readFileSync, readdirSync, statSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import * as prettier from 'prettier';
import {
  ROOT,
  TOOLS,
  checkedAgainst,
  definedFlags,
  lineReferences,
  outputBlocks,
  pageFiles,
} from '../lib/source-claims.mjs';

const FIXTURE = join(ROOT, 'tests', 'content', 'fixtures', 'source-facts.json');
const args = process.argv.slice(2);
const reposDir = args[args.indexOf('--repos') + 1];
const check = args.includes('--check');
if (!args.includes('--repos') || !reposDir) {
  console.error('usage: node scripts/build/source-facts.mjs --repos <dir with clones of the cited repositories>');
  process.exit(2);
}

const isGitDir = (dir) => {
  try {
    execFileSync('git', ['-C', dir, 'rev-parse', '--git-dir'], {stdio: 'pipe'});
    return true;
  } catch {
    return false;
  }
};
const gitDirs = new Map();
function gitDirOf(repo) {
  if (gitDirs.has(repo)) return gitDirs.get(repo);
  const [owner, name] = repo.split('/');
  let found = null;
  for (const candidate of [join(reposDir, owner, name), join(reposDir, name), join(reposDir, `${owner}+${name}`)]) {
    if (!existsSync(candidate)) continue;
    if (isGitDir(candidate)) found = candidate;
    else {
      const inner = readdirSync(candidate)
        .map((n) => join(candidate, n))
        .filter((p) => statSync(p).isDirectory() && isGitDir(p));
      if (inner.length === 1) found = inner[0];
    }
    if (found) break;
  }
  gitDirs.set(repo, found);
  return found;
}
const git = (dir, ...a) =>
  execFileSync('git', ['-C', dir, ...a], {encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe']});

const problems = [];
/** The text of `path` at `commit` of `repo` and its blob id, or null (with a problem) when unavailable. */
function fileAt(repo, commit, path, optional = false) {
  const dir = gitDirOf(repo);
  if (!dir) {
    problems.push(`${repo}: no clone under ${reposDir}`);
    return null;
  }
  try {
    git(dir, 'cat-file', '-e', `${commit}^{commit}`);
  } catch {
    problems.push(`${repo}: commit ${commit} is missing; fetch it`);
    return null;
  }
  try {
    const blob = git(dir, 'rev-parse', `${commit}:${path}`).trim();
    return {blob, text: git(dir, 'cat-file', 'blob', blob)};
  } catch {
    if (!optional) problems.push(`${repo}@${commit}: no file ${path}`);
    return null;
  }
}

// Which lines the pages cite from repositories.
const wanted = new Map(); // "repo@commit:path" → Set of line numbers
const want = (repo, commit, path, lines) => {
  const key = `${repo}@${commit}:${path}`;
  if (!wanted.has(key)) wanted.set(key, new Set());
  for (const l of lines) wanted.get(key).add(l);
};
const commitsOf = new Map(); // repo → Set of full commits named in any page's checked_against
for (const page of pageFiles()) {
  const text = readFileSync(join(ROOT, page), 'utf8');
  const sources = checkedAgainst(text);
  for (const s of sources) if (s.repo) (commitsOf.get(s.repo) ?? commitsOf.set(s.repo, new Set()).get(s.repo)).add(s.commit);
  for (const ref of lineReferences(page, text)) if (ref.source?.repo) want(ref.source.repo, ref.source.commit, ref.path, ref.lines);
  for (const block of outputBlocks(page, text)) {
    for (const cite of block.quote ?? []) {
      if (!cite.source.includes('/') || cite.source.includes('@')) continue; // a package: read from node_modules
      const match = sources.filter((s) => s.repo === cite.source && (!cite.commitHint || s.commit.startsWith(cite.commitHint)));
      if (match.length === 1) want(cite.source, match[0].commit, cite.path, cite.lines);
    }
  }
}

const fixture = {lines: {}, flags: {}};
for (const key of [...wanted.keys()].sort()) {
  const [, repo, commit, path] = /^(.+)@([0-9a-f]{40}):(.+)$/.exec(key);
  const file = fileAt(repo, commit, path);
  if (!file) continue;
  const all = file.text.split('\n');
  const lines = {};
  for (const n of [...wanted.get(key)].sort((a, b) => a - b)) {
    if (n > all.length) problems.push(`${key}: has ${all.length} lines, a page cites line ${n}`);
    else lines[n] = all[n - 1];
  }
  fixture.lines[key] = {blob: file.blob, lines};
}
for (const [tool, {repo, files, style}] of Object.entries(TOOLS)) {
  for (const commit of [...(commitsOf.get(repo) ?? [])].sort()) {
    for (const path of files) {
      const file = fileAt(repo, commit, path, true);
      const key = `${repo}@${commit}:${path}`;
      (fixture.flags[tool] ??= {})[key] = file ? {blob: file.blob, flags: definedFlags(style, file.text)} : {absent: true};
    }
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
// Formatted as `npm run format:check` expects.
const json = await prettier.format(JSON.stringify(fixture), {
  ...(await prettier.resolveConfig(FIXTURE)),
  filepath: FIXTURE,
});
if (check) {
  const current = existsSync(FIXTURE) ? readFileSync(FIXTURE, 'utf8') : '';
  if (current !== json) {
    console.error('tests/content/fixtures/source-facts.json is out of date; run without --check');
    process.exit(1);
  }
  console.log('source facts: up to date');
} else {
  writeFileSync(FIXTURE, json);
  const nLines = Object.values(fixture.lines).reduce((n, f) => n + Object.keys(f.lines).length, 0);
  const nFlags = Object.values(fixture.flags).reduce((n, t) => n + Object.keys(t).length, 0);
  console.log(`source facts: ${nLines} cited lines from ${Object.keys(fixture.lines).length} files, flags of ${nFlags} tool files`);
}
