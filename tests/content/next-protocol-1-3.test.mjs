// The 1.3 check that docs/protocol/aqua-protocol-version_1.3.md hands to readers, run against the
// page's own worked example (read from its hash-example blocks) and against forgeries, including the
// ones the November 2024 verifier lets through (extra leaves, dropped revisions, proofs that end
// elsewhere) and the link revisions it wrongly rejects.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';
import {HDNodeWallet, Wallet} from 'ethers';
import fc from 'fast-check';
import {runs, seed} from '../../scripts/lib/fuzz.mjs';
import {ROOT, docBlock, importDocBlock} from './doc-blocks.mjs';

const PAGE = 'docs/protocol/aqua-protocol-version_1.3.md';
const {checkFile, leavesOf, merkleRoot, verificationHash} = await importDocBlock(PAGE, 'check-chain-1.3.mjs');

const MNEMONIC = 'test test test test test test test test test test test junk';
const DEV_WALLET = Wallet.fromPhrase(MNEMONIC);
const OTHER_WALLET = HDNodeWallet.fromPhrase(MNEMONIC, undefined, "m/44'/60'/0'/0/1");

/** A revision object rebuilt from a hash-example block's "key:value" leaves, with its published hash. */
function fromExample(title) {
  const example = JSON.parse(docBlock(PAGE, title).body);
  const revision = Object.fromEntries(
    example.merkle_leaves.map((pair) => [pair.slice(0, pair.indexOf(':')), pair.slice(pair.indexOf(':') + 1)]),
  );
  revision.leaves = leavesOf(revision);
  return [example.hash, revision];
}
const [VH1, GENESIS] = fromExample('Worked example: 1.3 content revision Merkle root');
const [VH2, SIGNED] = fromExample('Worked example: 1.3 signature revision Merkle root');
const helloFile = () => globalThis.structuredClone({revisions: {[VH1]: GENESIS, [VH2]: SIGNED}});

/** Seals a revision the way notarize.js does: leaves from the fields, key = Merkle root. */
function seal(fields) {
  const revision = {...fields};
  delete revision.leaves;
  revision.leaves = leavesOf(revision);
  return [merkleRoot(revision.leaves), revision];
}
const problemsOf = (file) => checkFile(file).flatMap(({problems}) => problems);

test("the page's two-revision example passes, and its genesis hash is the published one", () => {
  assert.deepEqual(
    checkFile(helloFile()).map(({hash, problems, notes}) => [hash, problems, notes]),
    [
      [VH1, [], []],
      [VH2, [], []],
    ],
  );
  const {leaves, ...genesisFields} = GENESIS;
  assert.equal(leaves.length, 6);
  assert.equal(verificationHash(genesisFields), VH1);
});

test('changed content is caught; resealing it breaks the link to the next revision', () => {
  const file = helloFile();
  file.revisions[VH1].content = 'Hello, Aqua?';
  assert.ok(problemsOf(file).includes('the stored leaves do not match the fields'));
  assert.ok(problemsOf(file).includes('the verification hash does not match the fields'));

  const [newVh, resealed] = seal({...GENESIS, content: 'Hello, Aqua?'});
  assert.throws(() => checkFile({revisions: {[newVh]: resealed, [VH2]: SIGNED}}), /do not link back to the genesis/);
});

test('extra leaves that no field backs are caught (the November 2024 verifier accepts them)', () => {
  const stored = [...GENESIS.leaves, 'ab'.repeat(64)];
  const forgedKey = merkleRoot(stored);
  const forged = {...GENESIS, leaves: stored};
  // The reference rule: every field's leaf matches at its position, and the root of the stored leaves is the key.
  assert.ok(leavesOf(forged).every((leaf, i) => leaf === stored[i]));
  assert.equal(merkleRoot(stored), forgedKey);
  assert.ok(
    checkFile({revisions: {[forgedKey]: forged}})[0].problems.includes('the stored leaves do not match the fields'),
  );
});

test('a dropped genesis, a splice and a fork are refused', () => {
  assert.throws(() => checkFile({revisions: {[VH2]: SIGNED}}), /found 0/);

  const [strangerVh, stranger] = seal({...GENESIS, nonce: 'stranger-nonce'});
  assert.throws(() => checkFile({revisions: {...helloFile().revisions, [strangerVh]: stranger}}), /found 2/);

  const [twinVh, twin] = seal({...SIGNED, nonce: 'twin-nonce'});
  assert.throws(() => checkFile({revisions: {...helloFile().revisions, [twinVh]: twin}}), /two revisions follow/);
});

