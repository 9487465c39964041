// The v1 whitepaper's "verify-gaps-1.1.mjs" closes five checks the February 2022 verifier skipped.
// What the page states for each function, and what the tests below check:
// - checkChain: a chain passes only if every hash recomputes from the fields it covers (no stored
//   hash and no verification_context flag is trusted), each revision names the recomputed hash of
//   the one before (the first names nothing), a file page's bytes match file_hash, and every
//   revision is in the one form the 2021-2022 extension wrote; it returns the recomputed hashes, and a
//   note for each revision whose file_hash it could not check because the export carries no bytes.
//   Its guarantee for the hashes that join fields without a separator is tested by enumeration in
//   v1-joined-hashes.test.mjs; the counter-examples found there are kept at the end of this file.
// - checkMerkleProof: a proof passes only if it starts at the revision's hash, each node joins two
//   hashes (or passes left_leaf up where right_leaf is null, as the extension stores a hash without a
//   partner) and the last successor is merkle_root; an empty proof only when the hash is merkle_root.
//   Every proof the extension exports (reference/snapshot-tree.mjs) passes.
// - checkSignature: a signature passes only if it recovers to both the stored address and key.
// - checkWitnessTx: a transaction passes only if it is mined, went to the witness contract and
//   carries exactly H(snapshot genesis hash + merkle_root), both in their forms.
// Each test feeds the worked example of the v1 pages (which must pass) and then a forgery that the
// 2022 verifier would have accepted (which must be refused).
import assert from 'node:assert/strict';
import {Buffer} from 'node:buffer';
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';
import {Interface, Wallet, hashMessage, sha256, toUtf8Bytes} from 'ethers';
import fc from 'fast-check';
import {runs, seed} from '../../scripts/lib/fuzz.mjs';
import {ROOT, docBlock, importDocBlock} from './doc-blocks.mjs';
import {
  contentHash,
  metadataHash,
  signatureHash,
  signatureSlotText,
  verificationHash11,
  verificationHash12,
  witnessHash,
} from './reference/aqua-hashing.mjs';
import {extensionSnapshot} from './reference/snapshot-tree.mjs';
import {
  WORKED,
  filePageChain,
  phpJsonEncode,
  referenceChains,
  workedChain,
  writeChain,
} from './reference/writer-1.1.mjs';

const PAGE = 'versioned_docs/version-1.1.0/Protocol/whitepaper.md';
const {checkChain, checkMerkleProof, checkSignature, checkWitnessTx, WITNESS_CONTRACT} = await importDocBlock(
  PAGE,
  'verify-gaps-1.1.mjs',
);

const H = (s) => (s === '' ? '' : createHash('sha3-512').update(s).digest('hex'));

// The worked chain of the v1 data-accounting and whitepaper pages.
const vh1 =
  '1fc34af322ddb8becfe44c63b6dba5a95c523eaf7a1265ecee14fcc3b54578d45ed3566131530af58b5a8be8240e4e61016148c1b8a0c9130df307645d33d17f';
const A =
  '6b99005460b77d94686a36ddee67c174e83e916a570066f0c8ec86e755cf3f5e2255c2a23d31b2672ae19e6fdd8e14c1223bb8343c44049932349939f44ad08f';
const B =
  '116eb1556ecd5a7fa9f8592016a229071d74303bef868f213efed95468c2898d702c741d20671c37455954a09546b9004966b14042314e044f139f96e8bd32f1';
const C =
  '09ffc698495817f62ca0d37e4e9c6d65bc67650536c35f7e3acd9e95d8de11414412e0e494ac8b8739de4ed7b44d5c4bf98c26c3c7bc30709114a097894e924b';
const snapshotGenesis =
  'dff3d56a2dbd5898fa65d6060e7196ba9dbf49b54e435ef263d2a2337ca2ff0d4b46b3c303efb69192fd755a983dceed572b3c3cd086f8f2070990745d725313';
const vh3 =
  '2e6b9c0fcbdb475c4fd2ebdca5e8043c6cadf9326d59c420aaffd4d5172e024c2bcc191cddba93d0cb9579b86cc181465ba50cafd976aa99557c3747e2878b0c';

const AB = H(A + B);
const root = H(AB + C);
const proofA = [
  {depth: 1, left_leaf: A, right_leaf: B, successor: AB},
  {depth: 0, left_leaf: AB, right_leaf: C, successor: root},
];

test('the worked example passes the proof check', () => {
  checkMerkleProof(proofA, A, root);
  assert.equal(
    root,
    'e91644dd28f74c14e5ec9dcf0a5a8f8179b91b7db022047d3609d13ff75f663be053c4717580bccd7453fe8fbf78ea16ac955839edc1203cbc593086ef5372ce',
  );
});

test('checkMerkleProof rejects a consistent proof that ends at another root', () => {
  // A self-consistent path from A to a root of the forger's choice: the 2022 verifier accepted it.
  const D = H('forged sibling');
  const forged = [{depth: 0, left_leaf: A, right_leaf: D, successor: H(A + D)}];
  assert.throws(() => checkMerkleProof(forged, A, root), /does not end at merkle_root/);
});

test('checkMerkleProof rejects broken, foreign and empty proofs', () => {
  const wrongSuccessor = [proofA[0], {...proofA[1], successor: H(C + AB)}];
  assert.throws(() => checkMerkleProof(wrongSuccessor, A, root), /wrong successor/);
  assert.throws(() => checkMerkleProof(proofA, C, root), /not connected/);
  const gap = [proofA[0], {depth: 0, left_leaf: H('x'), right_leaf: C, successor: root}];
  assert.throws(() => checkMerkleProof(gap, A, root), /not connected/);
  assert.throws(() => checkMerkleProof([], A, root), /empty proof/);
  // An empty hash would match a node whose other side is empty: refused outright.
  assert.throws(() => checkMerkleProof([{left_leaf: '', right_leaf: C, successor: C}], '', C), /128-character/);
  assert.throws(() => checkMerkleProof(proofA, A.toUpperCase(), root), /128-character/);
});

