#!/usr/bin/env node
// Recomputes every worked hash example published in the docs and fails when a page shows a wrong
// hash or follows a wrong rule. A writer marks an example with a fenced block whose info string
// contains `hash-example` and, so that later examples can refer to it, an `id`:
//
//   ```json title="Revision 2: verification hash" hash-example id="v11-rev2"
//   {"algorithm": "sha3-512", "concat": ["<content_hash>", "<metadata_hash>", "<sig>", ""], "hash": "<hex>",
//    "recompute": {"rule": "aqua-1.1/verification_hash",
//                  "revision": {"domain_id": "…", "time_stamp": "…", "slots": {"main": "…"},
//                               "previous_verification_hash": {"from": "v11-rev1"}},
//                  "previous": {"signature": {"from": "v11-sig1", "field": "signature"}, …}}}
//   ```
//
// Every example is checked twice:
// 1. Fast check of the listing: the digest of the inputs the page lists equals `hash`.
//    `concat`: the digest of the strings joined in the order given. `merkle_leaves`: each string
//    ("key:value") is hashed into a leaf; pairs of sibling digests are joined as raw bytes and
//    hashed, an unpaired node moves up unchanged; the result is the root. `prefix` (e.g. "0x") is
//    prepended to the result. Digests are lowercase hex.
// 2. Recomputation by rule: `recompute.rule` names a rule of the reference implementation
//    (tests/content/reference/aqua-hashing.mjs, written from the reference code of each protocol
//    era); the rule gets the structured inputs of `recompute` (the revision's fields, not its
//    pre-joined strings) and must return `hash`. A listing built with a wrong rule (wrong order, own
//    signature instead of the previous one, unsorted slots or fields) fails here even when step 1
//    passes. Every example must carry `recompute`.
//
// Chaining: anywhere inside `recompute`, the object {"from": "<id>"} stands for the published `hash`
// of the example with that id (on any page of the same docs version, else the one page anywhere that
// has it), and {"from": "<id>", "field": "a.b"} for the value at
// that path of that example's resolved `recompute`. An input taken from an earlier example is thus
// the earlier example’s output, never a copy on the later page. Ids are unique within a docs version.
//
// Rules: aqua-1.1/{content_hash, metadata_hash, signature_hash, witness_hash,
// witness_event_verification_hash, merkle_parent, verification_hash}, aqua-1.2/verification_hash,
// aqua-1.3/verification_hash (SHA3-512 leaves, verifier of November 2024),
// aqua-sdk-3.2/verification_hash (SHA-256, scalar or tree as `version` says).
import {createHash} from 'node:crypto';
import {readFileSync, readdirSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';
import {RULES} from '../../tests/content/reference/aqua-hashing.mjs';
import {infoAttribute, infoWords, parseFences} from '../lib/fences.mjs';

const ROOTS = ['docs', 'versioned_docs', 'blog'];

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

/** Step 1: the digest of the inputs the example lists. */
export function computeExample(example) {
  const {algorithm, prefix = ''} = example;
  if (!['sha3-512', 'sha256'].includes(algorithm)) throw new Error(`unsupported algorithm "${algorithm}"`);
  if (Array.isArray(example.concat)) return prefix + digest(algorithm, example.concat.join('')).toString('hex');
  if (Array.isArray(example.merkle_leaves))
    return prefix + merkleRoot(algorithm, example.merkle_leaves).toString('hex');
  throw new Error('an example needs either "concat" or "merkle_leaves"');
}

/** Every hash-example fence: {file, line, id, body}. */
export function findExamples(files = ROOTS.flatMap((root) => [...markdownFiles(root)])) {
  const found = [];
  for (const file of files) {
    const {fences} = parseFences(readFileSync(file, 'utf8'));
    for (const fence of fences) {
      if (!infoWords(fence.info).includes('hash-example')) continue;
      found.push({
        file: relative(process.cwd(), file),
        line: fence.line,
        id: infoAttribute(fence.info, 'id'),
        body: fence.body,
      });
    }
  }
  return found;
}

const at = (value, path) => path.split('.').reduce((v, key) => (v == null ? undefined : v[key]), value);

/**
 * Checks examples (as findExamples returns them) with a set of rules (the reference rules unless a
 * test passes others). Returns one result per example: {file, line, id, errors: [string]}.
 */
export function checkExamples(examples, rules = RULES) {
  // Ids are unique within a docs version (a version cut copies the next docs, examples and ids
  // alike); a reference is to the example of that id in the same version, else to the one example of
  // that id in another version (the blog and pages count as one more).
  const versionOf = (file) => /^(docs|versioned_docs\/[^/]+)\//.exec(file)?.[1] ?? 'site';
  const key = (file, id) => `${versionOf(file)}\u0000${id}`;
  const byId = new Map();
  const parsed = examples.map((ex) => {
    let json;
    let error;
    try {
      json = JSON.parse(ex.body);
    } catch (e) {
      error = `not JSON: ${e.message}`;
    }
    const entry = {...ex, json, error};
    if (ex.id) {
      const other = byId.get(key(ex.file, ex.id));
      if (other) entry.error = `duplicate id "${ex.id}" in one docs version (also ${other.file}:${other.line})`;
      else byId.set(key(ex.file, ex.id), entry);
    }
    return entry;
  });

  const resolving = new Set();
  function resolveRecompute(entry) {
    if (entry.resolved) return entry.resolved;
    if (resolving.has(entry)) throw new Error(`reference cycle through "${entry.id}"`);
    resolving.add(entry);
    try {
      entry.resolved = resolve(entry.json.recompute, entry.file);
      return entry.resolved;
    } finally {
      resolving.delete(entry);
    }
  }
  function find(from, file) {
    const same = byId.get(key(file, from));
    if (same) return same;
    const elsewhere = [...byId.values()].filter((entry) => entry.id === from);
    if (elsewhere.length > 1) throw new Error(`"${from}" is an id in several docs versions, none of them this page's`);
    return elsewhere[0];
  }
  function resolve(value, file) {
    if (Array.isArray(value)) return value.map((v) => resolve(v, file));
    if (value === null || typeof value !== 'object') return value;
    if (typeof value.from === 'string') {
      const target = find(value.from, file);
      if (!target || !target.json) throw new Error(`no example with id "${value.from}"`);
      if (value.field === undefined) return target.json.hash;
      const found = at(resolveRecompute(target), value.field);
      if (found === undefined) throw new Error(`example "${value.from}" has no field "${value.field}"`);
      return found;
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, file)]));
  }

  return parsed.map((entry) => {
    const errors = [];
    const result = {file: entry.file, line: entry.line, id: entry.id, errors};
    if (entry.error) {
      errors.push(entry.error);
      return result;
    }
    const {json} = entry;
    try {
      const listed = computeExample(json);
      if (listed !== json.hash) errors.push(`listed inputs give ${listed}, page publishes ${json.hash}`);
    } catch (e) {
      errors.push(e.message);
    }
    if (!json.recompute) {
      errors.push('no "recompute": name the rule and its structured inputs');
      return result;
    }
    try {
      const inputs = resolveRecompute(entry);
      const rule = rules[inputs.rule];
      if (!rule) throw new Error(`unknown rule "${inputs.rule}"`);
      const expected = rule(inputs);
      if (expected !== json.hash) errors.push(`rule ${inputs.rule} gives ${expected}, page publishes ${json.hash}`);
    } catch (e) {
      errors.push(e.message);
    }
    return result;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = checkExamples(findExamples());
  let failed = 0;
  for (const {file, line, id, errors} of results) {
    const where = `${file}:${line}${id ? ` (${id})` : ''}`;
    if (errors.length) {
      failed++;
      console.error(`✗ ${where}\n  ${errors.join('\n  ')}`);
    } else console.log(`✓ ${where}`);
  }
  console.log(`${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
