#!/usr/bin/env node
// Checks every TypeScript/JavaScript example published for the v3 docs (aqua-js-sdk).
//
// Which blocks: every ```ts / ```js fence (also typescript, javascript, mjs) in
//   versioned_docs/version-1.3.2/**/*.md(x), blog/**/*.md(x) and src/pages/**/_*.mdx.
// Conventions:
// - Each block is a complete ES module importing from "aqua-js-sdk" as a user would.
// - All blocks are type-checked together in ONE `tsc --strict --noEmit` run.
// - A block whose info string carries the bare word `network` is only type-checked. Every other
//   block is transpiled and run with Node, with the network blocked (scripts/check/examples/no-network.mjs)
//   and a time limit; it must exit with status 0. Each runs in a process of its own, except in the
//   fast lane (EXAMPLES_ONE_PROCESS=1), where they share two (scripts/check/examples/one-process.mjs
//   says how that keeps each run apart, and why a failure there is run again alone).
// - A block may import a module that another block of the same version publishes (`./strict-verify.js`
//   for the block titled strict-verify.ts, scripts/lib/doc-modules.mjs); that block is placed beside it.
// - If a runnable block is followed immediately by a ```text title="Output" fence, stdout must match
//   it line by line; `…` (U+2026) in an expected line matches any run of characters.
//
// Usage: node scripts/check/code-examples.mjs [substring-of-file-path ...]
//   With arguments, only files whose path contains one of the substrings are checked.
//   KEEP_EXAMPLES=1 keeps the temporary directory for inspection.
import {fork, spawn} from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {createRequire} from 'node:module';
import {availableParallelism, tmpdir} from 'node:os';
import {dirname, join, relative} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {siblingModules} from '../lib/doc-modules.mjs';
import {infoWords, parseFences} from '../lib/fences.mjs';

const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const PRELOAD = join(ROOT, 'scripts', 'check', 'examples', 'no-network.mjs');
const TIMEOUT_MS = Number(process.env.EXAMPLE_TIMEOUT_MS || 60000);
const ONE_PROCESS_RUNNER = join(ROOT, 'scripts', 'check', 'examples', 'one-process.mjs');
/** Set by `npm run check` (the fast lane): examples share processes; see one-process.mjs. */
const ONE_PROCESS = process.env.EXAMPLES_ONE_PROCESS === '1';
const LANGS = {ts: 'ts', typescript: 'ts', js: 'js', javascript: 'js', mjs: 'js'};
const SOURCES = [
  {dir: 'versioned_docs/version-1.3.2', match: (name) => /\.mdx?$/.test(name)},
  {dir: 'blog', match: (name) => /\.mdx?$/.test(name)},
  {dir: 'src/pages', match: (name) => /^_.*\.mdx$/.test(name)},
];

function* walk(dir, match) {
  let entries;
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return;
  }
  for (const name of entries) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path, match);
    else if (match(name)) yield path;
  }
}

function collectBlocks(filters) {
  const blocks = [];
  for (const {dir, match} of SOURCES) {
    for (const path of walk(join(ROOT, dir), match)) {
      const file = relative(ROOT, path);
      if (filters.length && !filters.some((f) => file.includes(f))) continue;
      const {fences, lines} = parseFences(readFileSync(path, 'utf8'));
      fences.forEach((fence, k) => {
        const words = infoWords(fence.info);
        const lang = LANGS[(words[0] || '').toLowerCase()];
        if (!lang) return;
        let expected = null;
        const next = fences[k + 1];
        if (next && /^text\b/.test(next.info) && /title=["']Output["']/.test(next.info)) {
          const between = lines.slice(fence.endLine, next.line - 1);
          if (between.every((l) => l.trim() === '')) expected = next.body;
        }
        blocks.push({
          file,
          line: fence.line,
          lang,
          network: words.slice(1).includes('network'),
          code: fence.body,
          expected,
        });
      });
    }
  }
  return blocks;
}

function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {...options, stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = options.timeout
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, options.timeout)
      : null;
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({code, signal, stdout, stderr, timedOut});
    });
  });
}

const normalise = (text) => {
  const out = text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((l) => l.trimEnd());
  while (out.length && out[out.length - 1] === '') out.pop();
  return out;
};