test('checkMerkleProof accepts a node without a right leaf only when it passes the hash up', () => {
  const proofC = [
    {depth: 1, left_leaf: C, right_leaf: null, successor: C},
    {depth: 0, left_leaf: AB, right_leaf: C, successor: root},
  ];
  checkMerkleProof(proofC, C, root);
  const inflated = [{depth: 1, left_leaf: C, right_leaf: null, successor: H(C)}, proofC[1]];
  assert.throws(() => checkMerkleProof(inflated, C, root), /wrong successor/);
  // The passed-up hash on the right, or an empty text for the missing leaf: the extension writes neither.
  for (const node of [
    {depth: 1, left_leaf: null, right_leaf: C, successor: C},
    {depth: 1, left_leaf: '', right_leaf: C, successor: C},
    {depth: 1, left_leaf: C, right_leaf: '', successor: C},
    {depth: 1, left_leaf: C, successor: C},
  ]) {
    assert.throws(() => checkMerkleProof([node, proofC[1]], C, root), /not two leaves and a successor/);
  }
});

test('regression (audit): the proof of leaf C of the page example, passed up as right_leaf null, passes', () => {
  // SpecialWitness::storeMerkleTree stores a parent with one child as right_leaf => null, and
  // requestMerkleProof returns that row: the old script threw on it, so no page whose path crosses such a
  // node could be checked.
  const {root: extensionRoot, proofOf} = extensionSnapshot([A, B, C], {
    form: '2022',
    eventHash: H(snapshotGenesis + root),
  });
  assert.equal(extensionRoot, root);
  const proofC = proofOf(C);
  assert.deepEqual(
    proofC.map(({left_leaf, right_leaf, successor}) => [left_leaf, right_leaf, successor]),
    [
      [C, null, C],
      [AB, C, root],
    ],
  );
  checkMerkleProof(proofC, C, root);
  checkMerkleProof(proofOf(A), A, root);
});

test('regression (audit): a snapshot of one page has an empty proof, which passes only for merkle_root itself', () => {
  const {root: single, proofOf} = extensionSnapshot([A]);
  assert.equal(single, A);
  assert.deepEqual(proofOf(A), []);
  checkMerkleProof([], A, A);
  assert.throws(() => checkMerkleProof([], A, root), /empty proof/);
  assert.throws(() => checkMerkleProof({}, A, A), /not a list/);
});

test(`generated: every proof the extension exports passes, and fails for another root (seed ${seed})`, () => {
  const leaf = fc.uint8Array({minLength: 64, maxLength: 64}).map((b) => Buffer.from(b).toString('hex'));
  fc.assert(
    fc.property(
      fc.uniqueArray(leaf, {minLength: 1, maxLength: 40}),
      fc.constantFrom('2022', '2024'),
      fc.nat(),
      (leaves, form, pick) => {
        const {root: top, proofOf} = extensionSnapshot(leaves, {form, eventHash: H('the witness event')});
        const hash = leaves[pick % leaves.length];
        checkMerkleProof(proofOf(hash), hash, top);
        assert.throws(() => checkMerkleProof(proofOf(hash), hash, H(top)));
      },
    ),
    {seed, numRuns: runs(200)},
  );
});

// The throwaway key of the data-accounting page and its signature over revision 1.
const wallet = new Wallet(sha256(toUtf8Bytes('aqua-docs v1 example key')));
const signature = {
  signature:
    '0x140a919f538197dbf659e7dd6f7d44a01a00f8bc2680fc38c24de64c52dac3eb21e37f4435043f9e5fd00d56268ab74ef98ae86b53b0adfdb3c1df9b2d165f811b',
  public_key:
    '0x04acaac73721d6717f33613da9442e851bad9b1fc0d2c7e850a20d1c93989ce9a07c82fe4f5535d5065d95bd541be6d38beffcc000c5ba0827fd59af45c1184917',
  wallet_address: '0xed570089f741f9308f48f88b9bbeed3f7d02c24f',
};

test('checkSignature accepts the worked example, in either address case', () => {
  checkSignature(signature, vh1);
  checkSignature({...signature, wallet_address: wallet.address}, vh1);
});

test('checkSignature rejects a swapped public key that the address check alone lets through', () => {
  const other = Wallet.createRandom();
  const forged = {...signature, public_key: other.signingKey.publicKey};
  assert.throws(() => checkSignature(forged, vh1), /wrong public key/);
});

test('checkSignature rejects another signer, another hash and a malformed signature', async () => {
  const other = Wallet.createRandom();
  const message = `I sign the following page verification_hash: [0x${vh1}]`;
  const byOther = {...signature, signature: await other.signMessage(message)};
  assert.throws(() => checkSignature(byOther, vh1), /wrong signer/);
  assert.throws(() => checkSignature(signature, A), /wrong signer/);
  assert.throws(() => checkSignature({...signature, signature: '0x1234'}, vh1));
});

const witness = {
  domain_snapshot_genesis_hash: snapshotGenesis,
  merkle_root: root,
  witness_event_verification_hash: H(snapshotGenesis + root),
  witness_event_transaction_hash: '0x5914d15ebd0f57fd0a37c1ccbf24612c8088d05ccb240c2eae8b38f4791eebb4',
};
// A mined transaction: JSON-RPC gives blockNumber as a hex quantity, ethers as a number.
const tx = {
  hash: witness.witness_event_transaction_hash,
  blockNumber: '0x5e8f4c',
  to: WITNESS_CONTRACT,
  input: `0x9cef4ea1${witness.witness_event_verification_hash}`,
};

