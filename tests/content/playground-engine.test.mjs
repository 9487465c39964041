// The playground's glue around aqua-js-sdk (src/components/AquaPlayground/engine.ts), run in Node
// against the SDK itself. The page shows, for every revision, what its fields hash to; for tree
// mode that is the SDK's dict2Leaves and getMerkleRoot, for scalar mode the formula of the SDK's
// verifier (getHashSum over reorderRevisionsProperties). These tests check that both equal the
// hashes the SDK writes, that the extra check passes every tree the SDK builds and fails the
// changes it is meant to catch, and that the engine's operations produce trees the SDK verifies.
/* global structuredClone, TextEncoder -- Node 20 globals, not in the lint config for .mjs tests */
import assert from 'node:assert/strict';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {test} from 'node:test';
import {pathToFileURL} from 'node:url';
import Aquafier, {dict2Leaves, getHashSum} from 'aqua-js-sdk';
import {ROOT} from './doc-blocks.mjs';

const CACHE = join(ROOT, 'node_modules', '.cache', 'playground-engine');

/** engine.ts and buffer-global.ts, transpiled as the site's bundler would, imported as ES modules. */
async function importEngine() {
  const ts = createRequire(join(ROOT, 'package.json'))('typescript');
  mkdirSync(CACHE, {recursive: true});
  for (const name of ['engine', 'buffer-global']) {
    const source = readFileSync(join(ROOT, 'src/components/AquaPlayground', `${name}.ts`), 'utf8');
    const {outputText} = ts.transpileModule(source, {
      compilerOptions: {module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false},
    });
    writeFileSync(join(CACHE, `${name}.mjs`), outputText.replace("'./buffer-global'", "'./buffer-global.mjs'"));
  }
  return import(pathToFileURL(join(CACHE, 'engine.mjs')).href);
}

const engine = await importEngine();
const aquafier = new Aquafier();
const credentials = {
  mnemonic: 'test test test test test test test test test test test junk',
  nostr_sk: '',
  did_key: '',
  alchemy_key: '',
  witness_eth_network: 'sepolia',
  witness_method: 'cli',
};
const note = {fileName: 'note.txt', fileContent: 'hello aqua', path: './note.txt'};
const second = {fileName: 'second.txt', fileContent: 'an attachment', path: './second.txt'};

/** A genesis, a signature and a link revision, written by the SDK in the given mode. */
async function sdkTree(scalar) {
  const genesis = await aquafier.createGenesisRevision(note, false, false, scalar);
  const signed = await aquafier.signAquaTree(
    {aquaTree: genesis.data.aquaTree, fileObject: note, revision: ''},
    'cli',
    credentials,
    scalar,
  );
  const other = (await aquafier.createGenesisRevision(second, false, false, scalar)).data.aquaTree;
  const linked = await aquafier.linkAquaTree(
    {aquaTree: signed.data.aquaTree, fileObject: note, revision: ''},
    {aquaTree: other, fileObject: second, revision: ''},
    scalar,
  );
  const files = [note, second, {fileName: 'second.txt.aqua.json', fileContent: other, path: './second.txt.aqua.json'}];
  return {tree: linked.data.aquaTree, files};
}

