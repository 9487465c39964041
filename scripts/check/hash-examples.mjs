#!/usr/bin/env node
// Recomputes every worked hash example published in the docs and fails when a page shows a wrong
// hash. A writer marks an example with a fenced block whose info string contains `hash-example`:
//
//   ```json title="Revision 2: verification hash" hash-example
//   {"algorithm": "sha3-512", "concat": ["<content_hash>", "<metadata_hash>", "", ""], "hash": "<hex>"}
//   ```
//
// Forms understood (all digests are lowercase hex; `prefix` is prepended to the result, e.g. "0x"):
// - `concat`: the digest of the strings joined in the order given.
// - `merkle_leaves`: each string ("key:value") is hashed into a leaf; pairs of sibling digests are
//   joined as raw bytes and hashed, an unpaired node moves up unchanged; the result is the root.
// Only node:crypto is used, so a reader can repeat any example with a few lines of Node.
import {createHash} from 'node:crypto';
import {readFileSync, readdirSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';

const ROOTS = ['docs', 'versioned_docs', 'blog'];
const FENCE = /^(\s*)(`{3,}|~{3,})([^\n]*)\n([\s\S]*?)^\1\2\s*$/gm;

function* markdownFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* markdownFiles(path);
    else if (/\.mdx?$/.test(name)) yield path;
  }
}

const digest = (algorithm, data) => createHash(algorithm).update(data).digest();

function merkleRoot(algorithm, leaves) {
  let level = leaves.map((leaf) => digest(algorithm, leaf));
  if (level.length === 0) throw new Error('merkle_leaves is empty');
  while (level.length > 1) {
    const next = [];
    for (let i = 0; i < level.length; i += 2) {
      next.push(i + 1 < level.length ? digest(algorithm, Buffer.concat([level[i], level[i + 1]])) : level[i]);
    }
    level = next;
  }
  return level[0];
}

export function computeExample(example) {
  const {algorithm, prefix = ''} = example;
  if (!['sha3-512', 'sha256'].includes(algorithm)) throw new Error(`unsupported algorithm "${algorithm}"`);
  if (Array.isArray(example.concat)) return prefix + digest(algorithm, example.concat.join('')).toString('hex');
  if (Array.isArray(example.merkle_leaves))
    return prefix + merkleRoot(algorithm, example.merkle_leaves).toString('hex');
  throw new Error('an example needs either "concat" or "merkle_leaves"');
}

export function findExamples(files = ROOTS.flatMap((root) => [...markdownFiles(root)])) {
  const found = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(FENCE)) {
      if (!/\bhash-example\b/.test(match[3])) continue;
      const line = text.slice(0, match.index).split('\n').length;
      found.push({file: relative(process.cwd(), file), line, body: match[4]});
    }
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const examples = findExamples();
  let failed = 0;
  for (const {file, line, body} of examples) {
    try {
      const example = JSON.parse(body);
      const actual = computeExample(example);
      if (actual !== example.hash) {
        failed++;
        console.error(`✗ ${file}:${line}\n  published ${example.hash}\n  computed  ${actual}`);
      } else console.log(`✓ ${file}:${line} (${example.algorithm})`);
    } catch (error) {
      failed++;
      console.error(`✗ ${file}:${line}: ${error.message}`);
    }
  }
  console.log(`${examples.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
