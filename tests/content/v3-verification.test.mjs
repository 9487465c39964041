// Adversarial tests for the v3 verification pages (aqua-js-sdk 3.2.1-45).
//
// verifyStrict is loaded from the fence the verification page publishes, so the recipe readers copy
// is the one tested here. Each forgery is run through the SDK's verifyAquaTree as well: where the SDK
// accepts a forgery, the test pins that (the page says so), and the page's recipe must reject it.
// Everything is offline and deterministic: fixed test vectors, or trees whose random parts (nonce,
// time) do not change the outcome.
import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {EventEmitter} from 'node:events';
import https from 'node:https';
import {syncBuiltinESMExports} from 'node:module';
import {createHash, createSign, createVerify, generateKeyPairSync} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {createServer} from 'node:http';
import {join} from 'node:path';
import {before, describe, test} from 'node:test';
import Aquafier, {dict2Leaves, getChainIdFromNetwork, getHashSum, getMerkleRoot} from 'aqua-js-sdk';
import {Wallet} from 'ethers';
import {counted} from './adversary/cost.mjs';
import {neventOf, npubOf, publicKeyOf, schnorrSign, signedEvent} from './adversary/nostr.mjs';
import {imprintOf, makeAuthority, respond, stamp} from './adversary/tsa.mjs';
import {ROOT, importDocBlock} from './doc-blocks.mjs';

const PAGE = 'versioned_docs/version-1.3.2/sdk/api/verification.md';
const SCALAR = 'https://aqua-protocol.org/docs/v3/schema_2 | SHA256 | Method: scalar';
const MNEMONIC = 'test test test test test test test test test test test junk';
const OTHER_MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const creds = (extra = {}) => ({
  mnemonic: MNEMONIC,
  nostr_sk: '',
  did_key: '',
  alchemy_key: '',
  witness_eth_network: 'sepolia',
  witness_method: 'cli',
  ...extra,
});
const aquafier = new Aquafier();
const hello = {fileName: 'hello.txt', fileContent: 'hello aqua', path: './hello.txt'};
const sorted = (o) =>
  Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );
const scalarHash = (rev) => '0x' + getHashSum(JSON.stringify(sorted(rev)));

// The fixed vectors the pages use: a scalar genesis and a cli signature over it.
const G = '0x63e7b974506e6c5be6342ab8ac25567eaa2be321eadc69ff5e66afa6c2b23519';
const S = '0x28053c497e9485967774709041a8b3409dec594e6d5094214d3e7c81fe6a250b';
function vectorTree() {
  return {
    revisions: {
      [G]: {
        file_hash: 'e8c83cdad46a35f7005e1bb85757108417155e932f48eac5ac7d87093cea0295',
        file_nonce: 'a19f92cd4f03a707e7352e2d718a0a3457948954255108a51cfe9a07c57b886b',
        local_timestamp: '20250101000000',
        previous_verification_hash: '',
        revision_type: 'file',
        version: SCALAR,
      },
      [S]: {
        local_timestamp: '20250101000100',
        previous_verification_hash: G,
        revision_type: 'signature',
        signature:
          '0xdab39a88ead533754c8004df1caf560f72d56d93c67b80edcc91285973d05f0c4fae763a9dcbda5f6f702693997162de48870c395e3344a7c6e607cbc3763e151c',
        signature_public_key: '0x038318535b54105d4a7aae60c08fc45f9687181b4fdfc625bd1a753fa7397fed75',
        signature_type: 'ethereum:eip-191',
        signature_wallet_address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        version: SCALAR,
      },
    },
    file_index: {[G]: 'hello.txt'},
  };
}

function assertAccepted(result) {
  assert.deepEqual({ok: result.ok, errors: result.errors}, {ok: true, errors: []});
}

async function sdkTag(tree, files, credentials) {
  return (await aquafier.verifyAquaTree(tree, files, credentials)).tag;
}

/** A genesis (file or form) plus `signatures` cli signatures, built by the SDK. Returns the returned tree. */
async function signedTree(file, {form = false, signatures = 1, mnemonic = MNEMONIC} = {}) {
  const genesis = await aquafier.createGenesisRevision(file, form, false, !form);
  assert.ok(genesis.isOk());
  let tree = genesis.data.aquaTree;
  for (let i = 0; i < signatures; i++) {
    const signed = await aquafier.signAquaTree({aquaTree: tree, revision: ''}, 'cli', creds({mnemonic}));
    assert.ok(signed.isOk());
    tree = signed.data.aquaTree;
  }
  return tree;
}

let verifyStrict;
let LIMITS;
before(async () => {
  ({verifyStrict, LIMITS} = await importDocBlock(PAGE, 'strict-verify.ts'));
});

describe('genuine trees are accepted', () => {
  test('the fixed file + signature vectors', async () => {
    assert.equal(await sdkTag(vectorTree(), [hello]), 'ok');
    assertAccepted(await verifyStrict(vectorTree(), [hello]));
  });

  test('a tree-mode form with two signatures, and the same form with a hidden field', async () => {
    const form = {fileName: 'claim.json', fileContent: JSON.stringify({name: 'Alice', age: 30}), path: './claim.json'};
    const tree = await signedTree(form, {form: true, signatures: 2});
    assert.equal(await sdkTag(tree, [form]), 'ok');
    assertAccepted(await verifyStrict(tree, [form]));

    const hidden = structuredClone(tree);
    const [formHash] = Object.keys(hidden.revisions);
    const result = await aquafier.hideFormElements({aquaTree: hidden, revision: formHash}, 'name');
    assert.ok(result.isOk());
    assert.ok('forms_name.deleted' in hidden.revisions[formHash]);
    assert.equal(await sdkTag(hidden, [form]), 'ok');
    assertAccepted(await verifyStrict(hidden, [form]));
  });

  test('a linked pair of trees, with the linked tree and its file supplied', async () => {
    const contract = {fileName: 'contract.txt', fileContent: 'the contract', path: './contract.txt'};
    const annex = {fileName: 'annex.txt', fileContent: 'the annex', path: './annex.txt'};
    const a = (await aquafier.createGenesisRevision(contract)).data.aquaTree;
    const b = (await aquafier.createGenesisRevision(annex)).data.aquaTree;
    const linked = await aquafier.linkAquaTree(
      {aquaTree: a, revision: '', fileObject: contract},
      {aquaTree: b, revision: '', fileObject: annex},
    );
    const tree = linked.data.aquaTree;
    const files = [contract, annex, {fileName: 'annex.txt.aqua.json', fileContent: b, path: './annex.txt.aqua.json'}];
    assert.equal(await sdkTag(tree, files), 'ok');
    assertAccepted(await verifyStrict(tree, files));

    // The SDK never compares link_file_hashes with the linked file; the recipe does.
    const wrongAnnex = {...annex, fileContent: 'another annex'};
    const forgedB = structuredClone(b);
    const [bHash] = Object.keys(forgedB.revisions);
    const strict = await verifyStrict(tree, [contract, wrongAnnex, {...files[2], fileContent: forgedB}]);
    assert.equal(strict.ok, false);
    assert.ok(strict.errors.some((e) => e.includes('link_file_hashes')));
    assert.ok(bHash);
  });
});

