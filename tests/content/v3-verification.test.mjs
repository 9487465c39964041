// Adversarial tests for the v3 verification pages (aqua-js-sdk 3.2.1-45).
//
// verifyStrict is loaded from the fence the verification page publishes, so the recipe readers copy
// is the one tested here. Each forgery is run through the SDK's verifyAquaTree as well: where the SDK
// accepts a forgery, the test pins that (the page says so), and the page's recipe must reject it.
// Everything is offline and deterministic: fixed test vectors, or trees whose random parts (nonce,
// time) do not change the outcome.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {EventEmitter} from 'node:events';
import https from 'node:https';
import {syncBuiltinESMExports} from 'node:module';
import {createSign, createVerify, generateKeyPairSync} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {before, describe, test} from 'node:test';
import Aquafier, {dict2Leaves, getChainIdFromNetwork, getHashSum, getMerkleRoot} from 'aqua-js-sdk';
// asn1js and pkijs are dependencies of aqua-js-sdk (its TSA code uses them).
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {Wallet} from 'ethers';
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
before(async () => {
  ({verifyStrict} = await importDocBlock(PAGE, 'strict-verify.ts'));
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

/** An RFC 3161 response nobody signed: a TSTInfo with the given imprint and time, wrapped without a signer. */
function unsignedTsaResponse(imprintHex, unixSeconds) {
  const tst = new pkijs.TSTInfo({
    version: 1,
    policy: '1.2.3.4',
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({algorithmId: '2.16.840.1.101.3.4.2.1'}),
      hashedMessage: new asn1js.OctetString({valueHex: Uint8Array.from(Buffer.from(imprintHex, 'hex')).buffer}),
    }),
    serialNumber: new asn1js.Integer({value: 1}),
    genTime: new Date(unixSeconds * 1000),
  });
  const tstBer = tst.toSchema().toBER(false);
  const signedData = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: '1.2.840.113549.1.9.16.1.4',
      eContent: new asn1js.OctetString({valueHex: tstBer}),
    }),
    signerInfos: [],
  }).toSchema(true);
  // pkijs re-wraps eContent as a constructed OCTET STRING; TSAs send a primitive one.
  signedData.valueBlock.value[2].valueBlock.value[1].valueBlock.value[0] = new asn1js.OctetString({valueHex: tstBer});
  const response = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({status: 0}),
    timeStampToken: new pkijs.ContentInfo({contentType: '1.2.840.113549.1.7.2', content: signedData}),
  });
  return Buffer.from(response.toSchema().toBER(false)).toString('base64');
}

describe('a forged RFC 3161 witness (connectivity check faked, nothing else needs a network)', () => {
  test('an unsigned, self-made token over SHA-256 of the root text passes the SDK; over the root bytes it fails', async (t) => {
    fakeConnectivity(t, true);
    const time = 1735689600;
    const withToken = (token) => {
      const tree = vectorTree();
      const witness = {
        local_timestamp: '20250101000200',
        previous_verification_hash: S,
        revision_type: 'witness',
        version: SCALAR,
        witness_merkle_proof: [S],
        witness_merkle_root: S,
        witness_network: 'TSA_RFC3161',
        witness_sender_account_address: 'DigiCert',
        witness_smart_contract_address: 'http://timestamp.digicert.com',
        witness_timestamp: time,
        witness_transaction_hash: token,
      };
      tree.revisions[scalarHash(witness)] = witness;
      return tree;
    };
    const overText = withToken(unsignedTsaResponse(getHashSum(S), time));
    assert.equal(await sdkTag(overText, [hello]), 'ok', 'SDK gap: TSA token signature never checked');
    // verifyStrict leaves anchors to the SDK, as the page says, so it accepts this too.
    assert.equal((await verifyStrict(overText, [hello])).ok, true);
    const overBytes = withToken(unsignedTsaResponse(getHashSum(Buffer.from(S.slice(2), 'hex')), time));
    assert.equal(await sdkTag(overBytes, [hello]), 'err', 'the imprint is over the text, not the bytes');
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
