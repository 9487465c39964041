// Output blocks of the v2 Getting Started page that come from commands the suite can run: each block
// carries `checked-by="tests/content/v2-outputs.test.mjs"` and an id, named here.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import process from 'node:process';
import {test} from 'node:test';
import {ROOT, docBlock, docFences} from './doc-blocks.mjs';

const PAGE = 'versioned_docs/version-1.2.0/getting-started.md';
const VERIFIER = 'versioned_docs/version-1.2.0/Components/verifier/index.md';
const byId = (id) => {
  const found = docFences(PAGE).filter((f) => f.info.includes(`id="${id}"`));
  assert.equal(found.length, 1, `one block with id ${id}`);
  return found[0].body.trim();
};

test('v2-openssl-sha3: openssl prints the SHA3-512 of hello.txt, the file_hash of hello.chain.json', () => {
  const digest = createHash('sha3-512').update('hello aqua\n').digest('hex');
  assert.equal(byId('v2-openssl-sha3'), `SHA3-512(stdin)= ${digest}`);
  const chain = JSON.parse(docBlock(PAGE, 'hello.chain.json').body);
  const [revision] = Object.values(chain.pages[0].revisions);
  assert.equal(revision.content.content.file_hash, digest);
});

test('v2-run-check: run-check.mjs prints "chain holds" for a genuine signed 1.2 chain', () => {
  // The two scripts as the Verifier page publishes them, run on the real signed chain of
  // aqua-verifier-rs (fixtures/chains/aqua-1.2-logo-erp.json), from a folder inside the project so
  // that `ethers` resolves as it does for a reader who installed it.
  const dir = join(ROOT, 'node_modules', '.cache', 'v2-outputs');
  mkdirSync(dir, {recursive: true});
  writeFileSync(join(dir, 'check-chain-1.2.mjs'), docBlock(VERIFIER, 'check-chain-1.2.mjs').body);
  writeFileSync(join(dir, 'run-check.mjs'), docBlock(VERIFIER, 'run-check.mjs').body);
  const chain = join(ROOT, 'tests/content/fixtures/chains/aqua-1.2-logo-erp.json');
  writeFileSync(join(dir, 'chain.json'), readFileSync(chain));
  const out = execFileSync(process.execPath, ['run-check.mjs', 'chain.json'], {cwd: dir, encoding: 'utf8'});
  assert.equal(out.trim(), byId('v2-run-check'));
});