for (const scalar of [true, false]) {
  const mode = scalar ? 'scalar' : 'tree';

  test(`${mode} mode: what the page shows as each revision's recomputed hash is the SDK's hash`, async () => {
    const {tree, files} = await sdkTree(scalar);
    assert.equal((await aquafier.verifyAquaTree(tree, files)).isOk(), true);
    const views = engine.describe(tree);
    assert.deepEqual(
      views.map((v) => v.type),
      ['file', 'signature', 'link'],
    );
    for (const view of views) {
      assert.equal(view.mode, mode);
      assert.equal(view.recomputed, view.hash, `${view.type} revision`);
      for (const field of view.fields) {
        assert.equal(field.leaf, engine.leafOf(field.name, tree.revisions[view.hash][field.name]));
        if (!scalar) assert.equal(field.leaf, field.storedLeaf);
      }
    }
    assert.ok(engine.extraChecks(tree).every((check) => check.ok));
  });

  test(`${mode} mode: the extra check fails a changed field, a missing revision and a second start`, async () => {
    const {tree} = await sdkTree(scalar);
    const [genesis, signature, link] = Object.keys(tree.revisions);

    const changed = structuredClone(tree);
    changed.revisions[link].link_file_hashes = [getHashSum('a different attachment')];
    const failed = engine.extraChecks(changed).filter((check) => !check.ok);
    assert.deepEqual(
      failed.map((check) => check.title),
      scalar
        ? ['Revision 3 (link): revision hash']
        : ['Revision 3 (link): field leaves', 'Revision 3 (link): revision hash'],
    );

    const dropped = structuredClone(tree);
    delete dropped.revisions[signature];
    assert.deepEqual(
      engine
        .extraChecks(dropped)
        .filter((check) => !check.ok)
        .map((check) => check.title),
      ['Revision 2 (link): chain'],
    );

    const restarted = structuredClone(tree);
    restarted.revisions[signature] = {...restarted.revisions[signature], previous_verification_hash: ''};
    assert.ok(
      engine.extraChecks(restarted).some((check) => !check.ok && check.title === 'Revision 2 (signature): chain'),
    );
    assert.equal(tree.revisions[genesis].previous_verification_hash, '');
  });
}

test('scalar mode: a changed field fails both the SDK and the page formula', async () => {
  const {tree, files} = await sdkTree(true);
  const changed = structuredClone(tree);
  const genesis = Object.keys(changed.revisions)[0];
  changed.revisions[genesis].local_timestamp = '20000101000000';
  assert.equal((await aquafier.verifyAquaTree(changed, files)).isOk(), false);
  assert.notEqual(engine.describe(changed)[0].recomputed, genesis);
});

test("the engine's operations build a tree the SDK verifies, with the fields the page asked for", async () => {
  // The SDK's getEntropy takes the browser's Web Crypto when there is a `window`; its Node branch
  // calls require("crypto"), which fails in an ES module. The page has a window; so does this call.
  globalThis.window = {crypto: globalThis.crypto};
  const key = await engine.makeTestKey().finally(() => delete globalThis.window);
  assert.match(key.address, /^0x[0-9a-fA-F]{40}$/);
  assert.equal(key.mnemonic.split(' ').length, 12);
  let tree = await engine.notarise('note.txt', new TextEncoder().encode('hello aqua'));
  assert.equal(Object.values(tree.revisions)[0].file_hash, getHashSum('hello aqua'));
  tree = await engine.sign(tree, note, key);
  const {tree: withForm, formFile} = await engine.addForm(tree, note, 'form-1.json', {name: 'Ada'});
  const other = await engine.notarise('second.txt', 'an attachment');
  tree = await engine.link(withForm, note, other, second);
  const revisions = Object.values(tree.revisions);
  assert.deepEqual(
    revisions.map((r) => r.revision_type),
    ['file', 'signature', 'form', 'link'],
  );
  assert.equal(revisions[1].signature_wallet_address, key.address);
  assert.equal(revisions[2].forms_name, 'Ada');
  assert.deepEqual(
    revisions[2].leaves,
    dict2Leaves(Object.fromEntries(Object.entries(revisions[2]).filter(([k]) => k !== 'leaves'))),
  );
  const files = [note, formFile, second, {fileName: 'second.txt.aqua.json', fileContent: other, path: ''}];
  const report = await engine.verifyWithSdk(tree, files);
  assert.equal(report.ok, true);
  assert.equal((await aquafier.verifyAquaTree(tree, files)).isOk(), true);
  assert.deepEqual(engine.neededFiles(tree).sort(), ['form-1.json', 'note.txt', 'second.txt', 'second.txt.aqua.json']);
  // Without the files, the SDK's answer is a failure the page can show, not an exception.
  assert.equal((await engine.verifyWithSdk(tree, [])).ok, false);
});

test('parseTree accepts an AquaTree and nothing else', () => {
  assert.equal(engine.parseTree('{"revisions": {}, "file_index": {}}') !== null, true);
  for (const text of ['{not json', '[]', '{"hello": "aqua"}', '{"revisions": 1, "file_index": {}}', 'null']) {
    assert.equal(engine.parseTree(text), null, text);
  }
});