function compareOutput(actual, expected) {
  const got = normalise(actual);
  const want = normalise(expected);
  const n = Math.max(got.length, want.length);
  for (let i = 0; i < n; i++) {
    const w = want[i];
    const g = got[i];
    if (w === undefined) return `unexpected extra output line ${i + 1}: ${JSON.stringify(g)}`;
    if (g === undefined) return `missing output line ${i + 1}: expected ${JSON.stringify(w)}`;
    const pattern = new RegExp(
      '^' +
        w
          .split('…')
          .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*') +
        '$',
    );
    if (!pattern.test(g)) return `output line ${i + 1} differs\n      expected: ${w}\n      actual:   ${g}`;
  }
  return null;
}

/** Runs `group` one after another in one process (one-process.mjs); sets each block's result. */
function shared(group, env) {
  if (!group.length) return Promise.resolve();
  return new Promise((resolve) => {
    const list = group.map((b) => ({id: b.id, file: join(b.dir, 'example.mjs'), cwd: b.dir}));
    const child = fork(ONE_PROCESS_RUNNER, [JSON.stringify(list), 'aqua-js-sdk'], {
      cwd: ROOT,
      env,
      execArgv: ['--no-warnings', '--import', pathToFileURL(PRELOAD).href],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    const byId = new Map(group.map((b) => [b.id, b]));
    // The time limit applies to each example: it restarts with every result.
    let timer;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    };
    arm();
    child.on('message', ({id, code, stdout, stderr}) => {
      if (!id) return;
      byId.get(id).result = {code, signal: null, stdout, stderr, timedOut: false};
      arm();
    });
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const failsOutput = (b) => b.expected !== null && compareOutput(b.result.stdout, b.expected) !== null;

async function pool(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const workers = Array.from({length: Math.min(limit, items.length)}, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  });
  await Promise.all(workers);
  return results;
}

async function main() {
  const started = Date.now();
  const filters = process.argv.slice(2);
  const blocks = collectBlocks(filters);
  if (blocks.length === 0) {
    console.log('no ts/js example blocks found');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }

  const tsPath = join(ROOT, 'node_modules', 'typescript');
  if (!existsSync(join(ROOT, 'node_modules', 'aqua-js-sdk')) || !existsSync(tsPath)) {
    console.log('node_modules/aqua-js-sdk or node_modules/typescript is missing (run npm ci)');
    console.log(`0 passed, ${blocks.length} failed`);
    process.exit(1);
  }
  const ts = createRequire(join(ROOT, 'package.json'))('typescript');

  // One directory per block, next to a node_modules link, so that "aqua-js-sdk" resolves as for a user.
  const work = mkdtempSync(join(tmpdir(), 'aqua-examples-'));
  symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'), 'dir');
  writeFileSync(join(work, 'package.json'), JSON.stringify({private: true, type: 'module'}));
  const template = JSON.parse(readFileSync(join(ROOT, 'scripts', 'check', 'examples', 'tsconfig.json'), 'utf8'));
  blocks.forEach((b, i) => {
    b.id = `b${String(i + 1).padStart(4, '0')}`;
    b.dir = join(work, b.id);
    b.source = `example.${b.lang}`;
    b.errors = [];
    mkdirSync(b.dir);
    writeFileSync(join(b.dir, b.source), b.code + '\n');
    try {
      b.modules = siblingModules(ROOT, b.file, b.code);
    } catch (error) {
      b.modules = [];
      b.moduleError = error.message;
    }
    for (const m of b.modules) writeFileSync(join(b.dir, `${m.name}.${m.lang}`), m.body + '\n');
  });
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify({...template, include: ['b*/example.ts', 'b*/example.js']}, null, 2),
  );

  // 1. Type-check everything in one tsc run. It runs while the examples execute (step 2), since the
  //    two are independent; a block with type errors is reported as failed whatever its run gave.
  const tscStarted = Date.now();
  let tscSeconds = '?';
  const tscDone = run(
    process.execPath,
    [join(tsPath, 'bin', 'tsc'), '-p', join(work, 'tsconfig.json'), '--pretty', 'false'],
    {cwd: work},
  ).then((r) => {
    tscSeconds = ((Date.now() - tscStarted) / 1000).toFixed(1);
    return r;
  });

  // 2. Transpile (no type information needed) and run every block not marked `network`.
  const runnable = blocks.filter((b) => !b.network);
  const toJs = (lang, code) =>
    lang === 'ts'
      ? ts.transpileModule(code, {
          compilerOptions: {module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: false},
        }).outputText
      : code;
  for (const b of runnable) {
    writeFileSync(join(b.dir, 'example.mjs'), toJs(b.lang, b.code));
    for (const m of b.modules.filter((m) => m.lang === 'ts'))
      writeFileSync(join(b.dir, `${m.name}.js`), toJs('ts', m.body));
  }
  const limit = Math.max(2, Math.min(8, availableParallelism()));
  const env = {...process.env, NO_COLOR: '1', FORCE_COLOR: '0'};
  delete env.NODE_OPTIONS;
  const alone = (b) =>
    run(process.execPath, ['--no-warnings', '--import', pathToFileURL(PRELOAD).href, join(b.dir, 'example.mjs')], {
      cwd: b.dir,
      env,
      timeout: TIMEOUT_MS,
    });
  // Fast lane: the examples share a few processes (one-process.mjs), so the SDK loads a few times
  // instead of once per example. Any example without a result there (its process stopped) or that
  // failed there runs again alone, and that run decides.
  const runsDone = ONE_PROCESS
    ? (async () => {
        const groups = Array.from({length: Math.min(2, limit)}, (_, k) => runnable.filter((_, i) => i % 2 === k));
        await Promise.all(groups.map((group) => shared(group, env)));
        const again = runnable.filter((b) => !b.result || b.result.code !== 0 || failsOutput(b));
        console.log(
          `${runnable.length - again.length} of ${runnable.length} examples passed in ${groups.length} shared processes` +
            (again.length ? `; run again alone: ${again.map((b) => `${b.file}:${b.line}`).join(', ')}` : ''),
        );
        await pool(again, limit, async (b) => (b.result = await alone(b)));
      })()
    : pool(runnable, limit, async (b) => (b.result = await alone(b)));

  const [tsc] = await Promise.all([tscDone, runsDone]);
  const byId = new Map(blocks.map((b) => [b.id, b]));
  const globalErrors = [];
  let current = null;
  for (const raw of tsc.stdout.split('\n')) {
    const m = /^(b\d{4})\/example\.[jt]s\((\d+),(\d+)\): (error TS\d+: .*)$/.exec(raw);
    if (m) {
      const b = byId.get(m[1]);
      current = [];
      b.errors.push({line: Number(m[2]), col: Number(m[3]), text: m[4], more: current});
    } else if (/^\s+\S/.test(raw) && current) {
      current.push(raw.trim());
    } else if (raw.trim()) {
      current = null;
      globalErrors.push(raw);
    }
  }
  if (tsc.code !== 0 && !blocks.some((b) => b.errors.length) && !globalErrors.length)
    globalErrors.push(tsc.stderr || `tsc exited with ${tsc.code}`);
  for (const b of blocks) if (b.errors.length) delete b.result; // type errors decide; the run is not reported

  // 3. Report.
  let passed = 0;
  let failed = 0;
  for (const b of blocks) {
    const where = `${b.file}:${b.line}`;
    const problems = [];
    if (b.moduleError) problems.push(b.moduleError);
    for (const e of b.errors)
      problems.push(
        `${b.file}:${b.line + e.line}:${e.col} ${e.text}${e.more.length ? '\n      ' + e.more.join('\n      ') : ''}`,
      );
    let mode = b.network
      ? 'type-checked (network, not run)'
      : b.expected !== null
        ? 'ran, output matched'
        : 'ran, exit 0';
    if (b.result) {
      const r = b.result;
      if (r.timedOut) problems.push(`timed out after ${TIMEOUT_MS / 1000} s`);
      else if (r.code !== 0)
        problems.push(
          `exited with ${r.code ?? r.signal}${r.stderr.trim() ? ':\n      ' + r.stderr.trim().split('\n').slice(0, 12).join('\n      ') : ''}`,
        );
      else if (b.expected !== null) {
        const diff = compareOutput(r.stdout, b.expected);
        if (diff) problems.push(diff);
      }
    } else if (!b.network && b.errors.length) {
      mode = 'type check failed';
    }
    if (problems.length) {
      failed++;
      console.log(
        `✗ ${where} ${b.network ? 'type check failed (network block)' : b.result ? (b.errors.length ? 'failed' : 'failed when run') : mode}`,
      );
      for (const p of problems) console.log(`    ${p}`);
    } else {
      passed++;
      console.log(`✓ ${where} ${mode}`);
    }
  }
  if (globalErrors.length) {
    failed++;
    console.log('✗ tsc reported errors outside the example blocks:');
    for (const e of globalErrors.slice(0, 20)) console.log(`    ${e}`);
  }

  if (process.env.KEEP_EXAMPLES) console.log(`(kept ${work})`);
  else rmSync(work, {recursive: true, force: true});
  console.log(
    `(${blocks.length} blocks, ${runnable.length} run, in ${((Date.now() - started) / 1000).toFixed(1)} s; type check ${tscSeconds} s)`,
  );
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
