// The legacy check scripts (1.2, 1.3 and the v2 JavaScript check) as a page publishes them, now or at an
// earlier commit. With FUZZ_AGAINST=<commit>, `publishedBlock` reads the page as that commit had it
// (`git show <commit>:<page>`), so that the generated properties of a test file run against the script
// before a fix and show what they find there:
//
//   FUZZ_AGAINST=1245666 node --test tests/content/next-protocol-1-2.test.mjs
//
// Without it, the block is loaded exactly as the working tree's page publishes it (doc-blocks.mjs).
import {execFileSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {infoAttribute, parseFences} from '../../scripts/lib/fences.mjs';
import {ROOT, importDocBlock} from './doc-blocks.mjs';

/** The commit the tests run against, or undefined for the working tree. */
export const AGAINST = process.env.FUZZ_AGAINST || undefined;

/** Imports the fence titled `title` of `page`, from the working tree or from the commit FUZZ_AGAINST names. */
export async function publishedBlock(page, title) {
  if (!AGAINST) return importDocBlock(page, title);
  const text = execFileSync('git', ['show', `${AGAINST}:${page}`], {cwd: ROOT, encoding: 'utf8'});
  const found = parseFences(text).fences.filter((f) => infoAttribute(f.info, 'title') === title);
  if (found.length !== 1)
    throw new Error(`${AGAINST}:${page}: expected one fence titled "${title}", found ${found.length}`);
  const body = found[0].body;
  const dir = join(ROOT, 'node_modules', '.cache', 'published-blocks');
  mkdirSync(dir, {recursive: true});
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  const file = join(dir, `${createHash('sha256').update(body).digest('hex').slice(0, 16)}.mjs`);
  writeFileSync(file, body);
  return import(pathToFileURL(file).href);
}

/**
 * Runs a generated attack: fc.assert with the gate's seed, or, with FUZZ_SURVEY=1, every drawn case without
 * stopping at the first break, printing how often each kind of break occurred (the failure's message up to
 * " | ", where the drawn values follow), so that a run against an earlier commit shows what the attack finds.
 */
export function attack(t, fc, arbitrary, body, {seed, numRuns}) {
  if (!process.env.FUZZ_SURVEY) {
    fc.assert(fc.property(arbitrary, body), {seed, numRuns});
    return;
  }
  const kinds = new Map();
  for (const drawn of fc.sample(arbitrary, {seed, numRuns})) {
    try {
      body(drawn);
    } catch (error) {
      const kind = String(error.message).split('\n')[0].split(' | ')[0];
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
  }
  for (const [kind, count] of [...kinds].sort((a, b) => b[1] - a[1])) t.diagnostic(`${count}× ${kind}`);
  if (kinds.size) throw new Error(`${kinds.size} kinds of break in ${numRuns} cases`);
}