test('checkWitnessTx accepts the worked example and the ethers field name "data"', () => {
  assert.equal(
    witness.witness_event_verification_hash,
    '56aa445919a6f47094c9974e6965d692c9a1ac854b1495681f657451b40c2b94ed4bd8bed19133c3436902dedef4639a773c21944a35918d5335b167841013df',
  );
  checkWitnessTx(witness, tx);
  checkWitnessTx(witness, {hash: tx.hash, blockNumber: 6197068, to: tx.to.toLowerCase(), data: tx.input});
});

test('the witness data is the ABI call of write(bytes32[2]) with the two halves of the hash, as the page says', () => {
  // publishDomainSnapshot/index.js (a727443) sends '0x9cef4ea1' + the hash unchanged; the page says that this
  // is exactly the call of write(bytes32[2]) with the hash's two 32-byte halves. A split at another place, or
  // another signature, gives other data.
  const hash = witness.witness_event_verification_hash;
  const abi = new Interface(['function write(bytes32[2])']);
  assert.equal(abi.getFunction('write').selector, '0x9cef4ea1');
  assert.equal(abi.encodeFunctionData('write', [[`0x${hash.slice(0, 64)}`, `0x${hash.slice(64)}`]]), tx.input);
  assert.notEqual(abi.encodeFunctionData('write', [[`0x${hash.slice(64)}`, `0x${hash.slice(0, 64)}`]]), tx.input);
  assert.notEqual(new Interface(['function write(bytes)']).getFunction('write').selector, '0x9cef4ea1');
  const text = readFileSync(join(ROOT, PAGE), 'utf8');
  assert.match(text, /keccak-256 of `write\(bytes32\[2\]\)`/);
  assert.doesNotMatch(text, /publishing script splits/);
});

test('checkWitnessTx rejects a transaction that is not in a block (pending, so it proves no time)', () => {
  // A verifier that reads only the transaction would accept it (blind audit).
  assert.throws(() => checkWitnessTx(witness, {...tx, blockNumber: null}), /not in a block/);
  assert.throws(() => checkWitnessTx(witness, {hash: tx.hash, to: tx.to, input: tx.input}), /not in a block/);
});

test('checkWitnessTx rejects the right data sent to another contract', () => {
  const elsewhere = {...tx, to: '0x000000000000000000000000000000000000dEaD'};
  assert.throws(() => checkWitnessTx(witness, elsewhere), /not the witness contract/);
  assert.throws(() => checkWitnessTx(witness, {...tx, to: null}), /not the witness contract/);
});

test('checkWitnessTx rejects other data, trailing bytes, another tx and a tampered event hash', () => {
  const otherRoot = H('another root');
  const other = {...tx, input: `0x9cef4ea1${H(snapshotGenesis + otherRoot)}`};
  assert.throws(() => checkWitnessTx(witness, other), /wrong tx data/);
  // The 2022 verifier compared only the first 128 characters after the selector.
  assert.throws(() => checkWitnessTx(witness, {...tx, input: `${tx.input}00`}), /wrong tx data/);
  assert.throws(
    () => checkWitnessTx(witness, {...tx, input: `0x12345678${witness.witness_event_verification_hash}`}),
    /wrong tx data/,
  );
  assert.throws(() => checkWitnessTx(witness, {...tx, hash: `0x${'11'.repeat(32)}`}), /other tx/);
  const tampered = {...witness, merkle_root: otherRoot};
  assert.throws(() => checkWitnessTx(tampered, tx), /wrong witness event hash/);
});

// The three revisions of the worked chain as a 1.1 vault served them (get_revision): revision 1
// signed (sealed by revision 2), revision 2 witnessed (sealed by revision 3).
const chain = workedChain();
const copy = (x) => globalThis.structuredClone(x);
/** What a forger does after changing a revision: recompute the hashes it stores about itself. */
function reseal(r) {
  r.content.content_hash = contentHash(r.content.content);
  r.metadata.metadata_hash = metadataHash(r.metadata);
  r.signature.signature_hash = signatureHash(r.signature);
  if (r.witness) {
    r.witness.witness_hash = witnessHash(r.witness);
    r.witness.witness_event_verification_hash = H(r.witness.domain_snapshot_genesis_hash + r.witness.merkle_root);
  }
  return r;
}

test('checkChain accepts the worked chain and returns its verification hashes', () => {
  assert.deepEqual(checkChain(chain), {hashes: [vh1, A, vh3], notes: []});
  assert.equal(chain[1].witness.witness_event_verification_hash, witness.witness_event_verification_hash);
  checkMerkleProof(chain[1].witness.structured_merkle_proof, A, root);
});

test('regression (audit): witness_event_id as the number the extension exports since January 2022 passes', () => {
  // WitnessLookup casts it to int since 2a57bb9; the old script required a string and refused every
  // witnessed revision the pinned code exports. Exports from before carry a string of digits.
  assert.equal(chain[1].witness.witness_event_id, 1);
  checkChain(chain);
  const older = copy(chain);
  older[1].witness.witness_event_id = '1';
  checkChain(older);
  // It is in no hash, so only its form is checked: a positive integer, or its decimal digits as text.
  for (const id of [0, -1, 1.5, '01', '1 ', 'x', null, [1]]) {
    const forged = copy(chain);
    forged[1].witness.witness_event_id = id;
    assert.throws(() => checkChain(forged), /revision 1: a witness field that is in no hash/, String(id));
  }
});