describe('verifyAndGetGraphData: a missing linked tree ends the walk with Ok; graphIsComplete (graph-check.ts) catches it', () => {
  const contract = {fileName: 'contract.txt', fileContent: 'the contract', path: './contract.txt'};
  const annex = {fileName: 'annex.txt', fileContent: 'the annex', path: './annex.txt'};
  let graphIsComplete;
  before(async () => {
    ({graphIsComplete} = await importDocBlock(PAGE, 'graph-check.ts'));
  });

  /** A contract linked to an annex, then signed: three revisions; the annex's tree on its own. */
  async function linkedPair() {
    const a = (await aquafier.createGenesisRevision(contract)).data.aquaTree;
    const b = (await aquafier.createGenesisRevision(annex)).data.aquaTree;
    const linked = await aquafier.linkAquaTree(
      {aquaTree: a, revision: '', fileObject: contract},
      {aquaTree: b, revision: '', fileObject: annex},
    );
    const tree = linked.data.aquaTree;
    await aquafier.signAquaTree({aquaTree: tree, revision: ''}, 'cli', creds());
    assert.equal(Object.keys(tree.revisions).length, 3);
    return {
      tree,
      annexTree: b,
      annexFile: {fileName: 'annex.txt.aqua.json', fileContent: b, path: './annex.txt.aqua.json'},
    };
  }
  /** The graph and graphIsComplete's answer for one input; the SDK's console output is silenced. */
  async function judge(t, tree, files) {
    t.mock.method(console, 'log', () => {});
    t.mock.method(console, 'error', () => {});
    const graph = await aquafier.verifyAndGetGraphData(tree, files);
    t.mock.restoreAll();
    return {graph, complete: graph.isOk() ? graphIsComplete(tree, graph.data, files) : null};
  }

  test('a genuine linked pair, every tree and file supplied: complete', async (t) => {
    const {tree, annexFile} = await linkedPair();
    const {graph, complete} = await judge(t, tree, [contract, annex, annexFile]);
    assert.equal(graph.isOk(), true);
    assert.equal(complete, true);
  });

  test('the linked tree not supplied: the SDK stops at the link and answers Ok even for a forged signer after it', async (t) => {
    const {tree} = await linkedPair();
    const forged = structuredClone(tree);
    Object.values(forged.revisions).at(-1).signature_wallet_address = '0x0000000000000000000000000000000000000001';
    for (const input of [tree, forged]) {
      const {graph, complete} = await judge(t, input, [contract]);
      assert.equal(graph.isOk(), true, 'the walk ends at the link without failing');
      assert.equal(graph.data.isValidationSucessful, true);
      assert.equal(graph.data.verificationGraphData.length, 0, 'neither the link nor the signature is drawn');
      assert.equal(complete, false);
    }
    t.mock.method(console, 'log', () => {});
    t.mock.method(console, 'error', () => {});
    assert.equal(await sdkTag(forged, [contract]), 'err', 'verifyAquaTree refuses the forged signer');
  });

  test('another tree and file in place of the linked ones (TC-21): the SDK answers Ok, graphIsComplete does not', async (t) => {
    const {tree} = await linkedPair();
    const other = {fileName: 'other.txt', fileContent: 'another annex', path: './other.txt'};
    const otherTree = (await aquafier.createGenesisRevision(other)).data.aquaTree;
    const files = [
      contract,
      other,
      {fileName: 'annex.txt.aqua.json', fileContent: otherTree, path: './annex.txt.aqua.json'},
    ];
    const {graph, complete} = await judge(t, tree, files);
    assert.equal(graph.isOk(), true);
    assert.equal(graph.data.verificationGraphData[0].linkVerificationGraphData[0].isValidationSucessful, true);
    assert.equal(complete, false);
  });

  test('a fork, a revision whose predecessor is missing, a failed genesis: each is Ok from the SDK and incomplete here', async (t) => {
    const tree = await signedTree(hello);
    const [, signature] = Object.values(tree.revisions);
    const withRevision = (extra) => {
      const copy = structuredClone(tree);
      copy.revisions[scalarHash(extra)] = extra;
      return copy;
    };
    const cases = {
      fork: withRevision({...signature, local_timestamp: '20300101000000'}),
      'missing predecessor': withRevision({...signature, previous_verification_hash: '0x' + 'cd'.repeat(32)}),
    };
    for (const [name, input] of Object.entries(cases)) {
      const {graph, complete} = await judge(t, input, [hello]);
      assert.equal(graph.isOk(), true, name);
      assert.equal(complete, false, name);
    }
    const genuine = await judge(t, tree, [hello]);
    assert.deepEqual([genuine.graph.isOk(), genuine.complete], [true, true]);
    const noFile = await judge(t, tree, [{...hello, fileContent: 'another text'}]);
    assert.deepEqual(
      [noFile.graph.isOk(), noFile.graph.data.isValidationSucessful, noFile.complete],
      [true, false, false],
    );
  });

  test('graph-gap.ts prints what the page shows', async (t) => {
    const page = readFileSync(join(ROOT, PAGE), 'utf8');
    const after = page.slice(page.indexOf('```ts title="graph-gap.ts"'));
    const shown = after.slice(after.indexOf('```text title="Output"')).split('\n').slice(1);
    const expected = shown.slice(0, shown.indexOf('```'));
    const printed = [];
    t.mock.method(console, 'error', () => {});
    t.mock.method(console, 'log', (...args) => {
      if (/^(graph|nodes|complete|verifyAquaTree):$/.test(String(args[0]))) printed.push(args.map(String).join(' '));
    });
    await importDocBlock(PAGE, 'graph-gap.ts');
    t.mock.restoreAll();
    assert.equal(expected.length, 4);
    assert.deepEqual(printed, expected);
  });
});

describe('forged form values', () => {
  const form = {fileName: 'claim.json', fileContent: JSON.stringify({name: 'Alice', age: 30}), path: './claim.json'};

  test('an edited forms_name passes the SDK (value only) and fails verifyStrict', async () => {
    const forged = await signedTree(form, {form: true});
    const [formHash] = Object.keys(forged.revisions);
    forged.revisions[formHash].forms_name = 'Mallory';
    assert.equal(await sdkTag(forged, [form]), 'ok', 'SDK gap documented on the page: leaf result overwritten');
    const graph = await aquafier.verifyAndGetGraphData(forged, [form]);
    assert.ok(graph.isOk());
    assert.equal(graph.data.isValidationSucessful, true, 'graph node says valid for an edited field');
    assert.deepEqual(
      graph.data.info.formKeys.map((k) => [k.formKey, k.isValidationSucessful]),
      [
        ['forms_age', true],
        ['forms_name', false],
      ],
    );
    const strict = await verifyStrict(forged, [form]);
    assert.equal(strict.ok, false);
    assert.ok(strict.errors.some((e) => e.includes('its fields do not give its hash')));
  });

  test('value, leaf and file_hash changed together, signature kept: SDK accepts, verifyStrict rejects', async () => {
    const forged = await signedTree(form, {form: true});
    const [formHash] = Object.keys(forged.revisions);
    const revision = forged.revisions[formHash];
    const newForm = {...form, fileContent: JSON.stringify({name: 'Mallory', age: 30})};
    const keys = Object.keys(revision)
      .filter((k) => k !== 'leaves')
      .sort();
    revision.forms_name = 'Mallory';
    revision.file_hash = getHashSum(newForm.fileContent);
    revision.leaves[keys.indexOf('forms_name')] = getHashSum('forms_name:Mallory');
    revision.leaves[keys.indexOf('file_hash')] = getHashSum(`file_hash:${revision.file_hash}`);
    assert.equal(await sdkTag(forged, [newForm]), 'ok', 'SDK gap: tree-mode root never rebuilt');
    const strict = await verifyStrict(forged, [newForm]);
    assert.equal(strict.ok, false);
    assert.ok(strict.errors.some((e) => e.includes('its fields do not give its hash')));
  });

  test('a form file that disagrees with the stored fields fails verifyStrict', async () => {
    const forged = await signedTree(form, {form: true});
    const [formHash] = Object.keys(forged.revisions);
    // Pretend the claim was made with a file that says something else, and rebuild the hash honestly.
    const liar = {...form, fileContent: JSON.stringify({name: 'Bob', age: 30})};
    const revision = forged.revisions[formHash];
    revision.file_hash = getHashSum(liar.fileContent);
    const {leaves: _leaves, ...fields} = revision;
    revision.leaves = dict2Leaves(fields);
    const root = getMerkleRoot(revision.leaves);
    const genuine = {revisions: {[root]: revision}, file_index: {[root]: 'claim.json'}};
    const strict = await verifyStrict(genuine, [liar]);
    assert.equal(strict.ok, false);
    assert.ok(strict.errors.some((e) => e.includes('forms_name differs from the form file')));
  });
});

describe('forged signatures', () => {
  test('signed with another key but claiming the test address: both reject', async () => {
    const tree = vectorTree();
    const wallet = Wallet.fromPhrase(OTHER_MNEMONIC);
    const sig = {...tree.revisions[S], signature: await wallet.signMessage(`I sign this revision: [${G}]`)};
    delete tree.revisions[S];
    tree.revisions[scalarHash(sig)] = sig;
    assert.equal(await sdkTag(tree, [hello]), 'err');
    const strict = await verifyStrict(tree, [hello]);
    assert.equal(strict.ok, false);
    assert.ok(strict.errors.some((e) => e.includes('not by signature_wallet_address')));
  });

  test('a signature whose public key is not the signer: SDK accepts, verifyStrict rejects', async () => {
    const tree = vectorTree();
    const sig = {
      ...tree.revisions[S],
      signature_public_key: Wallet.fromPhrase(OTHER_MNEMONIC).signingKey.compressedPublicKey,
    };
    delete tree.revisions[S];
    tree.revisions[scalarHash(sig)] = sig;
    assert.equal(await sdkTag(tree, [hello]), 'ok');
    const strict = await verifyStrict(tree, [hello]);
    assert.ok(strict.errors.some((e) => e.includes("signature_public_key is not the signer's key")));
  });

  test('a signature revision replayed unchanged onto another tree: SDK accepts, verifyStrict rejects', async () => {
    const other = await signedTree({fileName: 'a.txt', fileContent: 'a', path: './a.txt'}, {signatures: 0});
    const victim = vectorTree();
    // The signature revision of `victim` signs G, which is not in `other`.
    other.revisions[S] = victim.revisions[S];
    const files = [{fileName: 'a.txt', fileContent: 'a', path: './a.txt'}];
    assert.equal(await sdkTag(other, files), 'ok', 'SDK gap: no chain check');
    // verifyAndGetGraphData leaves the stray signature out of its graph, without a message.
    const graph = await aquafier.verifyAndGetGraphData(other, files);
    assert.equal(graph.isOk(), true);
    assert.equal(graph.data.verificationGraphData.length, 0);
    const strict = await verifyStrict(other, files);
    assert.equal(strict.ok, false);
    assert.ok(strict.errors.some((e) => e.includes('not on the chain from the genesis revision')));
  });

  test('a signature replayed onto another tree with its predecessor rewritten: both reject', async () => {
    const other = await signedTree({fileName: 'a.txt', fileContent: 'a', path: './a.txt'}, {signatures: 0});
    const [otherGenesis] = Object.keys(other.revisions);
    const sig = {...vectorTree().revisions[S], previous_verification_hash: otherGenesis};
    other.revisions[scalarHash(sig)] = sig;
    const files = [{fileName: 'a.txt', fileContent: 'a', path: './a.txt'}];
    assert.equal(await sdkTag(other, files), 'err');
    assert.equal((await verifyStrict(other, files)).ok, false);
  });
});

