// The playground's glue around aqua-js-sdk (src/components/AquaPlayground/engine.ts), run in Node
// against the SDK itself. The page shows, for every revision, what its fields hash to; for tree
// mode that is the SDK's dict2Leaves and getMerkleRoot, for scalar mode the formula of the SDK's
// verifier (getHashSum over reorderRevisionsProperties). These tests check that both equal the
// hashes the SDK writes, that the extra check passes every tree the SDK builds and fails the
// changes it is meant to catch, and that the engine's operations produce trees the SDK verifies.
import assert from 'node:assert/strict';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {test} from 'node:test';
import {pathToFileURL} from 'node:url';
import Aquafier, {dict2Leaves, getHashSum} from 'aqua-js-sdk';
import {importDocBlock, ROOT} from './doc-blocks.mjs';

const CACHE = join(ROOT, 'node_modules', '.cache', 'playground-engine');

/** engine.ts and the modules it imports, transpiled as the site's bundler would, imported as ES modules. */
async function importEngine() {
  const ts = createRequire(join(ROOT, 'package.json'))('typescript');
  mkdirSync(CACHE, {recursive: true});
  for (const name of ['engine', 'inspect', 'buffer-global']) {
    const source = readFileSync(join(ROOT, 'src/components/AquaPlayground', `${name}.ts`), 'utf8');
    const {outputText} = ts.transpileModule(source, {
      compilerOptions: {module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false},
    });
    writeFileSync(join(CACHE, `${name}.mjs`), outputText.replace(/'\.\/(buffer-global|inspect)'/g, "'./$1.mjs'"));
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

const form = {fileName: 'form-1.json', fileContent: JSON.stringify({name: 'Ada'}), path: './form-1.json'};

/**
 * A genesis, a signature and a link revision, written by the SDK in the given mode; in tree mode a
 * form revision too (3.2.1-45 cannot verify a scalar form revision).
 */
async function sdkTree(scalar) {
  const genesis = await aquafier.createGenesisRevision(note, false, false, scalar);
  let tree = (
    await aquafier.signAquaTree(
      {aquaTree: genesis.data.aquaTree, fileObject: note, revision: ''},
      'cli',
      credentials,
      scalar,
    )
  ).data.aquaTree;
  if (!scalar) {
    tree = (await aquafier.createFormRevision({aquaTree: tree, fileObject: note, revision: ''}, form, false)).data
      .aquaTree;
  }
  const other = (await aquafier.createGenesisRevision(second, false, false, scalar)).data.aquaTree;
  const linked = await aquafier.linkAquaTree(
    {aquaTree: tree, fileObject: note, revision: ''},
    {aquaTree: other, fileObject: second, revision: ''},
    scalar,
  );
  const files = [note, second, {fileName: 'second.txt.aqua.json', fileContent: other, path: './second.txt.aqua.json'}];
  return {tree: linked.data.aquaTree, files: scalar ? files : [...files, form]};
}

for (const scalar of [true, false]) {
  const mode = scalar ? 'scalar' : 'tree';

  test(`${mode} mode: what the page shows as each revision's recomputed hash is the SDK's hash`, async () => {
    const {tree, files} = await sdkTree(scalar);
    assert.equal((await aquafier.verifyAquaTree(tree, files)).isOk(), true);
    const views = engine.describe(tree);
    assert.deepEqual(
      views.map((v) => v.type),
      scalar ? ['file', 'signature', 'link'] : ['file', 'signature', 'form', 'link'],
    );
    for (const view of views) {
      assert.equal(view.mode, mode);
      assert.equal(view.recomputed, view.hash, `${view.type} revision`);
      for (const field of view.fields) {
        assert.equal(field.leaf, engine.leafOf(field.name, tree.revisions[view.hash][field.name]));
        if (!scalar) assert.equal(field.leaf, field.storedLeaf);
      }
    }
    assert.deepEqual(
      engine.extraChecks(tree, files).filter((check) => !check.ok),
      [],
    );
  });

  test(`${mode} mode: the extra check fails a changed link, a missing revision and a second start`, async () => {
    const {tree, files} = await sdkTree(scalar);
    const hashes = Object.keys(tree.revisions);
    const link = hashes.at(-1);
    const n = hashes.length;
    const failing = (t) =>
      engine
        .extraChecks(t, files)
        .filter((check) => !check.ok)
        .map((check) => check.title);

    const changed = structuredClone(tree);
    changed.revisions[link].link_file_hashes = [getHashSum('a different attachment')];
    assert.deepEqual(failing(changed), [
      ...(scalar ? [] : [`Revision ${n} (link): field leaves`]),
      `Revision ${n} (link): revision hash`,
      `Revision ${n} (link): linked file`,
    ]);

    const dropped = structuredClone(tree);
    delete dropped.revisions[hashes[1]];
    assert.deepEqual(failing(dropped), ['Revision 2 (' + dropped.revisions[hashes[2]].revision_type + '): chain']);

    const restarted = structuredClone(tree);
    restarted.revisions[hashes[1]] = {...restarted.revisions[hashes[1]], previous_verification_hash: ''};
    assert.ok(failing(restarted).includes('Revision 2 (signature): chain'));
  });
}

/** The changes the page's tamper control makes, applied to a tree-mode tree with a form. */
const TAMPERS = {
  'file byte': (tree, files) => ({tree, files: files.map((f) => (f === note ? {...f, fileContent: 'iello aqua'} : f))}),
  'form value': (tree, files) => {
    const hash = Object.keys(tree.revisions).find((h) => 'forms_name' in tree.revisions[h]);
    tree.revisions[hash].forms_name = 'Ada (changed)';
    return {tree, files};
  },
  'forged form value, leaf, file_hash and form file': (tree, files) => {
    const hash = Object.keys(tree.revisions).find((h) => 'forms_name' in tree.revisions[h]);
    const revision = tree.revisions[hash];
    const content = JSON.stringify({name: 'Ada (changed)'});
    revision.forms_name = 'Ada (changed)';
    revision.file_hash = getHashSum(content);
    const names = Object.keys(revision)
      .filter((k) => k !== 'leaves')
      .sort();
    revision.leaves[names.indexOf('forms_name')] = engine.leafOf('forms_name', revision.forms_name);
    revision.leaves[names.indexOf('file_hash')] = engine.leafOf('file_hash', revision.file_hash);
    return {tree, files: files.map((f) => (f === form ? {...f, fileContent: content} : f))};
  },
  signature: (tree, files) => {
    const hash = Object.keys(tree.revisions).find((h) => typeof tree.revisions[h].signature === 'string');
    const sig = tree.revisions[hash].signature;
    tree.revisions[hash].signature = `${sig.slice(0, -3)}${sig.at(-3) === '0' ? '1' : '0'}${sig.slice(-2)}`;
    return {tree, files};
  },
  'link file hash': (tree, files) => {
    const hash = Object.keys(tree.revisions).at(-1);
    tree.revisions[hash].link_file_hashes = [getHashSum('a different attachment')];
    return {tree, files};
  },
  'dropped revision': (tree, files) => {
    delete tree.revisions[Object.keys(tree.revisions)[1]];
    return {tree, files};
  },
};

test("the page's verdict (SDK and extra check) is the docs' verifyStrict verdict, intact and for every tamper", async () => {
  const {verifyStrict} = await importDocBlock(
    'versioned_docs/version-1.3.2/sdk/api/verification.md',
    'strict-verify.ts',
  );
  const base = await sdkTree(false);
  const cases = {intact: (tree, files) => ({tree, files}), ...TAMPERS};
  const seen = {};
  for (const [name, apply] of Object.entries(cases)) {
    const {tree, files} = apply(structuredClone(base.tree), base.files);
    const sdk = await engine.verifyWithSdk(tree, files);
    const extraOk = engine.extraChecks(tree, files).every((check) => check.ok);
    const strict = await verifyStrict(structuredClone(tree), files);
    seen[name] = {sdk: sdk.ok, page: sdk.ok && extraOk, strict: strict.ok};
  }
  assert.deepEqual(seen, {
    intact: {sdk: true, page: true, strict: true},
    'file byte': {sdk: false, page: false, strict: false},
    'form value': {sdk: true, page: false, strict: false},
    'forged form value, leaf, file_hash and form file': {sdk: true, page: false, strict: false},
    signature: {sdk: false, page: false, strict: false},
    'link file hash': {sdk: true, page: false, strict: false},
    'dropped revision': {sdk: true, page: false, strict: false},
  });
});

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

test('a tree with a witness is verified without any request; the witnessed hash is checked offline', async () => {
  const genesis = (await aquafier.createGenesisRevision(note, false, false, true)).data.aquaTree;
  const [g] = Object.keys(genesis.revisions);
  const sorted = (revision) =>
    Object.fromEntries(
      Object.keys(revision)
        .sort()
        .map((k) => [k, revision[k]]),
    );
  /** A witness revision as the SDK writes one for a single tree (scalar), hashed as its verifier does. */
  const withWitness = (root) => {
    const witness = sorted({
      previous_verification_hash: g,
      local_timestamp: '20260101000000',
      revision_type: 'witness',
      version: 'https://aqua-protocol.org/docs/v3/schema_2 | SHA256 | Method: scalar',
      witness_merkle_root: root,
      witness_timestamp: 1767225600,
      witness_network: 'sepolia',
      witness_smart_contract_address: '0x45f59310ADD88E6d23ca58A0Fa7A55BEE6d2a611',
      witness_transaction_hash: `0x${'ab'.repeat(32)}`,
      witness_sender_account_address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      witness_merkle_proof: [g],
    });
    const tree = structuredClone(genesis);
    tree.revisions[`0x${getHashSum(JSON.stringify(witness))}`] = witness;
    return tree;
  };
  const requests = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url) => {
    requests.push(String(url));
    throw new Error('no network in this test');
  };
  try {
    const report = await engine.verifyWithSdk(withWitness(g), [note]);
    assert.equal(report.ok, true);
    assert.ok(report.logs.some((entry) => /Revision 2 \(witness\) not checked/.test(entry.text)));
    assert.deepEqual(
      engine.extraChecks(withWitness(g), [note]).filter((check) => !check.ok),
      [],
    );
    const moved = engine.extraChecks(withWitness(getHashSum('elsewhere')), [note]).filter((check) => !check.ok);
    assert.deepEqual(
      moved.map((check) => check.title),
      ['Revision 2 (witness): witnessed hash'],
    );
  } finally {
    globalThis.fetch = realFetch;
  }
  assert.deepEqual(requests, []);
});

test('a form field hidden with hideFormElements passes the extra check (its leaf keeps its place)', async () => {
  const form = {
    fileName: 'claim.json',
    fileContent: JSON.stringify({a: '1', b: 'two', z: 'last'}),
    path: './claim.json',
  };
  const tree = (await aquafier.createGenesisRevision(form, true, false, false)).data.aquaTree;
  const [hash] = Object.keys(tree.revisions);
  await aquafier.hideFormElements({aquaTree: tree, revision: hash}, 'b');
  const checks = engine.extraChecks(tree, [form]);
  assert.deepEqual(
    checks.filter((check) => !check.ok).map((check) => check.title),
    [],
  );
  assert.equal(engine.describe(tree)[0].recomputed, hash);
});