test('regression (audit): the page shows revision 1 and the proofs with the slots and nodes the extension writes', () => {
  // The example once showed no transclusion-hashes slot, which the extension adds to every save with main text.
  const shown = JSON.parse(docBlock(PAGE, 'Revision 1 of the worked example (shortened)').body);
  assert.deepEqual(shown.content.content, chain[0].content.content);
  // The proofs of leaves A and C, hashes shortened to their first 12 and last 8 digits.
  const short = (h) => (h === null ? null : `${h.slice(0, 12)}…${h.slice(-8)}`);
  const {proofOf} = extensionSnapshot([A, B, C]);
  for (const [title, leaf] of [
    ['structured_merkle_proof of revision 2 (hashes shortened)', A],
    ['structured_merkle_proof of leaf C (hashes shortened)', C],
  ]) {
    assert.deepEqual(
      JSON.parse(docBlock(PAGE, title).body),
      proofOf(leaf).map((n) => ({
        depth: n.depth,
        left_leaf: short(n.left_leaf),
        right_leaf: short(n.right_leaf),
        successor: short(n.successor),
      })),
      title,
    );
  }
});

test('checkChain rejects reordered, spliced and rooted-elsewhere chains', () => {
  assert.throws(() => checkChain([chain[0], chain[2], chain[1]]), /does not name revision/);
  // A revision lifted from another page: it names someone else's hash.
  const foreign = copy(chain[2]);
  foreign.metadata.previous_verification_hash = B;
  assert.throws(() => checkChain([chain[0], chain[1], reseal(foreign)]), /revision 2/);
  // A "genesis" that still points at a predecessor: the chain was cut at the front.
  assert.throws(() => checkChain([chain[1], chain[2]]), /revision 0/);
});

test('checkChain rejects a dropped revision even when the stored verification_hash is rewritten', () => {
  // Drop revision 2 and let revision 1 claim revision 2's hash: a link check against the stored
  // field passes, and the 2022 verifier never read that field.
  const r1 = copy(chain[0]);
  r1.metadata.verification_hash = A;
  assert.equal(chain[2].metadata.previous_verification_hash, r1.metadata.verification_hash);
  assert.throws(() => checkChain([r1, chain[2]]), /revision 0: verification_hash does not recompute/);
});

test('checkChain rejects a new signer on a sealed signature, whatever the flags say', async () => {
  // The attack the 2022 verifier accepted: a valid signature by another key over the same hash,
  // and the next revision's has_previous_signature cleared.
  const other = Wallet.createRandom();
  const swapped = copy(chain);
  swapped[0].signature = {
    signature: await other.signMessage(`I sign the following page verification_hash: [0x${vh1}]`),
    public_key: other.signingKey.publicKey,
    wallet_address: other.address,
    signature_hash: chain[0].signature.signature_hash,
  };
  swapped[1].verification_context.has_previous_signature = false;
  checkSignature(swapped[0].signature, vh1); // the signature on its own is valid
  // The old signature_hash kept (what the 2022 verifier trusted): refused on the revision itself.
  assert.throws(() => checkChain(swapped), /revision 0: signature_hash does not recompute/);
  // The signature_hash recomputed too: the next revision's hash no longer recomputes.
  reseal(swapped[0]);
  assert.throws(() => checkChain(swapped), /revision 1: verification_hash does not recompute/);
  // Removing the sealed signature altogether is caught the same way.
  const removed = copy(chain);
  removed[0].signature = {signature: '', public_key: '', wallet_address: '', signature_hash: ''};
  assert.throws(() => checkChain(removed), /revision 1: verification_hash/);
});

test('checkChain rejects a changed sealed witness', () => {
  const moved = copy(chain);
  moved[1].witness.witness_network = 'mainnet';
  assert.throws(() => checkChain(moved), /revision 1: witness_hash does not recompute/);
  reseal(moved[1]);
  assert.throws(() => checkChain(moved), /revision 2: verification_hash/);
});

// A real splice: two unsigned 1.1 chains, each revision recomputes on its own (what the 2022
// verifier checked), but the second revision of one chain is put after the genesis of the other.
const page = (texts, day) =>
  writeChain(texts.map((main, i) => ({domainId: '5a1b9c3e7d', timeStamp: `202201${day + i}093000`, main})));
const recomputesAlone = (r) =>
  r.content.content_hash === H(r.content.content.main) &&
  r.metadata.metadata_hash ===
    H(r.metadata.domain_id + r.metadata.time_stamp + r.metadata.previous_verification_hash) &&
  r.metadata.verification_hash === H(r.content.content_hash + r.metadata.metadata_hash);

test('checkChain rejects a splice of two chains whose revisions each recompute on their own', () => {
  const [x1, x2] = page(['Contract, first draft.', 'Contract, signed version.'], 10);
  const [, y2] = page(['Contract, forged draft.', 'Contract, forged version.'], 12);
  checkChain([x1, x2]);
  const spliced = [x1, y2];
  assert.ok(spliced.every(recomputesAlone), 'each revision passes the per-revision recomputation');
  assert.throws(() => checkChain(spliced), /revision 1: previous_verification_hash does not name revision 0/);
});

test('aqua-verifier-rs sample.json is a 1.2 chain, not a 1.1 one: checkChain refuses it', () => {
  const {pages} = JSON.parse(readFileSync(join(ROOT, 'tests/content/fixtures/chains/aqua-1.2-logo-erp.json'), 'utf8'));
  const revisions = Object.values(pages[0].revisions);
  assert.throws(() => checkChain(revisions), /revision 0: not a 1.1 revision/);
  // Its parts are not those of a 1.1 revision (no verification_context, no main slot, a domain_id
  // "kenn"), and its second hash takes that revision's own signature: the 1.2 rule, not the 1.1 one.
  const [first, second] = revisions;
  const revision = {slots: second.content.content, ...second.metadata, ...second.signature};
  assert.equal(verificationHash12(revision), second.metadata.verification_hash);
  assert.notEqual(verificationHash11(revision, {...first.signature, witness: null}), second.metadata.verification_hash);
});