describe('dropped and reordered revisions', () => {
  test('dropping a middle revision: SDK accepts, verifyStrict rejects', async () => {
    const file = {fileName: 'a.txt', fileContent: 'a', path: './a.txt'};
    const tree = await signedTree(file, {signatures: 2});
    const [, middle] = Object.keys(tree.revisions);
    delete tree.revisions[middle];
    assert.equal(await sdkTag(tree, [file]), 'ok', 'SDK gap: no chain check');
    assert.equal((await verifyStrict(tree, [file])).ok, false);
  });

  test('reversing the order of the keys: both accept, and verifyStrict gives the chain in hash-link order', async () => {
    const tree = vectorTree();
    tree.revisions = Object.fromEntries(Object.entries(tree.revisions).reverse());
    assert.equal(await sdkTag(tree, [hello]), 'ok');
    const strict = await verifyStrict(tree, [hello]);
    assertAccepted(strict);
    assert.deepEqual(
      strict.chain.map((e) => e.hash),
      [G, S],
    );
  });
});

describe('swapped files', () => {
  const evil = {fileName: 'hello.txt', fileContent: 'hello evil', path: './hello.txt'};

  test('another file under the same name: both reject', async () => {
    assert.equal(await sdkTag(vectorTree(), [evil]), 'err');
    assert.equal((await verifyStrict(vectorTree(), [evil])).ok, false);
  });

  test('file_hash rewritten in a scalar revision: both reject (the key no longer matches)', async () => {
    const tree = vectorTree();
    tree.revisions[G].file_hash = getHashSum(evil.fileContent);
    assert.equal(await sdkTag(tree, [evil]), 'err');
    assert.equal((await verifyStrict(tree, [evil])).ok, false);
  });

  test('file_hash rewritten and an empty leaves field added, signature kept: SDK accepts, verifyStrict rejects', async () => {
    const tree = vectorTree();
    tree.revisions[G].file_hash = getHashSum(evil.fileContent);
    tree.revisions[G].leaves = [];
    assert.equal(await sdkTag(tree, [evil]), 'ok', 'SDK gap: leaves switch the hash check off');
    const strict = await verifyStrict(tree, [evil]);
    assert.equal(strict.ok, false);
    assert.ok(strict.errors.some((e) => e.includes('leaves')));
  });

  test('a file revision without a file_index entry: SDK throws TypeError, verifyStrict reports it', async () => {
    const tree = vectorTree();
    tree.file_index = {};
    await assert.rejects(aquafier.verifyAquaTree(tree, [hello]), TypeError);
    assert.equal(await sdkTag(tree, []), 'err');
    const strict = await verifyStrict(tree, [hello]);
    assert.equal(strict.ok, false);
    assert.ok(strict.errors.some((e) => e.includes('its file is not supplied')));
  });
});

describe('forged witnesses (structure only: anchors need a network)', () => {
  test('a witness revision moved to another tree: verifyStrict rejects the root', async (t) => {
    fakeConnectivity(t, false); // the Ethereum anchor itself cannot be checked here
    const noKeys = creds({mnemonic: '', witness_method: 'inline'});
    const a = (await aquafier.createGenesisRevision({fileName: 'a.txt', fileContent: 'a', path: './a.txt'})).data
      .aquaTree;
    const witnessed = await aquafier.witnessAquaTree(
      {aquaTree: a, revision: ''},
      'eth',
      'sepolia',
      'inline',
      noKeys,
      true,
      {
        transaction_hash: '0x' + 'ab'.repeat(32),
        wallet_address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      },
    );
    const witness = Object.values(witnessed.data.aquaTree.revisions).at(-1);
    assert.equal(witness.witness_merkle_root, witness.previous_verification_hash);

    const victim = vectorTree();
    const moved = {...witness, previous_verification_hash: S};
    victim.revisions[scalarHash(moved)] = moved;
    const strict = await verifyStrict(victim, [hello]);
    assert.equal(strict.ok, false);
    assert.ok(strict.errors.some((e) => e.includes('witnessed hashes do not include the previous revision')));
  });
});

/**
 * The SDK checks connectivity with an HTTPS HEAD request to www.google.com before any witness check.
 * This answers that request for the duration of one test, online or offline, without a network.
 */
function fakeConnectivity(t, online) {
  const realRequest = https.request;
  https.request = (url, opts, cb) => {
    const req = new EventEmitter();
    req.end = () =>
      setImmediate(() => (online ? cb({statusCode: 200, resume() {}}) : req.emit('error', new Error('offline'))));
    return req;
  };
  syncBuiltinESMExports();
  t.after(() => {
    https.request = realRequest;
    syncBuiltinESMExports();
  });
}

/** A tree of the fixed vectors with one scalar witness revision of `fields` after the signature. */
function witnessedTree(fields, previous = S) {
  const tree = vectorTree();
  const witness = {
    local_timestamp: '20250101000200',
    previous_verification_hash: previous,
    revision_type: 'witness',
    version: SCALAR,
    witness_merkle_proof: [previous],
    witness_merkle_root: previous,
    ...fields,
  };
  tree.revisions[scalarHash(witness)] = witness;
  return {tree, hash: scalarHash(witness)};
}

const TIME = 1735689600;
/** An RFC 3161 witness revision, as aqua-js-sdk writes one, holding `token`. */
const tsaWitness = (token, time = TIME) =>
  witnessedTree({
    witness_network: 'TSA_RFC3161',
    witness_sender_account_address: 'DigiCert',
    witness_smart_contract_address: 'http://timestamp.digicert.com',
    witness_timestamp: time,
    witness_transaction_hash: token,
  });