test('a signature by another key, over the wrong hash or on a genesis revision is caught', async () => {
  const message = (hash) => `I sign the following page verification_hash: [0x${hash}]`;

  const [vhA, byOther] = seal({...SIGNED, signature: await OTHER_WALLET.signMessage(message(VH1))});
  assert.ok(
    problemsOf({revisions: {[VH1]: GENESIS, [vhA]: byOther}}).includes(
      'the signature over the previous hash was not made by signature_wallet_address',
    ),
  );

  // Without the doubled 0x the message is not the one the 1.3 code signs.
  const [vhB, single0x] = seal({...SIGNED, signature: await DEV_WALLET.signMessage(message(VH1.slice(2)))});
  assert.ok(
    problemsOf({revisions: {[VH1]: GENESIS, [vhB]: single0x}}).includes(
      'the signature over the previous hash was not made by signature_wallet_address',
    ),
  );

  const [vhC, signedGenesis] = seal({...SIGNED, previous_verification_hash: ''});
  assert.ok(
    checkFile({revisions: {[vhC]: signedGenesis}})[0].problems.includes('a genesis revision cannot carry a signature'),
  );
});

test('missing or unknown type fields and signature-plus-witness are caught', () => {
  const {content, ...noContent} = GENESIS;
  assert.equal(typeof content, 'string');
  const [vhA, missing] = seal(noContent);
  assert.ok(checkFile({revisions: {[vhA]: missing}})[0].problems.includes('missing field content'));

  const [vhB, unknown] = seal({...GENESIS, revision_type: 'scalar'});
  assert.ok(checkFile({revisions: {[vhB]: unknown}})[0].problems.includes('unknown revision_type scalar'));

  const [vhC, both] = seal({...SIGNED, witness_merkle_root: VH1});
  assert.ok(problemsOf({revisions: {[VH1]: GENESIS, [vhC]: both}}).includes('carries both a signature and a witness'));
});

test('a link revision as notarize.js writes it passes; one without its target hash does not', () => {
  const link = {
    previous_verification_hash: VH2,
    nonce: 'link-nonce',
    domain_id: '5e5a1ec586',
    local_timestamp: '20241126120000',
    revision_type: 'link',
    link_type: 'aqua',
    link_require_indepth_verification: true,
    link_verification_hash: VH1,
    link_uri: 'other.txt.aqua.json',
  };
  const [vh, sealed] = seal(link);
  assert.deepEqual(problemsOf({revisions: {...helloFile().revisions, [vh]: sealed}}), []);

  const {link_verification_hash: target, ...noTarget} = link;
  assert.equal(target, VH1);
  const [vh2, broken] = seal(noTarget);
  assert.ok(
    problemsOf({revisions: {...helloFile().revisions, [vh2]: broken}}).includes('missing field link_verification_hash'),
  );
});

test("a witness with notarize.js's one-node proof passes with a note; a proof ending elsewhere fails", () => {
  const witness = (proof, root = VH2) =>
    seal({
      previous_verification_hash: VH2,
      nonce: 'witness-nonce',
      domain_id: '5e5a1ec586',
      local_timestamp: '20241110123000',
      revision_type: 'witness',
      witness_merkle_root: root,
      witness_timestamp: 1731241800,
      witness_network: 'sepolia',
      witness_smart_contract_address: '0x45f59310ADD88E6d23ca58A0Fa7A55BEE6d2a611',
      witness_transaction_hash: '0x' + 'cd'.repeat(32),
      witness_sender_account_address: DEV_WALLET.address.toLowerCase(),
      witness_merkle_proof: JSON.stringify(proof),
    });

  const [vhA, good] = witness([{depth: '0', left_leaf: VH2, right_leaf: null, successor: VH2}]);
  const result = checkFile({revisions: {...helloFile().revisions, [vhA]: good}})[2];
  assert.deepEqual(result.problems, []);
  assert.deepEqual(result.notes, ['sepolia witness not looked up here']);

  const [vhB, elsewhere] = witness([{depth: '0', left_leaf: VH2, right_leaf: null, successor: VH2}], VH1);
  assert.ok(
    problemsOf({revisions: {...helloFile().revisions, [vhB]: elsewhere}}).includes(
      'the Merkle proof does not lead from the previous hash to witness_merkle_root',
    ),
  );
});

test('a did:key signature object is flagged as not covered by the hash', () => {
  const jws = {payload: 'e30', signatures: [{protected: 'e30', signature: 'AA'}]};
  const [vh, didSigned] = seal({
    ...SIGNED,
    signature: jws,
    signature_type: 'did:key',
    signature_public_key: 'did:key:z6Mk',
    signature_wallet_address: 'did:key:z6Mk',
  });
  const other = {...didSigned, signature: {payload: 'e31', signatures: []}};
  // Another JWS object gives exactly the same leaves.
  assert.deepEqual(leavesOf(other), didSigned.leaves);
  const {notes} = checkFile({revisions: {[VH1]: GENESIS, [vh]: didSigned}})[1];
  assert.deepEqual(notes, [
    'did:key signature not verified here',
    'the hash does not cover this signature (it is hashed as "[object Object]")',
  ]);
});

test('a garbage Ethereum signature is caught even when signature_wallet_address is empty', () => {
  const [vh, forged] = seal({...SIGNED, signature: '0x00', signature_wallet_address: ''});
  assert.ok(
    problemsOf({revisions: {[VH1]: GENESIS, [vh]: forged}}).includes(
      'the signature is malformed and recovers no account',
    ),
  );
});