test('regressions (blind audit): a stripped signature, a moved amount, a shifted time stamp and a forged file', () => {
  // The signature moved into public_key: H(signature + public_key) is unchanged, the revision looks unsigned.
  const stripped = copy(chain);
  stripped[0].signature.public_key = stripped[0].signature.signature + stripped[0].signature.public_key;
  stripped[0].signature.signature = '';
  assert.throws(() => checkChain(stripped), /revision 0: signature and public_key are not both empty or both in/);
  // "pay 100 EUR." told as "pay 10" plus a new slot "0 EUR.".
  const moved = copy(chain);
  moved[2].content.content = {main: WORKED.text3.slice(0, -3), zz: WORKED.text3.slice(-3)};
  assert.throws(() => checkChain(moved), /revision 2: the slots are not main plus some of/);
  const shifted = copy(chain);
  shifted[1].metadata.domain_id += '2';
  shifted[1].metadata.time_stamp = shifted[1].metadata.time_stamp.slice(1);
  assert.throws(() => checkChain(shifted), /revision 1: domain_id is not in its form/);
  assert.throws(() => checkChain([]), /no revisions/);

  // A file page: the file's bytes are checked against the file_hash slot.
  const filePage = writeChain([
    {domainId: '5a1b9c3e7d', timeStamp: '20220110093000', main: 'A file page.', file: Buffer.from('file bytes')},
  ]);
  checkChain(filePage);
  const forgedFile = copy(filePage);
  forgedFile[0].content.file.data = Buffer.from('File bytes').toString('base64');
  assert.throws(() => checkChain(forgedFile), /revision 0: file_hash does not match the file/);
});

// Counter-examples the generated properties of v1-joined-hashes.test.mjs found in the script as
// commit 1245666 published it (FUZZ_AGAINST=1245666, the gate seed first, then FUZZ_SURVEY=1 for
// every class), each kept as it was shrunk or as the smallest case of its class.
const SHRUNK_DOMAIN = '0000000000';
const shrunk = (slots) => writeChain([{domainId: SHRUNK_DOMAIN, timeStamp: '20210101000000', ...slots}]);
const mergeChain = () =>
  writeChain([{domainId: SHRUNK_DOMAIN, timeStamp: '20210101000000', main: '', mergeHash: true}]);
/** Adds an own data property, even one named __proto__. */
const put = (record, key, value) =>
  Object.defineProperty(record, key, {value, enumerable: true, writable: true, configurable: true});

test('regression: an empty transclusion-hashes slot passes, as in the 2022 example', () => {
  // Shrunk by the genuine-chain property: main '' and transclusion-hashes '' (the old script refused it).
  checkChain(shrunk({main: '', transclusions: []}));
  const example = JSON.parse(readFileSync(join(ROOT, 'tests/content/fixtures/chains/aqua-1.1-aqua-page.json'), 'utf8'));
  assert.equal(example[0].content.content['transclusion-hashes'], '');
  assert.deepEqual(checkChain(example), {hashes: example.map((r) => r.metadata.verification_hash), notes: []});
});

test('regression (audit): a page whose text is "0" has no transclusion slot and the digest of "0"', () => {
  // AddTransclusionHashesOnSave (a727443) adds the slot only to text PHP counts as true, which "0" is not;
  // Hasher::getHashSum hashes every text but '' (PHP's "0" == '' is false), with no blank-page value in 1.1.
  const zero = shrunk({main: '0'});
  assert.deepEqual(zero[0].content.content, {main: '0'});
  assert.equal(zero[0].content.content_hash, H('0'));
  assert.deepEqual(checkChain(zero).hashes, [zero[0].metadata.verification_hash]);
  // The fixed value the 2024 code stores for a blank page is not a 1.1 content hash, for "0" or for ''.
  const blank = createHash('sha3-512').update('').digest('hex').slice(0, 96);
  const later = copy(zero);
  later[0].content.content_hash = blank;
  assert.throws(() => checkChain(later), /revision 0: content_hash does not recompute/);
  const empty = shrunk({main: ''});
  assert.equal(empty[0].content.content_hash, '');
  checkChain(empty);
  empty[0].content.content_hash = blank;
  assert.throws(() => checkChain(empty), /revision 0: content_hash does not recompute/);
});

test('regression: a slot that disappears into its neighbour, or text that moves between main and a slot', () => {
  // Shrunk by the re-division property: an empty main absorbed into transclusion-hashes.
  const list = [{dbkey: 'A', ns: 0, verification_hash: null}];
  const dropped = shrunk({main: '', transclusions: list});
  delete dropped[0].content.content.main;
  assert.throws(() => checkChain(dropped), /revision 0: the slots are not main plus/);
  // The shift the page once left open: the list moved out of its slot into main.
  const moved = shrunk({main: 'Text', transclusions: list});
  moved[0].content.content = {main: `Text${phpJsonEncode(list)}`};
  assert.throws(() => checkChain(moved), /revision 0: main ends with a list of transclusions/);
  const signers = [{user: '0xa2026582b94feb9124231fbf7b052c39218954c2', timestamp: '20220116090439'}];
  const unsigned = shrunk({main: 'Text', signers});
  unsigned[0].content.content = {main: `Text${signatureSlotText(signers)}`};
  assert.throws(() => checkChain(unsigned), /revision 0: main ends with a list of signers/);
});