describe('RFC 3161 witnesses: a time counts only when a trusted authority signed it (test CA and TSA made here)', () => {
  let authority;
  let stranger;
  before(async () => {
    authority = await makeAuthority('Test');
    stranger = await makeAuthority('Self-made');
  });
  const roots = () => ({tsaRoots: [authority.rootPem]});

  test('aqua-js-sdk accepts an unsigned, self-made token over the root text (its gap); verifyStrict refuses it', async (t) => {
    fakeConnectivity(t, true);
    const unsigned = tsaWitness(await stamp(authority, imprintOf(S), TIME, {unsigned: true})).tree;
    assert.equal(await sdkTag(unsigned, [hello]), 'ok', 'SDK gap: TSA token signature never checked');
    const overBytes = tsaWitness(await stamp(authority, getHashSum(Buffer.from(S.slice(2), 'hex')), TIME)).tree;
    assert.equal(await sdkTag(overBytes, [hello]), 'err', 'the SDK wants the imprint over the text, not the bytes');
    for (const options of [{}, roots()]) {
      const result = await verifyStrict(unsigned, [hello], options);
      assert.equal(result.ok, false);
      assert.deepEqual(result.unproven, [], 'an unsigned token is refused, not merely unproven');
    }
  });

  test('a genuine token: with the root certificate the time is the authority’s; without it the time is unproven', async () => {
    const {tree, hash} = tsaWitness(await stamp(authority, imprintOf(S), TIME));
    const anchored = await verifyStrict(tree, [hello], roots());
    assertAccepted(anchored);
    assert.deepEqual(anchored.anchors, [{hash, time: TIME, proof: 'authority', by: 'Test TSA'}]);
    assert.deepEqual(
      (await verifyStrict(tree, [hello], {tsaRoots: [authority.rootDer]})).anchors,
      anchored.anchors,
      'DER as well as PEM',
    );
    const alone = await verifyStrict(tree, [hello]);
    assert.deepEqual([alone.ok, alone.chain, alone.anchors, alone.unproven], [false, [], [], [hash]]);
    assert.match(alone.errors.join(), /time is unproven: no trust anchor/);
  });

  test('the token aqua-js-sdk’s own witnessAquaTree(…, "tsa") obtains from the authority verifies', async (t) => {
    const realFetch = globalThis.fetch;
    const asked = [];
    globalThis.fetch = async (url, init) => {
      asked.push(String(url));
      const answer = await respond(authority, new Uint8Array(init.body), TIME + 60);
      return {arrayBuffer: async () => answer.buffer.slice(answer.byteOffset, answer.byteOffset + answer.byteLength)};
    };
    t.after(() => (globalThis.fetch = realFetch));
    t.mock.method(console, 'log', () => {});
    const tree = (await aquafier.createGenesisRevision(hello)).data.aquaTree;
    const witnessed = await aquafier.witnessAquaTree(
      {aquaTree: tree, revision: ''},
      'tsa',
      'TSA_RFC3161',
      'cli',
      creds(),
      true,
    );
    assert.ok(witnessed.isOk());
    assert.deepEqual(asked, ['http://timestamp.digicert.com']);
    const result = await verifyStrict(witnessed.data.aquaTree, [hello], roots());
    assertAccepted(result);
    assert.equal(result.anchors[0].time, TIME + 60);
  });

  const forgeries = {
    'signed by an authority the caller does not trust': () => stamp(stranger, imprintOf(S), TIME),
    'signed over another imprint': () => stamp(authority, imprintOf(G), TIME),
    'a signed attribute changed after signing': () => stamp(authority, imprintOf(S), TIME, {tamper: true}),
    'signed with a certificate not made for time stamping': async () =>
      stamp(await makeAuthority('No usage', {usage: null}), imprintOf(S), TIME),
    // pkijs only checks that a content-type attribute is there (build/index.es.js, SignedData.verify).
    'whose signed content-type attribute names other content (id-data)': () =>
      stamp(authority, imprintOf(S), TIME, {contentType: '1.2.840.113549.1.7.1'}),
  };
  for (const [name, make] of Object.entries(forgeries)) {
    test(`a token ${name} is refused, with or without the trusted root`, async () => {
      const {tree} = tsaWitness(await make());
      const trusting = await verifyStrict(tree, [hello], roots());
      assert.deepEqual(
        [trusting.ok, trusting.unproven, trusting.anchors],
        [false, [], []],
        'an error, not an unproven time',
      );
      const alone = await verifyStrict(tree, [hello]);
      assert.deepEqual([alone.ok, alone.anchors], [false, []]);
    });
  }

  test('witness_timestamp other than the token’s time is refused', async () => {
    const {tree} = tsaWitness(await stamp(authority, imprintOf(S), TIME), TIME + 1);
    const result = await verifyStrict(tree, [hello], roots());
    assert.equal(result.ok, false);
    assert.match(result.errors.join(), /witness_timestamp is not the time in the token/);
  });
});

