// The v1 whitepaper's "verify-gaps-1.1.mjs" closes five checks the February 2022 verifier skipped.
// Each test below feeds it the worked example of the v1 pages (which must pass) and then a forgery
// that the 2022 verifier would have accepted (which must be rejected).
import assert from 'node:assert/strict';
import {Buffer} from 'node:buffer';
import {createHash} from 'node:crypto';
import {test} from 'node:test';
import {Wallet, sha256, toUtf8Bytes} from 'ethers';
import fc from 'fast-check';
import {runs, seed} from '../../scripts/lib/fuzz.mjs';
import {importDocBlock} from './doc-blocks.mjs';

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

test('checkMerkleProof accepts a node with one empty side only when it passes the hash up', () => {
  const proofC = [
    {depth: 1, left_leaf: C, right_leaf: '', successor: C},
    {depth: 0, left_leaf: AB, right_leaf: C, successor: root},
  ];
  checkMerkleProof(proofC, C, root);
  const inflated = [{depth: 1, left_leaf: C, right_leaf: '', successor: H(C)}, proofC[1]];
  assert.throws(() => checkMerkleProof(inflated, C, root), /wrong successor/);
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

// The three revisions of the worked chain as a 1.1 vault exports them: revision 1 signed (sealed by
// revision 2), revision 2 witnessed (sealed by revision 3).
const full = (text, timeStamp, previous, vh, extra = {}) => ({
  verification_context: {has_previous_signature: false, has_previous_witness: false},
  content: {content: {main: text}},
  metadata: {
    domain_id: '5a1b9c3e7d',
    time_stamp: timeStamp,
    previous_verification_hash: previous,
    verification_hash: vh,
  },
  signature: {signature: '', public_key: '', wallet_address: '', signature_hash: ''},
  witness: null,
  ...extra,
});
const text1 = 'Aqua makes data accountable.';
const text2 = `${text1} Every edit becomes a new revision.`;
const text3 = `${text2} Witnessed.`;
const chain = [
  full(text1, '20220110093000', '', vh1, {
    signature: {...signature, signature_hash: H(signature.signature + signature.public_key)},
  }),
  full(text2, '20220110101500', vh1, A, {
    verification_context: {has_previous_signature: true, has_previous_witness: false},
    witness: {
      ...witness,
      witness_network: 'goerli',
      witness_hash: H(snapshotGenesis + root + 'goerli' + witness.witness_event_transaction_hash),
    },
  }),
  full(text3, '20220110120000', A, vh3, {
    verification_context: {has_previous_signature: false, has_previous_witness: true},
  }),
];
const copy = (x) => globalThis.structuredClone(x);

test('checkChain accepts the worked chain', () => {
  checkChain(chain);
});

test('checkChain rejects reordered, spliced and rooted-elsewhere chains', () => {
  assert.throws(() => checkChain([chain[0], chain[2], chain[1]]), /does not name revision/);
  // A revision lifted from another page: it names someone else's hash.
  const foreign = copy(chain[2]);
  foreign.metadata.previous_verification_hash = B;
  assert.throws(() => checkChain([chain[0], chain[1], foreign]), /revision 2/);
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
  // the old signature_hash kept, and the next revision's has_previous_signature cleared.
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
  assert.throws(() => checkChain(swapped), /revision 1: verification_hash does not recompute/);
  // Removing the sealed signature altogether is caught the same way.
  const removed = copy(chain);
  removed[0].signature = {signature: '', public_key: '', wallet_address: '', signature_hash: ''};
  assert.throws(() => checkChain(removed), /revision 1: verification_hash/);
});

test('checkChain rejects a changed sealed witness', () => {
  const moved = copy(chain);
  moved[1].witness.witness_network = 'mainnet';
  assert.throws(() => checkChain(moved), /revision 2: verification_hash/);
});

// A real splice: two unsigned 1.1 chains, each revision recomputes on its own (what the 2022
// verifier checked), but the second revision of one chain is put after the genesis of the other.
function revision1_1(domainId, timeStamp, text, previous) {
  const contentHash = H(text);
  const metadataHash = H(domainId + timeStamp + previous);
  return {
    content: {content: {main: text}, content_hash: contentHash},
    metadata: {
      domain_id: domainId,
      time_stamp: timeStamp,
      previous_verification_hash: previous,
      metadata_hash: metadataHash,
      verification_hash: H(contentHash + metadataHash),
    },
  };
}
const recomputesAlone = (r) =>
  r.content.content_hash === H(r.content.content.main) &&
  r.metadata.metadata_hash ===
    H(r.metadata.domain_id + r.metadata.time_stamp + r.metadata.previous_verification_hash) &&
  r.metadata.verification_hash === H(r.content.content_hash + r.metadata.metadata_hash);

test('checkChain rejects a splice of two chains whose revisions each recompute on their own', () => {
  const x1 = revision1_1('5a1b9c3e7d', '20220110093000', 'Contract, first draft.', '');
  const x2 = revision1_1('5a1b9c3e7d', '20220111093000', 'Contract, signed version.', x1.metadata.verification_hash);
  const y1 = revision1_1('5a1b9c3e7d', '20220112093000', 'Contract, forged draft.', '');
  const y2 = revision1_1('5a1b9c3e7d', '20220113093000', 'Contract, forged version.', y1.metadata.verification_hash);
  checkChain([x1, x2]);
  const spliced = [x1, y2];
  assert.ok(spliced.every(recomputesAlone), 'each revision passes the per-revision recomputation');
  assert.throws(() => checkChain(spliced), /revision 1: previous_verification_hash does not name revision 0/);
});

// The guarantee the page states for checkChain, checked against generated forgeries: nothing
// stored is trusted, and a chain passes only as it was sealed. The 1.1 hashes join fields with
// nothing between them, so the forger's tools here change no hash at all: text moved across the
// border of two fields that are joined in one hash, and values that keep their text form but
// change their type. Every such change must be refused.
const numRuns = runs(300);
/** Pairs of fields that one hash joins, the first's text directly before the second's. */
const BORDERS = [
  [(r) => r.metadata, 'domain_id', (r) => r.metadata, 'time_stamp'],
  [(r) => r.signature, 'signature', (r) => r.signature, 'public_key'],
  [(r) => r.content.content, 'main', (r) => r.content.content, 'signature-slot'],
  [(r) => r.content.content, 'main', (r) => r.content.content, 'zz'],
  [(r) => r.witness, 'domain_snapshot_genesis_hash', (r) => r.witness, 'merkle_root'],
  [(r) => r.witness, 'witness_network', (r) => r.witness, 'witness_event_transaction_hash'],
];

test(`generated: text moved across the border of two joined fields is refused (seed ${seed})`, () => {
  fc.assert(
    fc.property(
      fc.nat(chain.length - 1),
      fc.nat(BORDERS.length - 1),
      fc.integer({min: -140, max: 140}),
      (at, b, shift) => {
        const [ofLeft, left, ofRight, right] = BORDERS[b];
        const forged = copy(chain);
        const rev = forged[at];
        if (!ofLeft(rev) || !ofRight(rev)) return; // this revision has no such fields
        const joined = (ofLeft(rev)[left] ?? '') + (ofRight(rev)[right] ?? '');
        const cut = (ofLeft(rev)[left] ?? '').length - shift;
        if (shift === 0 || cut < 0 || cut > joined.length) return;
        ofLeft(rev)[left] = joined.slice(0, cut);
        ofRight(rev)[right] = joined.slice(cut);
        assert.throws(() => checkChain(forged), /revision \d+: /);
      },
    ),
    {seed, numRuns},
  );
});

/** Values with the same text form as `value` and another type. */
const sameText = (value) =>
  [Number(value), [value], [[value]], {toString: () => value}].filter((v) => `${v}` === value);
const TYPED = [
  (r) => [r.metadata, 'domain_id'],
  (r) => [r.metadata, 'time_stamp'],
  (r) => [r.content.content, 'main'],
  (r) => [r.signature, 'signature'],
  (r) => [r.signature, 'public_key'],
  (r) => [r.witness, 'merkle_root'],
  (r) => [r.witness, 'witness_network'],
];

test(`generated: a value of another type with the same text form is refused (seed ${seed})`, () => {
  fc.assert(
    fc.property(fc.nat(chain.length - 1), fc.nat(TYPED.length - 1), fc.nat(3), (at, f, pick) => {
      const forged = copy(chain);
      const [holder, field] = TYPED[f](forged[at]);
      if (!holder || typeof holder[field] !== 'string' || holder[field] === '') return;
      const options = sameText(holder[field]);
      holder[field] = options[pick % options.length];
      assert.throws(() => checkChain(forged), /revision \d+: /);
    }),
    {seed, numRuns},
  );
});

test('regressions (blind audit): a stripped signature, a moved amount, a shifted time stamp and a forged file', () => {
  // The signature moved into public_key: H(signature + public_key) is unchanged, the revision looks unsigned.
  const stripped = copy(chain);
  stripped[0].signature.public_key = stripped[0].signature.signature + stripped[0].signature.public_key;
  stripped[0].signature.signature = '';
  assert.throws(() => checkChain(stripped), /revision 0: signature or public_key is not in its form/);
  // "pay 100 EUR." told as "pay 10" plus a new slot "0 EUR.".
  const moved = copy(chain);
  moved[2].content.content = {main: text3.slice(0, -3), zz: text3.slice(-3)};
  assert.throws(() => checkChain(moved), /revision 2: slot zz is unknown/);
  const shifted = copy(chain);
  shifted[1].metadata.domain_id += '2';
  shifted[1].metadata.time_stamp = shifted[1].metadata.time_stamp.slice(1);
  assert.throws(() => checkChain(shifted), /revision 1: domain_id is not in its form/);
  assert.throws(() => checkChain([]), /no revisions/);

  // A file page: the file's bytes are checked against the file_hash slot.
  const bytes = Buffer.from('file bytes');
  const slots = {file_hash: H(bytes), main: 'A file page.'};
  const contentHash = H(slots.file_hash + slots.main);
  const metadataHash = H('5a1b9c3e7d' + '20220110093000');
  const filePage = {
    content: {content: slots, file: {data: bytes.toString('base64')}},
    metadata: {
      domain_id: '5a1b9c3e7d',
      time_stamp: '20220110093000',
      previous_verification_hash: '',
      verification_hash: H(contentHash + metadataHash),
    },
  };
  checkChain([filePage]);
  const forgedFile = copy(filePage);
  forgedFile.content.file.data = Buffer.from('other bytes').toString('base64');
  assert.throws(() => checkChain([forgedFile]), /revision 0: file_hash does not match the file/);
});