test('regression: a file_hash folded into main with the file dropped, or split off the start of main', () => {
  const filePage = writeChain([
    {domainId: '5a1b9c3e7d', timeStamp: '20220110093000', main: 'A.', file: Buffer.from('x')},
  ]);
  const folded = copy(filePage);
  folded[0].content.content = {main: folded[0].content.content.file_hash + 'A.'};
  delete folded[0].content.file;
  assert.throws(() => checkChain(folded), /revision 0: main begins with 128 hex digits/);
  // A text page whose text begins with a hash cannot be told from a file page: refused, even genuine.
  const textPage = shrunk({main: H('x') + 'A.'});
  assert.throws(() => checkChain(textPage), /revision 0: main begins with 128 hex digits/);
  // Split off as a file_hash slot without bytes, it reads as an older revision of a file page, which the
  // extension exports in just that form: it passes, and the note says that no hash tells the two apart.
  const split = copy(textPage);
  split[0].content.content = {file_hash: H('x'), main: 'A.'};
  const {notes} = checkChain(split);
  assert.equal(notes.length, 1);
  assert.ok(notes[0].startsWith(`revision 0: file_hash ${H('x').slice(0, 8)}… is checked against no bytes`));
  assert.match(notes[0], /no hash tells it from a text beginning with that hash/);
});

test('regression (audit): a file page whose older revisions come without bytes passes, with a note for each', () => {
  // TransferEntityFactory exports a file's bytes only when getFileForVerificationEntity finds a version for
  // the revision (the current file for the current revision, a replaced version, with its archivename, for
  // an older one). The old script refused every other revision of a file page.
  const revisions = filePageChain();
  assert.deepEqual(
    revisions.map((r) => Object.keys(r.content.file ?? {}).join()),
    ['data,filename,size,comment,archivename', '', '', 'data,filename,size,comment'],
  );
  const {hashes, notes} = checkChain(revisions);
  assert.deepEqual(
    hashes,
    revisions.map((r) => r.metadata.verification_hash),
  );
  assert.deepEqual(
    notes.map((n) => n.split(':')[0]),
    ['revision 1', 'revision 2'],
  );
  for (const [n, at] of [
    [notes[0], 1],
    [notes[1], 2],
  ]) {
    assert.ok(n.includes(`file_hash ${revisions[at].content.content.file_hash.slice(0, 8)}`), n);
    assert.match(n, /checked against no bytes.*SHA3-512 of the version of the file you hold/);
  }
  // Bytes that are there are checked, an archivename included; a file needs its file_hash slot.
  const forged = copy(revisions);
  forged[0].content.file.data = Buffer.from('another file').toString('base64');
  forged[0].content.file.size = 12;
  assert.throws(() => checkChain(forged), /revision 0: file_hash does not match the file/);
  const archived = copy(revisions);
  archived[0].content.file.archivename = 20220114090000;
  assert.throws(() => checkChain(archived), /revision 0: file is not in its form/);
  // A replaced version the vault could not read is exported as its archivename alone: no bytes, and a note.
  const unread = copy(revisions);
  unread[0].content.file = {archivename: revisions[0].content.file.archivename};
  const unreadNotes = checkChain(unread).notes;
  assert.deepEqual(
    unreadNotes.map((n) => n.split(':')[0]),
    ['revision 0', 'revision 1', 'revision 2'],
  );
  unread[0].content.file.archivename = 20220114090000;
  assert.throws(() => checkChain(unread), /revision 0: file is not in its form/);
  const orphan = copy(revisions);
  delete orphan[3].content.content.file_hash;
  assert.throws(() => checkChain(orphan), /revision 3: a file needs a file_hash slot/);
  // An empty file_hash (a file page saved while its file could not be read) joins the text of no slot.
  const empty = shrunk({main: 'A.'});
  empty[0].content.content = {file_hash: '', main: 'A.'};
  assert.throws(() => checkChain(empty), /revision 0: slot file_hash is not in its form/);
});

test('regression: keys named like Object.prototype members are unknown keys', () => {
  // Shrunk by the key property: a slot "constructor" holding '' (it sorts before main).
  const base = shrunk({main: 'Aqua makes data accountable.'});
  const constructorSlot = copy(base);
  put(constructorSlot[0].content.content, 'constructor', '');
  assert.throws(() => checkChain(constructorSlot), /revision 0: the slots are not main plus/);
  // The audit's cases: the end of main moved into a slot that sorts after it.
  for (const key of ['valueOf', 'toString', 'toLocaleString']) {
    const forged = copy(base);
    forged[0].content.content = {main: 'Aqua makes data ', [key]: 'accountable.'};
    assert.throws(() => checkChain(forged), /revision 0: the slots are not main plus/, key);
  }
  // Every other part reads only its own keys too.
  for (const [part, key] of [
    [(r) => r.metadata, 'toString'],
    [(r) => r.signature, 'valueOf'],
    [(r) => r.content, '__defineGetter__'],
    [(r) => r.verification_context, '__proto__'],
    [(r) => r, 'hasOwnProperty'],
    [(r) => r.witness, 'isPrototypeOf'],
  ]) {
    const forged = copy(chain);
    put(part(forged[1]), key, '');
    assert.throws(() => checkChain(forged), /revision 1: /, key);
  }
});

test('regression: another JSON type with the same text, or a missing key read as empty', () => {
  // Shrunk by the type property: merge_hash added as [''] (its text is '', like no merge_hash).
  const added = mergeChain();
  delete added[0].metadata.merge_hash;
  added[0].metadata.merge_hash = [''];
  assert.throws(() => checkChain(added), /revision 0: merge_hash is not in its form/);
  for (const value of [null, [], ['']]) {
    const forged = mergeChain();
    forged[0].metadata.merge_hash = value;
    assert.throws(() => checkChain(forged), /revision 0: merge_hash is not in its form/);
  }
  // An unsigned revision whose signature is null, or whose signature key is missing.
  const nullSignature = copy(chain);
  nullSignature[1].signature.signature = null;
  nullSignature[1].signature.public_key = null;
  assert.throws(() => checkChain(nullSignature), /revision 1: signature and public_key are not both empty/);
  const missing = copy(chain);
  delete missing[1].signature.signature;
  assert.throws(() => checkChain(missing), /revision 1: signature is not signature, public_key/);
  const numeric = copy(chain);
  numeric[1].metadata.time_stamp = Number(numeric[1].metadata.time_stamp);
  assert.throws(() => checkChain(numeric), /revision 1: time_stamp is not in its form/);
});