describe('Nostr witnesses: the event’s BIP-340 signature is verified; its time is the publisher’s claim', () => {
  const SECRET = 'c1'.repeat(32);
  const publisher = publicKeyOf(SECRET);
  const nostrWitness = (event, time = TIME) =>
    witnessedTree({
      witness_network: 'nostr',
      witness_sender_account_address: npubOf(publisher),
      witness_smart_contract_address: 'N/A',
      witness_timestamp: time,
      witness_transaction_hash: neventOf(event.id, publisher),
    });
  /** A nostrEvent look-up that knows `events` by id and records what it was asked. */
  const relay = (...events) => {
    const asked = [];
    const lookup = async (id, relays) => (asked.push({id, relays}), events.find((e) => e.id === id) ?? null);
    return {asked, lookup};
  };

  test('the signer of these tests follows BIP-340 (its test vectors 0 and 1)', () => {
    const vectors = [
      [
        '0000000000000000000000000000000000000000000000000000000000000003',
        '0000000000000000000000000000000000000000000000000000000000000000',
        '0000000000000000000000000000000000000000000000000000000000000000',
        'E907831F80848D1069A5371B402410364BDF1C5F8307B0084C55F1CE2DCA821525F66A4A85EA8B71E482A74F382D2CE5EBEEE8FDB2172F477DF4900D310536C0',
      ],
      [
        'B7E151628AED2A6ABF7158809CF4F3C762E7160F38B4DA56A784D9045190CFEF',
        '0000000000000000000000000000000000000000000000000000000000000001',
        '243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89',
        '6896BD60EEAE296DB48A229FF71DFE071BDE413E6D43F917DC8DCF8C78DE33418906D11AC976ABCCB20B091292BFF4EA897EFCB639EA871CFA95F6DE339E4B0A',
      ],
    ];
    for (const [secret, aux, message, signature] of vectors) {
      assert.equal(
        schnorrSign(secret.toLowerCase(), message.toLowerCase(), aux.toLowerCase()),
        signature.toLowerCase(),
      );
    }
  });

  test('a genuine event: accepted, with proof "publisher\'s claim" and the npub as its author', async () => {
    const event = signedEvent(SECRET, S, TIME);
    const {tree, hash} = nostrWitness(event);
    const {asked, lookup} = relay(event);
    const result = await verifyStrict(tree, [hello], {nostrEvent: lookup});
    assertAccepted(result);
    assert.deepEqual(result.anchors, [{hash, time: TIME, proof: "publisher's claim", by: npubOf(publisher)}]);
    assert.deepEqual(asked, [{id: event.id, relays: ['wss://relay.damus.io/']}]);
  });

  test('a bad signature, another event, another time or another content is refused', async () => {
    const event = signedEvent(SECRET, S, TIME);
    const flip = (hex, at) => hex.slice(0, at) + (hex[at] === '0' ? '1' : '0') + hex.slice(at + 1);
    const answers = {
      'a signature with one digit of s changed': {...event, sig: flip(event.sig, 100)},
      'a signature by another key over the same id': {...event, sig: schnorrSign('c2'.repeat(32), event.id)},
      'the fields changed under the same id and signature': {...event, created_at: TIME - 3600},
      'another event': signedEvent(SECRET, S, TIME + 1),
      'not an event': 'nevent',
    };
    for (const [name, answer] of Object.entries(answers)) {
      const result = await verifyStrict(nostrWitness(event).tree, [hello], {nostrEvent: async () => answer});
      assert.deepEqual([result.ok, result.unproven, result.anchors], [false, [], []], name);
    }
    // The publisher can sign another time: that event is valid, and its witness names that time.
    const later = signedEvent(SECRET, S, TIME + 3600);
    const result = await verifyStrict(nostrWitness(later, TIME + 3600).tree, [hello], {nostrEvent: async () => later});
    assert.deepEqual(
      [result.ok, result.anchors[0].time, result.anchors[0].proof],
      [true, TIME + 3600, "publisher's claim"],
    );
    const claimed = await verifyStrict(nostrWitness(later, TIME).tree, [hello], {nostrEvent: async () => later});
    assert.match(claimed.errors.join(), /witness_timestamp is not the event's created_at/);
  });

  test('a relay that has no such event (null, as nostrRelay gives at the end of stored events) leaves the time unproven', async () => {
    const event = signedEvent(SECRET, S, TIME);
    const {tree, hash} = nostrWitness(event);
    for (const answer of [null, undefined]) {
      const result = await verifyStrict(tree, [hello], {nostrEvent: async () => answer});
      assert.deepEqual(
        [result.ok, result.chain, result.anchors, result.unproven],
        [false, [], [], [hash]],
        String(answer),
      );
      assert.match(result.errors.join(), /time is unproven: the relay has no such event/);
    }
  });

  test('an nevent naming another author than witness_sender_account_address is refused without a look-up', async () => {
    const event = signedEvent(SECRET, S, TIME);
    const {tree, hash} = nostrWitness(event);
    const w = tree.revisions[hash];
    delete tree.revisions[hash];
    const moved = {...w, witness_sender_account_address: npubOf(publicKeyOf('c3'.repeat(32)))};
    tree.revisions[scalarHash(moved)] = moved;
    const {asked, lookup} = relay(event);
    const result = await verifyStrict(tree, [hello], {nostrEvent: lookup});
    assert.equal(result.ok, false);
    assert.match(result.errors.join(), /another author/);
    assert.deepEqual(asked, []);
  });
});

describe('Ethereum witnesses: the time is the block’s, read through the caller’s node', () => {
  const TX = '0x' + 'cd'.repeat(32);
  const BLOCK = '0x' + 'ef'.repeat(32);
  const CONTRACT = '0x45f59310ADD88E6d23ca58A0Fa7A55BEE6d2a611';
  const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
  const ethWitness = () =>
    witnessedTree({
      witness_network: 'sepolia',
      witness_sender_account_address: SENDER,
      witness_smart_contract_address: CONTRACT,
      witness_timestamp: TIME, // the witnessing computer's clock: not what is proven
      witness_transaction_hash: TX,
    });
  const transaction = {
    hash: TX,
    from: SENDER.toLowerCase(),
    to: CONTRACT.toLowerCase(),
    input: '0x9cef4ea1' + S.slice(2),
    chainId: '0xaa36a7',
    blockHash: BLOCK,
    blockNumber: '0x10',
  };
  const block = {hash: BLOCK, number: '0x10', timestamp: '0x' + (TIME + 42).toString(16), transactions: [TX]};
  /** A node that knows one transaction and one block, and records the requests. */
  const node = (tx = transaction, blk = block) => {
    const calls = [];
    const rpc = async (network, method, params) => {
      calls.push([network, method, params[0]]);
      if (method === 'eth_getTransactionByHash') return params[0] === tx?.hash ? tx : null;
      if (method === 'eth_getBlockByHash') return params[0] === blk.hash ? blk : null;
      throw new Error(`unexpected ${method}`);
    };
    return {calls, rpc};
  };

  test('a mined witness transaction: accepted, with the block’s time, not witness_timestamp', async () => {
    const {tree, hash} = ethWitness();
    const {calls, rpc} = node();
    const result = await verifyStrict(tree, [hello], {ethereumRpc: rpc});
    assertAccepted(result);
    assert.deepEqual(result.anchors, [{hash, time: TIME + 42, proof: 'block', by: `sepolia block ${BLOCK}`}]);
    assert.deepEqual(calls, [
      ['sepolia', 'eth_getTransactionByHash', TX],
      ['sepolia', 'eth_getBlockByHash', BLOCK],
    ]);
  });

  test('another input, sender, recipient or chain is refused; a transaction not yet in a block is unproven', async () => {
    const {tree, hash} = ethWitness();
    const wrong = {
      input: {...transaction, input: '0x9cef4ea1' + G.slice(2)},
      sender: {...transaction, from: '0x' + '11'.repeat(20)},
      recipient: {...transaction, to: '0x' + '22'.repeat(20)},
      chain: {...transaction, chainId: '0x1'},
    };
    for (const [name, tx] of Object.entries(wrong)) {
      const result = await verifyStrict(tree, [hello], {ethereumRpc: node(tx).rpc});
      assert.deepEqual([result.ok, result.unproven], [false, []], name);
    }
    const notInBlock = {...block, transactions: []};
    assert.equal((await verifyStrict(tree, [hello], {ethereumRpc: node(transaction, notInBlock).rpc})).ok, false);
    const pending = await verifyStrict(tree, [hello], {ethereumRpc: node({...transaction, blockHash: null}).rpc});
    assert.deepEqual([pending.ok, pending.unproven], [false, [hash]]);
  });

  test('a node that answers null (no such transaction, no such block) leaves the time unproven', async () => {
    const {tree, hash} = ethWitness();
    const unknown = await verifyStrict(tree, [hello], {ethereumRpc: node(null).rpc});
    assert.deepEqual([unknown.ok, unknown.anchors, unknown.unproven], [false, [], [hash]]);
    assert.match(unknown.errors.join(), /time is unproven: the node knows no such transaction/);
    const noBlock = await verifyStrict(tree, [hello], {
      ethereumRpc: node(transaction, {...block, hash: '0x' + '00'.repeat(32)}).rpc,
    });
    assert.deepEqual([noBlock.ok, noBlock.unproven], [false, [hash]]);
    assert.match(noBlock.errors.join(), /time is unproven: the node does not have the transaction's block/);
  });

  test('the input browserWitness writes (32 zero bytes before the root) is accepted; other layouts are not', async (t) => {
    // The SDK's MetaMask path in a browser (Aquafier web uses it): capture the transaction it asks the wallet for.
    const sent = [];
    const ethereum = {
      isMetaMask: true,
      enable: async () => {},
      request: async ({method, params}) => {
        if (method === 'eth_requestAccounts') return [SENDER.toLowerCase()];
        if (method === 'eth_chainId') return '0xaa36a7';
        if (method === 'eth_sendTransaction') return (sent.push(params[0]), TX);
        throw new Error(`unexpected ${method}`);
      },
    };
    globalThis.window = {ethereum};
    t.after(() => delete globalThis.window);
    t.mock.method(console, 'log', () => {});
    const tree = vectorTree();
    const witnessed = await aquafier.witnessAquaTree(
      {aquaTree: tree, revision: ''},
      'eth',
      'sepolia',
      'metamask',
      creds(),
      true,
    );
    assert.ok(witnessed.isOk());
    delete globalThis.window;
    const [hash] = Object.keys(witnessed.data.aquaTree.revisions).slice(-1);
    const revision = witnessed.data.aquaTree.revisions[hash];
    assert.equal(sent.length, 1);
    assert.equal(sent[0].data, '0x9cef4ea1' + '0'.repeat(64) + S.slice(2), 'the SDK pads the root with 32 zero bytes');
    const mined = {...transaction, from: sent[0].from.toLowerCase(), to: sent[0].to.toLowerCase(), input: sent[0].data};
    assert.equal(revision.witness_smart_contract_address.toLowerCase(), mined.to);
    const result = await verifyStrict(witnessed.data.aquaTree, [hello], {ethereumRpc: node(mined).rpc});
    assertAccepted(result);
    assert.deepEqual(result.anchors, [{hash, time: TIME + 42, proof: 'block', by: `sepolia block ${BLOCK}`}]);
    const root = S.slice(2);
    const layouts = {
      'the root twice': root + root,
      '31 zero bytes before the root': '0'.repeat(62) + root,
      'zero bytes after the root': root + '0'.repeat(64),
      'the root after other bytes': '11'.repeat(32) + root,
    };
    for (const [name, args] of Object.entries(layouts)) {
      const other = await verifyStrict(witnessed.data.aquaTree, [hello], {
        ethereumRpc: node({...mined, input: '0x9cef4ea1' + args}).rpc,
      });
      assert.deepEqual([other.ok, other.unproven], [false, []], name);
      assert.match(other.errors.join(), /does not witness witness_merkle_root/, name);
    }
  });
});

describe('the look-up functions of anchor-lookups.ts, against local servers', () => {
  let lookups;
  before(async () => {
    lookups = await importDocBlock(PAGE, 'anchor-lookups.ts');
  });

  test('ethereumRpc: JSON-RPC over HTTP, the answer’s result, one connection per request', async (t) => {
    const requests = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const {method, params} = JSON.parse(body);
        requests.push([method, params, req.headers.connection]);
        res.end(JSON.stringify({jsonrpc: '2.0', id: 1, result: method === 'eth_chainId' ? '0xaa36a7' : null}));
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.after(() => server.close());
    const rpc = lookups.ethereumRpc({sepolia: `http://127.0.0.1:${server.address().port}`});
    const signal = new AbortController().signal;
    assert.equal(await rpc('sepolia', 'eth_chainId', [], signal), '0xaa36a7');
    assert.equal(await rpc('sepolia', 'eth_getTransactionByHash', ['0x' + '00'.repeat(32)], signal), null);
    await assert.rejects(rpc('mainnet', 'eth_chainId', [], signal), /no endpoint for mainnet/);
    assert.deepEqual(requests, [
      ['eth_chainId', [], 'close'],
      ['eth_getTransactionByHash', ['0x' + '00'.repeat(32)], 'close'],
    ]);
  });

  test('nostrRelay: a NIP-01 REQ for the id, the event from the relay, verified by verifyStrict', async (t) => {
    const event = signedEvent('c1'.repeat(32), S, TIME);
    const {tree, hash} = witnessedTree({
      witness_network: 'nostr',
      witness_sender_account_address: npubOf(event.pubkey),
      witness_smart_contract_address: 'N/A',
      witness_timestamp: TIME,
      witness_transaction_hash: neventOf(event.id, event.pubkey),
    });
    const received = [];
    const relay = await miniRelay((message, send) => {
      received.push(message);
      send(['EVENT', message[1], event]);
    });
    t.after(() => relay.close());
    const result = await verifyStrict(tree, [hello], {nostrEvent: lookups.nostrRelay(relay.url)});
    assertAccepted(result);
    assert.equal(result.anchors[0].hash, hash);
    assert.deepEqual(received, [['REQ', 'aqua', {ids: [event.id], limit: 1}]]);
  });
});

describe('the page’s nostrRelay: a relay without the event gives null, an unproven time', () => {
  test('EOSE or CLOSED before any EVENT: verifyStrict reports the time unproven, not an error', async (t) => {
    const {nostrRelay} = await importDocBlock(PAGE, 'anchor-lookups.ts');
    const event = signedEvent('c1'.repeat(32), S, TIME);
    const {tree, hash} = witnessedTree({
      witness_network: 'nostr',
      witness_sender_account_address: npubOf(event.pubkey),
      witness_smart_contract_address: 'N/A',
      witness_timestamp: TIME,
      witness_transaction_hash: neventOf(event.id, event.pubkey),
    });
    for (const reply of ['EOSE', 'CLOSED']) {
      const relay = await miniRelay((message, send) => send([reply, message[1], '']));
      t.after(() => relay.close());
      const result = await verifyStrict(tree, [hello], {nostrEvent: nostrRelay(relay.url)});
      assert.deepEqual([result.ok, result.unproven], [false, [hash]], reply);
      assert.match(result.errors.join(), /time is unproven: the relay has no such event/, reply);
    }
  });
});

/**
 * A WebSocket server just large enough to play a Nostr relay (RFC 6455: the handshake, one masked text
 * frame from the client, unmasked text frames back). `answer(message, send)` is called per message.
 */
async function miniRelay(answer) {
  const server = createServer();
  server.on('upgrade', (req, socket) => {
    const accept = createHash('sha1')
      .update(req.headers['sec-websocket-key'] + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11')
      .digest('base64');
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= 2) {
        const short = buffer[1] & 127;
        const offset = short === 126 ? 4 : 2;
        const length = short === 126 ? buffer.readUInt16BE(2) : short;
        if (buffer.length < offset + 4 + length) return;
        const mask = buffer.subarray(offset, offset + 4);
        const payload = Buffer.from(buffer.subarray(offset + 4, offset + 4 + length)).map((b, i) => b ^ mask[i % 4]);
        const opcode = buffer[0] & 15;
        buffer = buffer.subarray(offset + 4 + length);
        if (opcode !== 1) return socket.destroy();
        answer(JSON.parse(payload.toString('utf8')), (message) => {
          const data = Buffer.from(JSON.stringify(message));
          const head =
            data.length < 126
              ? Buffer.from([0x81, data.length])
              : Buffer.from([0x81, 126, data.length >> 8, data.length & 255]);
          socket.write(Buffer.concat([head, data]));
        });
      }
    });
    socket.on('error', () => {});
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {url: `ws://127.0.0.1:${server.address().port}`, close: () => server.close()};
}

// Cost is measured as work, never as time: SHA-256 blocks hashed (through the SDK's own hash,
// counted by V8; adversary/cost.mjs) and CPU time, each for an input and one twice its size.
describe('bounded cost: work in proportion to the input, limits before any hashing', () => {
  const wallet = Wallet.fromPhrase(MNEMONIC);
  /** A scalar revision after `previous`, stored under its hash. */
  const append = (tree, revision) => {
    tree.revisions[scalarHash(revision)] = revision;
    return scalarHash(revision);
  };
  const size = ({tree, files}) =>
    Buffer.byteLength(JSON.stringify(tree)) +
    files.reduce(
      (n, f) =>
        n + Buffer.byteLength(typeof f.fileContent === 'string' ? f.fileContent : JSON.stringify(f.fileContent)),
      0,
    );

  /**
   * n tree-mode form revisions in one chain, all naming one form file {"a": <n kB>}, its field hidden in
   * each, with the right leaves and file_hash: the file is in the input once, the revisions are small.
   */
  function sharedForm(n) {
    const TREE = SCALAR.replace('scalar', 'tree');
    const value = 'v'.repeat(1000 * n);
    const file = {fileName: 'shared.json', fileContent: JSON.stringify({a: value}), path: './shared.json'};
    const tree = {revisions: {}, file_index: {}};
    let previous = '';
    for (let i = 0; i < n; i++) {
      const fields = {
        file_hash: getHashSum(file.fileContent),
        file_nonce: String(i),
        forms_a: value,
        local_timestamp: String(20250101000000 + i),
        previous_verification_hash: previous,
        revision_type: 'form',
        version: TREE,
      };
      const leaves = Object.keys(fields)
        .sort()
        .map((k) => getHashSum(`${k}:${fields[k]}`));
      const {forms_a: _shown, ...rest} = fields;
      previous = getMerkleRoot(leaves);
      tree.revisions[previous] = {...rest, 'forms_a.deleted': null, leaves};
      tree.file_index[previous] = file.fileName;
    }
    return {tree, files: [file]};
  }

  // Each shape makes an input of about n units; each was quadratic or worse in the version before 2 December
  // 2026, the last one (revisions × file size) until the audit after it.
  const shapes = {
    // The audit's case: every hidden field rehashed the whole revision.
    async 'a form of n hidden fields, with its file'(n) {
      const data = Object.fromEntries(Array.from({length: n}, (_, i) => [`field${i}`, `value ${i}`]));
      const file = {fileName: 'form.json', fileContent: JSON.stringify(data), path: './form.json'};
      const tree = (await aquafier.createGenesisRevision(file, true, false, false)).data.aquaTree;
      const [hash] = Object.keys(tree.revisions);
      for (const key of Object.keys(data)) {
        delete tree.revisions[hash][`forms_${key}`];
        tree.revisions[hash][`forms_${key}.deleted`] = null;
      }
      return {tree: {revisions: tree.revisions, file_index: tree.file_index}, files: [file]};
    },
    // A linked tree of n kB, named by n link revisions, among n files: it was checked again for each link.
    async 'n link revisions to one linked tree of n kB, among n other files'(n) {
      const annex = {fileName: 'annex.txt', fileContent: 'a'.repeat(1000 * n), path: './annex.txt'};
      const annexTree = (await aquafier.createGenesisRevision(annex, false, true)).data.aquaTree;
      const [target] = Object.keys(annexTree.revisions);
      const annexHash = getHashSum(annex.fileContent);
      const tree = {revisions: {}, file_index: {}};
      let last = append(tree, vectorTree().revisions[G]);
      tree.file_index[last] = 'hello.txt';
      for (let i = 0; i < n; i++) {
        last = append(tree, {
          previous_verification_hash: last,
          local_timestamp: String(20250101000000 + i),
          revision_type: 'link',
          version: SCALAR,
          link_type: 'aqua',
          link_verification_hashes: [target],
          link_file_hashes: [annexHash],
        });
      }
      tree.file_index[target] = 'annex.txt';
      const others = Array.from({length: n}, (_, i) => ({fileName: `other${i}.txt`, fileContent: `${i}`, path: ''}));
      const linked = {fileName: 'annex.txt.aqua.json', fileContent: annexTree, path: ''};
      return {tree, files: [hello, annex, linked, ...others]};
    },
    // n Ethereum signatures, one after another.
    async 'a chain of n signatures'(n) {
      const tree = {revisions: {}, file_index: {}};
      let last = append(tree, vectorTree().revisions[G]);
      tree.file_index[last] = 'hello.txt';
      for (let i = 0; i < n; i++) {
        last = append(tree, {
          local_timestamp: String(20250101000000 + i),
          previous_verification_hash: last,
          revision_type: 'signature',
          signature: wallet.signMessageSync(`I sign this revision: [${last}]`),
          signature_public_key: wallet.signingKey.compressedPublicKey,
          signature_type: 'ethereum:eip-191',
          signature_wallet_address: wallet.address,
          version: SCALAR,
        });
      }
      return {tree, files: [hello]};
    },
    // The second audit's case: each form revision parsed its file again and hashed its hidden value again.
    async 'n form revisions sharing one form file of n kB, its field hidden in each'(n) {
      return sharedForm(n);
    },
  };

  /** SHA-256 blocks of one verifyStrict call: a count, so the same on any machine however busy. */
  async function work(input) {
    const {value, blocks} = await counted(() => verifyStrict(input.tree, input.files));
    assertAccepted(value);
    return {blocks, bytes: size(input)};
  }

  for (const [name, make] of Object.entries(shapes)) {
    test(`${name}: twice the input, at most about twice the work`, async (t) => {
      // Quadratic work on the sharing shape hashes n × n kB: 40 keeps the old code's failure short.
      const n = name.includes('signatures') ? 150 : name.includes('sharing') ? 40 : 250;
      const small = await work(await make(n));
      const large = await work(await make(2 * n));
      const blocks = large.blocks / small.blocks;
      t.diagnostic(
        `${small.bytes} → ${large.bytes} bytes: ${small.blocks} → ${large.blocks} SHA-256 blocks (×${blocks.toFixed(2)})`,
      );
      assert.ok(large.bytes / small.bytes >= 1.9, 'the larger input is about twice the size');
      // Quadratic work would be ×4.
      assert.ok(blocks <= 2.2, `hashing grew ×${blocks.toFixed(2)}`);
      assert.ok(large.blocks * 64 <= 8 * large.bytes, 'no more than 8 bytes hashed per byte of input');
    });
  }

  test('a form file named by n revisions is parsed once, whatever n (JSON.parse calls counted)', async (t) => {
    for (const n of [1, 2, 30]) {
      const {tree, files} = sharedForm(n);
      const parse = t.mock.method(JSON, 'parse');
      const result = await verifyStrict(tree, files);
      const ofFile = parse.mock.calls.filter((c) => c.arguments[0] === files[0].fileContent).length;
      parse.mock.restore();
      assertAccepted(result);
      assert.equal(ofFile, 1, `${n} revisions: the form file was parsed ${ofFile} times`);
    }
  });

  test('an input over a limit is refused before anything is hashed', async () => {
    const tree = vectorTree();
    const cases = {
      bytes: [tree, [{...hello, fileContent: 'x'.repeat(LIMITS.bytes)}]],
      fields: [
        tree,
        [
          {
            ...hello,
            fileContent: {
              revisions: {},
              file_index: Object.fromEntries(Array.from({length: LIMITS.fields}, (_, i) => [i, 'x'])),
            },
          },
        ],
      ],
      revisions: [
        {revisions: Object.fromEntries(Array.from({length: LIMITS.revisions + 1}, (_, i) => [i, {}])), file_index: {}},
        [hello],
      ],
      nesting: [{...tree, file_index: JSON.parse('['.repeat(40) + ']'.repeat(40))}, [hello]],
    };
    for (const [limit, [t, f]] of Object.entries(cases)) {
      const {value, blocks} = await counted(() => verifyStrict(t, f));
      assert.equal(value.ok, false, limit);
      assert.equal(blocks, 0, `${limit}: ${value.errors}`);
    }
  });
});

describe('the network: only after the offline checks, all at once, one deadline, nothing left open', () => {
  /** A chain of `n` Nostr witness revisions after the vectors' signature (their events are never found). */
  function witnesses(n) {
    const tree = vectorTree();
    const author = publicKeyOf('c1'.repeat(32));
    let last = S;
    for (let i = 0; i < n; i++) {
      const w = {
        local_timestamp: '20250101000200',
        previous_verification_hash: last,
        revision_type: 'witness',
        version: SCALAR,
        witness_merkle_proof: [last],
        witness_merkle_root: last,
        witness_network: i % 2 ? 'sepolia' : 'nostr',
        witness_sender_account_address: i % 2 ? '0x' + '11'.repeat(20) : npubOf(author),
        witness_smart_contract_address: i % 2 ? '0x' + '22'.repeat(20) : 'N/A',
        witness_timestamp: TIME + i,
        witness_transaction_hash: i % 2 ? '0x' + getHashSum(String(i)) : neventOf(getHashSum(String(i)), author),
      };
      tree.revisions[scalarHash(w)] = w;
      last = scalarHash(w);
    }
    return tree;
  }
  /** Look-ups that drop all traffic: they never answer, and end only when their signal aborts. */
  function dropping() {
    const state = {started: 0, aborted: 0, running: 0};
    const hang = (signal) =>
      new Promise((_, reject) => {
        state.started++;
        state.running++;
        signal.addEventListener('abort', () => {
          state.aborted++;
          state.running--;
          reject(new Error('dropped'));
        });
      });
    return {
      state,
      options: {nostrEvent: (id, relays, signal) => hang(signal), ethereumRpc: (n, m, p, signal) => hang(signal)},
    };
  }
  const turns = async (n = 5) => {
    for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
  };

  test('no look-up for a tree that fails an offline check, or that has more witness revisions than the limit', async () => {
    const {state, options} = dropping();
    const badFile = await verifyStrict(witnesses(4), [{...hello, fileContent: 'another text'}], options);
    assert.match(badFile.errors.join(), /file_hash does not match/);
    const flood = await verifyStrict(witnesses(LIMITS.witnesses + 1), [hello], options);
    assert.match(flood.errors.join(), /more than 32 witness revisions/);
    assert.equal(state.started, 0);
  });

  test('however many witnesses, all look-ups start at once and one deadline ends them all', async (t) => {
    t.mock.timers.enable({apis: ['setTimeout']});
    for (const n of [2, LIMITS.witnesses]) {
      const {state, options} = dropping();
      let answer = null;
      verifyStrict(witnesses(n), [hello], options).then((result) => (answer = result));
      await turns(20);
      assert.equal(state.started, n, 'every look-up has started, and no time has passed');
      t.mock.timers.tick(LIMITS.lookupMilliseconds - 1);
      await turns();
      assert.equal(answer, null, 'no answer before the deadline');
      t.mock.timers.tick(1);
      await turns();
      assert.ok(answer, 'one deadline, whatever the number of witnesses');
      assert.deepEqual([answer.ok, answer.unproven.length, state.aborted, state.running], [false, n, n, 0]);
      assert.match(answer.errors[0], /time is unproven: no answer within 10 s/);
    }
  });

  test('an answer before the deadline clears the deadline’s timer (real timers)', async () => {
    const event = signedEvent('c1'.repeat(32), S, TIME);
    const {tree} = witnessedTree({
      witness_network: 'nostr',
      witness_sender_account_address: npubOf(event.pubkey),
      witness_smart_contract_address: 'N/A',
      witness_timestamp: TIME,
      witness_transaction_hash: neventOf(event.id, event.pubkey),
    });
    await turns();
    const before = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    let seen;
    const result = await verifyStrict(tree, [hello], {
      nostrEvent: async () => {
        seen = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
        return event;
      },
    });
    assertAccepted(result);
    assert.equal(seen, before + 1, 'the deadline runs while the look-up does');
    assert.equal(process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length, before);
  });

  test('with the page’s look-ups against a server that drops traffic, no socket or timer outlives the answer', async (t) => {
    const {ethereumRpc, nostrRelay} = await importDocBlock(PAGE, 'anchor-lookups.ts');
    // The server runs in another process, so that every socket of this one is a look-up's.
    const hole = spawn(process.execPath, [
      '-e',
      "const s=new Set();require('net').createServer((c)=>{s.add(c);console.log('connection')}).listen(0,'127.0.0.1',function(){console.log(this.address().port)})",
    ]);
    t.after(() => hole.kill());
    const lines = [];
    const line = () =>
      new Promise((resolve) => hole.stdout.once('data', (d) => resolve(lines.push(...String(d).trim().split('\n')))));
    await line();
    const url = `127.0.0.1:${lines[0]}`;
    const before = process.getActiveResourcesInfo().sort();
    t.mock.timers.enable({apis: ['setTimeout']});
    let answer = null;
    verifyStrict(witnesses(4), [hello], {
      nostrEvent: nostrRelay(`ws://${url}`),
      ethereumRpc: ethereumRpc({sepolia: `http://${url}`}),
    }).then((result) => (answer = result));
    while (lines.length < 5) await line(); // four connections, all open at once
    assert.equal(answer, null);
    assert.ok(process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length >= 4);
    t.mock.timers.tick(LIMITS.lookupMilliseconds);
    await turns();
    assert.deepEqual([answer?.ok, answer?.unproven.length], [false, 4]);
    await turns();
    assert.deepEqual(process.getActiveResourcesInfo().sort(), before);
  });
});

describe('gaps the pages document (re-check the pages when these fail)', () => {
  test('getEntropy and createCredentials throw in the ES module build (they require "crypto")', async () => {
    const sdk = await import('aqua-js-sdk');
    assert.throws(() => sdk.getEntropy(), /Dynamic require of "crypto" is not supported/);
  });

  test("verifyAndGetGraphData does not count the genesis: Ok without the form's file, or with another", async () => {
    const claim = {fileName: 'claim.json', fileContent: JSON.stringify({name: 'Jane'}), path: './claim.json'};
    const other = {...claim, fileContent: JSON.stringify({name: 'John'})};
    const {aquaTree} = (await aquafier.createGenesisRevision(claim, true, false, false)).data;
    for (const files of [[], [other]]) {
      assert.equal((await aquafier.verifyAquaTree(aquaTree, files)).isOk(), false);
      const graph = await aquafier.verifyAndGetGraphData(aquaTree, files);
      assert.equal(graph.isOk(), true);
      assert.equal(graph.data.isValidationSucessful, false);
    }
    // With a signature after it, the answer is Ok as long as the signature passes.
    const signed = await signedTree(claim, {form: true});
    const graph = await aquafier.verifyAndGetGraphData(signed, [other]);
    assert.equal(graph.isOk(), true);
    assert.equal(graph.data.isValidationSucessful, false);
  });
  test('scalar form revisions make verifyAquaTree throw a TypeError', async () => {
    const form = {fileName: 'f.json', fileContent: JSON.stringify({a: 1}), path: './f.json'};
    const tree = (await aquafier.createGenesisRevision(form, true)).data.aquaTree;
    await assert.rejects(aquafier.verifyAquaTree(tree, [form]), TypeError);
  });

  test('createContentRevision: inverted modes, an "[object Object]" file_index key, output fails verification', async () => {
    const file = {fileName: 'a.txt', fileContent: 'a', path: './a.txt'};
    const tree = (await aquafier.createGenesisRevision(file)).data.aquaTree;
    const next = {fileName: 'b.txt', fileContent: 'b', path: './b.txt'};
    const scalar = await aquafier.createContentRevision({aquaTree: structuredClone(tree), revision: ''}, next, true);
    assert.ok(scalar.isOk());
    const added = Object.values(scalar.data.aquaTree.revisions).at(-1);
    assert.ok(added.version.endsWith('scalar') && !('leaves' in added), 'scalar requested');
    assert.notEqual(
      scalarHash(added),
      Object.keys(scalar.data.aquaTree.revisions).at(-1),
      'but hashed as a Merkle root',
    );
    assert.ok('[object Object]' in scalar.data.aquaTree.file_index);
    assert.equal(await sdkTag(scalar.data.aquaTree, [file, next]), 'err');
    const treeMode = await aquafier.createContentRevision({aquaTree: structuredClone(tree), revision: ''}, next, false);
    const addedTree = Object.values(treeMode.data.aquaTree.revisions).at(-1);
    assert.ok(addedTree.version.endsWith('tree') && 'leaves' in addedTree);
    // Tree requested, but the key is a plain SHA-256 of the fields in creation order (not even sorted).
    const order = [
      'previous_verification_hash',
      'local_timestamp',
      'revision_type',
      'content',
      'file_hash',
      'file_nonce',
      'version',
    ];
    const unsorted = Object.fromEntries(order.map((k) => [k, addedTree[k]]));
    assert.equal('0x' + getHashSum(JSON.stringify(unsorted)), Object.keys(treeMode.data.aquaTree.revisions).at(-1));
  });

  test('createFormRevision ignores a named revision (empty predecessor); removeLastRevision keeps the file_index entry', async () => {
    const file = {fileName: 'a.txt', fileContent: 'a', path: './a.txt'};
    const tree = (await aquafier.createGenesisRevision(file)).data.aquaTree;
    const [genesis] = Object.keys(tree.revisions);
    const form = {fileName: 'f.json', fileContent: JSON.stringify({x: 1}), path: './f.json'};
    const named = await aquafier.createFormRevision({aquaTree: structuredClone(tree), revision: genesis}, form, false);
    assert.equal(Object.values(named.data.aquaTree.revisions).at(-1).previous_verification_hash, '');
    const latest = await aquafier.createFormRevision({aquaTree: structuredClone(tree), revision: ''}, form, false);
    const extended = latest.data.aquaTree;
    assert.equal(Object.values(extended.revisions).at(-1).previous_verification_hash, genesis);
    aquafier.removeLastRevision(extended);
    assert.equal(Object.keys(extended.revisions).length, 1);
    assert.equal(Object.keys(extended.file_index).length, 2, 'the removed form is still named in file_index');
  });

  test('signAquaTree adds to the input revisions but returns a copy; the input keeps stale tree/treeMapping', async () => {
    const input = (await aquafier.createGenesisRevision(hello)).data.aquaTree;
    const [genesis] = Object.keys(input.revisions);
    const signed = await aquafier.signAquaTree({aquaTree: input, revision: ''}, 'cli', creds());
    const out = signed.data.aquaTree;
    assert.notEqual(out, input);
    assert.equal(Object.keys(input.revisions).length, 2, 'input revisions mutated');
    assert.equal(input.treeMapping.latestHash, genesis, 'input treeMapping is stale');
    assert.equal(input.tree.children.length, 0, 'input tree is stale');
    assert.equal(out.treeMapping.latestHash, Object.keys(out.revisions)[1]);
  });

  test('getChainIdFromNetwork has no holesky entry (MetaMask signing on holesky throws)', () => {
    assert.equal(getChainIdFromNetwork('sepolia'), '0xaa36a7');
    assert.equal(getChainIdFromNetwork('mainnet'), '0x1');
    assert.throws(() => getChainIdFromNetwork('holesky'), /Unsupported network: holesky/);
  });

  test('did signatures are a JWS over {"message": "I sign this revision: [<hash>]"}', async () => {
    const didKey = getHashSum('my did seed');
    const tree = (await aquafier.createGenesisRevision(hello)).data.aquaTree;
    const [genesis] = Object.keys(tree.revisions);
    await aquafier.signAquaTree({aquaTree: tree, revision: ''}, 'did', creds({did_key: didKey}));
    const sig = Object.values(tree.revisions).at(-1);
    assert.equal(sig.signature_type, 'did_key');
    const payload = JSON.parse(Buffer.from(sig.signature.payload, 'base64url').toString('utf8'));
    assert.deepEqual(payload, {message: `I sign this revision: [${genesis}]`});
    assert.match(sig.signature_wallet_address, /^did:key:z6Mk/);
  });

  test('p12: a correct RSA-SHA256 signature fails verification (ERR_OSSL_UNSUPPORTED), and p12 signing rejects', async (t) => {
    const errors = [];
    t.mock.method(console, 'error', (...args) => errors.push(args.map(String).join(' ')));
    const {privateKey, publicKey} = generateKeyPairSync('rsa', {modulusLength: 2048});
    const pubHex = publicKey.export({type: 'spki', format: 'der'}).toString('hex');
    const signer = createSign('RSA-SHA256');
    signer.update(G);
    const signature = signer.sign(privateKey).toString('hex');
    const check = createVerify('RSA-SHA256');
    check.update(G);
    assert.ok(
      check.verify({key: Buffer.from(pubHex, 'hex'), format: 'der', type: 'spki'}, Buffer.from(signature, 'hex')),
    );

    const tree = vectorTree();
    delete tree.revisions[S];
    const p12 = {
      local_timestamp: '20250101000100',
      previous_verification_hash: G,
      revision_type: 'signature',
      signature,
      signature_public_key: pubHex,
      signature_type: 'p12',
      signature_wallet_address: pubHex,
      version: SCALAR,
    };
    tree.revisions[scalarHash(p12)] = p12;
    assert.equal(await sdkTag(tree, [hello]), 'err');
    assert.ok(errors.some((e) => e.includes('unsupported')));

    const fresh = vectorTree();
    delete fresh.revisions[S];
    await assert.rejects(
      aquafier.signAquaTree({aquaTree: fresh, revision: ''}, 'p12', creds({p12_content: 'x', p12_password: 'x'})),
      /reading 'fromDer'/,
    );
  });

  test('witness code paths that need a network, pinned in the published source', () => {
    const dist = readFileSync(join(ROOT, 'node_modules/aqua-js-sdk/dist/chunk-Q5SPQIUG.js'), 'utf8');
    // TSA: the imprint is SHA-256 of the root *string* (getHashSum of the "0x…" text).
    assert.match(dist, /this\.witness = async \(hash, tsaUrl\) => \{\s+const hashHex = getHashSum\(hash\);/);
    assert.match(dist, /const hashHex = getHashSum\(expectedMR\);/);
    // Ethereum: the timestamp is the local clock, and verify ignores the expected timestamp.
    assert.match(dist, /witnessTimestamp = Math\.floor\(Date\.now\(\) \/ 1e3\);\s+break;/);
    assert.match(dist, /static async verify\(witnessNetwork, transactionHash, expectedMR, _expectedTimestamp,/);
    // The form leaf result is overwritten by the file-hash result.
    assert.match(dist, /isSuccess = res\.isOk;[\s\S]{0,2000}isSuccess = fileHash1 === revision\.file_hash;/);
    // The Ethereum chain ids used for witnessing include holesky.
    assert.match(dist, /WitnessEth\.ethChainIdMap = \{\s+mainnet: "0x1",\s+sepolia: "0xaa36a7",\s+holesky: "0x4268"/);
  });

  test('an Ethereum witness verified without credentials rejects (provider URL null)', () => {
    // Connectivity is faked so the check reaches the Ethereum branch; the provider URL is then null.
    const script = `
      import https from 'node:https';
      import {syncBuiltinESMExports} from 'node:module';
      import {EventEmitter} from 'node:events';
      import Aquafier from 'aqua-js-sdk';
      https.request = (url, opts, cb) => { const r = new EventEmitter(); r.end = () => setImmediate(() => cb({statusCode: 200, resume() {}})); return r; };
      syncBuiltinESMExports();
      console.log = () => {};
      const a = new Aquafier();
      const f = {fileName: 'a.txt', fileContent: 'a', path: './a.txt'};
      const t = (await a.createGenesisRevision(f)).data.aquaTree;
      await a.witnessAquaTree({aquaTree: t, revision: ''}, 'eth', 'sepolia', 'inline',
        {mnemonic: '', nostr_sk: '', did_key: '', alchemy_key: '', witness_eth_network: 'sepolia', witness_method: 'inline'},
        true, {transaction_hash: '0x' + 'ab'.repeat(32), wallet_address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'});
      a.verifyAquaTree(t, [f]).then((r) => process.stdout.write('settled ' + r.tag), (e) => process.stdout.write('rejected ' + e))
        .finally(() => process.exit(0));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      timeout: 20000,
      encoding: 'utf8',
    });
    assert.match(run.stdout, /^rejected Error: unsupported protocol null/);
  });
});