test('an array standing in for a string with the same text form is caught', () => {
  // `${["Hello", " Aqua!"]}` is "Hello, Aqua!": same leaves, same hash, and the November verifier passes it.
  const forged = {...GENESIS, content: ['Hello', ' Aqua!']};
  assert.deepEqual(leavesOf(forged), GENESIS.leaves);
  assert.ok(
    problemsOf({revisions: {[VH1]: forged, [VH2]: SIGNED}}).includes(
      'field content is not a string, number or boolean, so its leaf covers only its text form',
    ),
  );
});

test('a signed revision whose previous_verification_hash is null is refused', async () => {
  // The November verifier checks only that the field exists and is not "", and signs "[0xnull]".
  const [vh, forged] = seal({
    ...SIGNED,
    previous_verification_hash: null,
    signature: await DEV_WALLET.signMessage('I sign the following page verification_hash: [0xnull]'),
  });
  const {problems} = checkFile({revisions: {[vh]: forged}})[0];
  assert.ok(
    problems.includes(
      'field previous_verification_hash is not a string, number or boolean, so its leaf covers only its text form',
    ),
  );
  assert.ok(problems.includes('a genesis revision cannot carry a signature'));
});

test('a real 1.3 draft chain from before the nonce verifies except for the nonce, and shows the JWS gap', () => {
  // fixtures/chains/README.md gives the origin: the three example blocks of the 1.3 draft (aqua-docs@33c1af6).
  const chain = JSON.parse(
    readFileSync(join(ROOT, 'tests/content/fixtures/chains/aqua-1.3-draft-license.json'), 'utf8'),
  );
  const results = checkFile(chain);
  assert.equal(results.length, 3);
  for (const {problems} of results) assert.deepEqual(problems, ['missing field nonce']);
  // Its did:key revision was hashed with the JWS object as "[object Object]", and still matches its key.
  assert.ok(results[2].notes.includes('the hash does not cover this signature (it is hashed as "[object Object]")'));
});

// The guarantee the page states for signatures, checked against generated links: a signature passes
// only when its revision names, as a string, the verification hash of the revision before it in the
// file; a genesis never carries one. The forger holds a key of its own, puts any JSON value (or
// none) in previous_verification_hash, signs the message the November verifier would rebuild from
// it (a template string) and reseals the revision.
const FORGER = HDNodeWallet.fromPhrase(MNEMONIC, undefined, "m/44'/60'/0'/0/2");
const numRuns = runs(300);
const passes = (file) => {
  try {
    return checkFile(file).every(({problems}) => problems.length === 0);
  } catch {
    return false; // refused: no genesis, a fork, or a revision that does not link back
  }
};
/** Values a forger might put where the link belongs: any JSON, nothing, and near misses of real hashes. */
const links = fc.oneof(
  fc.jsonValue(),
  fc.constant(undefined),
  fc
    .constantFrom(VH1, VH2)
    .chain((hash) => fc.constantFrom(hash, hash.toUpperCase(), hash.slice(2), ` ${hash}`, `0x${hash}`, [hash])),
);

test(`generated links: a signature passes only over the hash of the revision before it (seed ${seed})`, () => {
  fc.assert(
    fc.property(links, fc.boolean(), (link, withGenesis) => {
      const fields = {...SIGNED};
      if (link === undefined) delete fields.previous_verification_hash;
      else fields.previous_verification_hash = link;
      let vh, forged;
      try {
        fields.signature = FORGER.signMessageSync(`I sign the following page verification_hash: [0x${link}]`);
        fields.signature_wallet_address = FORGER.address.toLowerCase();
        fields.signature_public_key = FORGER.signingKey.compressedPublicKey;
        [vh, forged] = seal(fields);
      } catch {
        return; // a value with no text form ({"toString": ""}): neither the message nor a leaf can be made
      }
      const revisions = withGenesis ? {[VH1]: GENESIS, [vh]: forged} : {[vh]: forged};
      if (passes({revisions})) assert.ok(withGenesis && link === VH1, `passed with ${JSON.stringify(link)}`);
    }),
    {seed, numRuns},
  );
});

test('regression (found by the audit): a signed genesis whose link is 0 or false is refused', () => {
  for (const link of [0, false]) {
    const [vh, forged] = seal({
      ...SIGNED,
      previous_verification_hash: link,
      signature: FORGER.signMessageSync(`I sign the following page verification_hash: [0x${link}]`),
      signature_wallet_address: FORGER.address.toLowerCase(),
      signature_public_key: FORGER.signingKey.compressedPublicKey,
    });
    const {problems} = checkFile({revisions: {[vh]: forged}})[0];
    assert.ok(problems.includes('previous_verification_hash is not a string'), String(link));
    assert.ok(problems.includes('a genesis revision cannot carry a signature'), String(link));
  }
});