test('a lone surrogate in main, which SHA3 over UTF-8 hashes like U+FFFD, and a hole in the list are refused', () => {
  // Found in review, not by the properties: two different texts with the same bytes.
  const genuine = shrunk({main: 'Price: \ufffd'});
  checkChain(genuine);
  const forged = copy(genuine);
  forged[0].content.content.main = 'Price: \ud800';
  assert.equal(contentHash(forged[0].content.content), genuine[0].content.content_hash);
  assert.throws(() => checkChain(forged), /revision 0: slot main is not in its form/);
  // A sparse list skips no revision: the hole is read as a revision that is not one.
  const sparse = [chain[0], chain[1], chain[2]];
  delete sparse[1];
  assert.throws(() => checkChain(sparse), /revision 1: not a 1.1 revision/);
});

// Blind audit: the content hash joins the slots' texts without their names (Hasher::calculateContentHash at
// a7274438), so a list at the end of main and the same list in a slot give the same hash. checkChain refused only
// the reading with the list in main; the reading with the list in the slot passed, so a genuine revision could be
// turned into one that shows a signer or a transclusion that the extension never wrote.
const slotKey = new Wallet(sha256(toUtf8Bytes('aqua-docs v1 signature-slot key')));
const signedBy = (key, hash) => ({
  signature: key.signingKey.sign(hashMessage(`I sign the following page verification_hash: [0x${hash}]`)).serialized,
  public_key: key.signingKey.publicKey,
  wallet_address: key.address.toLowerCase(),
});
/** Writes the chain with revision `at` signed by `key` over its own verification hash (sealed by the next one). */
function signedChain(specs, at, key = slotKey) {
  const hash = writeChain(specs)[at].metadata.verification_hash;
  return writeChain(specs.map((spec, i) => (i === at ? {...spec, signature: signedBy(key, hash)} : spec)));
}
const rev = (timeStamp, main, more = {}) => ({domainId: '5a1b9c3e7d', timeStamp, main, transclusions: [], ...more});
const signerList = (timestamp, key = slotKey) => signatureSlotText([{user: key.address.toLowerCase(), timestamp}]);

test('regression (blind audit): a signer list moved from the end of main into a signature-slot is refused', () => {
  // Revision 1 is signed; on a vault with InjectSignature off the owner then types the signer list into the text.
  const L = signerList('20220301100000');
  const genuine = signedChain([rev('20220301090000', 'My notes:'), rev('20220301101500', `My notes:\n${L}`)], 0);
  assert.throws(() => checkChain(genuine), /revision 1: main ends with a list of signers/);
  const forged = copy(genuine);
  forged[1].content.content = {main: 'My notes:\n', 'signature-slot': L, 'transclusion-hashes': ''};
  assert.equal(contentHash(forged[1].content.content), genuine[1].content.content_hash);
  assert.throws(() => checkChain(forged), /revision 1: signature-slot is neither carried over nor added/);
  // The same on a first revision, which no signature precedes.
  const [first] = writeChain([rev('20220301090000', `My notes:\n${L}`)]);
  assert.throws(() => checkChain([first]), /revision 0: main ends with a list of signers/);
  const forgedFirst = copy(first);
  forgedFirst.content.content = {main: 'My notes:\n', 'signature-slot': L, 'transclusion-hashes': ''};
  assert.equal(contentHash(forgedFirst.content.content), first.content.content_hash);
  assert.throws(() => checkChain([forgedFirst]), /revision 0: signature-slot is neither carried over nor added/);
});

test('regression (blind audit): a signature-slot passes only where the chain shows the extension writing it', () => {
  // storeSignature (a7274438): right after the signature, a revision with main and transclusion-hashes carried
  // over and the signer added with the time of that save; later revisions carry the slot unchanged.
  const specs = [
    rev('20220301090000', 'My notes:'),
    rev('20220301100000', 'My notes:', {signers: [{user: slotKey.address.toLowerCase(), timestamp: '20220301100000'}]}),
    rev('20220301120000', 'My notes: more.', {
      signers: [{user: slotKey.address.toLowerCase(), timestamp: '20220301100000'}],
    }),
  ];
  const injected = signedChain(specs, 0);
  assert.equal(checkChain(injected).hashes.length, 3);
  const refused = (change, pattern) => {
    const s = globalThis.structuredClone(specs);
    change(s);
    assert.throws(() => checkChain(signedChain(s, 0)), pattern);
  };
  const neither = /signature-slot is neither carried over nor added/;
  // Another signer than the one who signed revision 0, another time, main changed in the same revision.
  const other = Wallet.createRandom();
  refused((s) => (s[1].signers[0].user = other.address.toLowerCase()), /revision 1: .*neither/);
  refused((s) => (s[1].signers[0].timestamp = '20220301095959'), /revision 1: .*neither/);
  refused((s) => (s[1].main = 'My notes: changed.'), /revision 1: .*neither/);
  // An empty transclusion-hashes slot and none mean the same: the injected revision may have either.
  checkChain(
    signedChain(
      specs.map((spec, i) => (i === 1 ? {...spec, transclusions: undefined} : spec)),
      0,
    ),
  );
  // A later revision that changes the list instead of carrying it over.
  refused((s) => (s[2].signers = [{user: other.address.toLowerCase(), timestamp: '20220301100000'}]), neither);
  // No signature on revision 0: nothing to inject.
  assert.throws(() => checkChain(writeChain(specs)), /revision 1: signature-slot is neither/);
  // A second signature adds a second entry to the list the signed revision carries.
  const twice = [
    ...specs.slice(0, 2),
    rev('20220301110000', 'My notes:', {
      signers: [
        {user: slotKey.address.toLowerCase(), timestamp: '20220301100000'},
        {user: other.address.toLowerCase(), timestamp: '20220301110000'},
      ],
    }),
  ];
  const first = signedChain(twice, 0);
  const secondSigned = signedChain(
    twice.map((spec, i) => (i === 0 ? {...spec, signature: first[0].signature} : spec)),
    1,
    other,
  );
  assert.equal(checkChain(secondSigned).hashes.length, 3);
});

test('regression (blind audit): a transclusion list moved from the end of main into its slot is refused', () => {
  const list = [{dbkey: 'Price_list', ns: 0, verification_hash: null}];
  const T = phpJsonEncode(list);
  const [genuine] = writeChain([rev('20220301090000', `Pages: ${T}`)]);
  assert.throws(() => checkChain([genuine]), /revision 0: main ends with a list of transclusions/);
  const forged = copy(genuine);
  forged.content.content = {main: 'Pages: ', 'transclusion-hashes': T};
  assert.equal(contentHash(forged.content.content), genuine.content.content_hash);
  assert.throws(() => checkChain([forged]), /revision 0: transclusion-hashes lists pages main names with no link/);
  // A list the parser could have found in main passes: main links the listed page.
  checkChain(writeChain([rev('20220301090000', 'See [[Price list]].', {transclusions: list})]));
  assert.throws(
    () => checkChain(writeChain([rev('20220301090000', 'See [[Other page]].', {transclusions: list})])),
    /transclusion-hashes lists pages/,
  );
});

test('regression (blind audit): every genuine reference chain still passes, the 2022 example first', () => {
  const chains = referenceChains();
  assert.ok(chains.some((c) => c.name.startsWith('the 2022 example')));
  for (const {name, revisions} of chains) {
    assert.deepEqual(
      checkChain(revisions).hashes,
      revisions.map((r) => r.metadata.verification_hash),
      name,
    );
  }
  // The 2022 example: revision 1 is the one storeSignature injected, revision 2 carries its slot and transcludes.
  const example = chains.find((c) => c.name.startsWith('the 2022 example')).revisions;
  assert.deepEqual(
    example.map((r) => Object.keys(r.content.content).join()),
    ['main,transclusion-hashes', 'main,signature-slot,transclusion-hashes', 'main,signature-slot,transclusion-hashes'],
  );
  // Its signer list folded back into main is refused.
  const folded = copy(example);
  const {main, 'signature-slot': list} = folded[1].content.content;
  folded[1].content.content = {main: main + list, 'transclusion-hashes': ''};
  assert.throws(() => checkChain(folded), /revision 1: main ends with a list of signers/);
});

test('regression (audit): proof nodes of both 2022 export shapes pass (16 January: no ids, depth "4")', () => {
  // aqua-docs@738f25c Aqua_Protocol.md (16 January 2022): depth a string, no id, no witness_event_id, and the
  // event id a string. From mediawiki-extensions-Aqua@2a57bb9 (19 January) on: id and witness_event_id 0, depth a
  // number, the event id a number.
  const example = JSON.parse(readFileSync(join(ROOT, 'tests/content/fixtures/chains/aqua-1.1-aqua-page.json'), 'utf8'));
  const w = example[0].witness;
  assert.equal(w.witness_event_id, '2');
  assert.deepEqual(Object.keys(w.structured_merkle_proof[0]), [
    'witness_event_verification_hash',
    'depth',
    'left_leaf',
    'right_leaf',
    'successor',
  ]);
  assert.equal(w.structured_merkle_proof[0].depth, '4');
  const {hashes} = checkChain(example);
  checkMerkleProof(w.structured_merkle_proof, hashes[0], w.merkle_root);
  assert.deepEqual(
    WORKED.proof.map((n) => [n.id, n.witness_event_id, typeof n.depth]),
    [
      [0, 0, 'number'],
      [0, 0, 'number'],
    ],
  );
  checkMerkleProof(WORKED.proof, A, root);
  const text = readFileSync(join(ROOT, PAGE), 'utf8');
  assert.match(text, /2a57bb9/);
  assert.match(text, /`"4"`/);
});

test('regression (audit): checkWitnessTx takes the contract the vault was configured with', () => {
  // publishDomainSnapshot/index.js (a7274438) sends to parsed.smart_contract_address, the SmartContractAddress
  // setting; extension.json only sets its default, which is WITNESS_CONTRACT.
  const configured = '0x1111111111111111111111111111111111111111';
  const elsewhere = {...tx, to: configured};
  checkWitnessTx(witness, elsewhere, configured);
  checkWitnessTx(witness, tx, WITNESS_CONTRACT.toLowerCase());
  assert.throws(() => checkWitnessTx(witness, elsewhere), /not the witness contract/);
  assert.throws(() => checkWitnessTx(witness, tx, configured), /not the witness contract/);
  assert.throws(() => checkWitnessTx(witness, tx, 'goerli'), /contract is not an address/);
});

test('regression (audit): a domain snapshot page, which gets no transclusion-hashes slot, passes', () => {
  // AddTransclusionHashesOnSave::onDASaveRevisionAddSlots returns first for namespace 6942.
  const snapshot = writeChain([{domainId: '5a1b9c3e7d', timeStamp: '20220301090000', main: 'Page A: 6b99…'}]);
  assert.deepEqual(Object.keys(snapshot[0].content.content), ['main']);
  checkChain(snapshot);
  assert.match(readFileSync(join(ROOT, PAGE), 'utf8'), /\(namespace 6942\), which get no `transclusion-hashes` slot/);
});
