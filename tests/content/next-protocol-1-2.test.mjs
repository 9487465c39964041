// The 1.2 chain check that docs/protocol/aqua_protocol_v1_2.md hands to readers, run against the
// page's own example file, real 1.2 and 1.1 exports (fixtures/chains, origins in its README) and
// forgeries of each kind the page says the check catches.
import assert from 'node:assert/strict';
import {Buffer} from 'node:buffer';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';
import {HDNodeWallet, Wallet} from 'ethers';
import fc from 'fast-check';
import {runs, seed} from '../../scripts/lib/fuzz.mjs';
import {ROOT, docBlock, importDocBlock} from './doc-blocks.mjs';

const PAGE = 'docs/protocol/aqua_protocol_v1_2.md';
const {H, checkPage, proofReaches} = await importDocBlock(PAGE, 'check-chain-1.2.mjs');

const fixture = (name) => JSON.parse(readFileSync(join(ROOT, 'tests/content/fixtures/chains', name), 'utf8'));
/** A fresh copy of the page's example page (two revisions: genesis, then a signature revision). */
const helloPage = () => globalThis.structuredClone(JSON.parse(docBlock(PAGE, 'hello-aqua.json').body).pages[0]);
const problemsOf = (page) => checkPage(page).flatMap(({problems}) => problems);
const [VH1, VH2] = Object.keys(helloPage().revisions);
const MNEMONIC = 'test test test test test test test test test test test junk';
const DEV_WALLET = Wallet.fromPhrase(MNEMONIC);
// The second account of the same public development mnemonic: a different key.
const OTHER_WALLET = HDNodeWallet.fromPhrase(MNEMONIC, undefined, "m/44'/60'/0'/0/1");

/** Recomputes a revision's stored hashes from its fields, the way a careful forger would. */
function reseal(rev) {
  const {content, metadata: meta, signature, witness} = rev;
  const slots = content.content;
  content.content_hash = H(
    Object.keys(slots)
      .sort()
      .map((k) => slots[k])
      .join(''),
  );
  meta.metadata_hash = H(
    meta.domain_id + meta.time_stamp + (meta.previous_verification_hash ?? '') + (meta.merge_hash ?? ''),
  );
  let sh = '';
  if (signature) sh = signature.signature_hash = H(signature.signature + signature.public_key);
  let wh = '';
  if (witness) {
    wh = witness.witness_hash = H(
      witness.domain_snapshot_genesis_hash +
        witness.merkle_root +
        witness.witness_network +
        witness.witness_event_transaction_hash,
    );
  }
  meta.verification_hash = H(content.content_hash + meta.metadata_hash + sh + wh);
  return meta.verification_hash;
}

/** The page with revision `hash` replaced by `rev`, stored under its (possibly new) verification hash. */
function replace(page, hash, rev) {
  const revisions = {};
  for (const [key, value] of Object.entries(page.revisions)) {
    if (key === hash) revisions[rev.metadata.verification_hash] = rev;
    else revisions[key] = value;
  }
  return {...page, revisions};
}

test("the page's example file passes, with the output the page shows", () => {
  const result = checkPage(helloPage());
  assert.deepEqual(
    result.map(({hash, problems}) => [hash.slice(0, 8), problems]),
    [
      ['9f0f4e35', []],
      ['43c57d5a', []],
    ],
  );
  const shown = docBlock(PAGE, 'Output').body.trim().split('\n');
  assert.deepEqual(shown, ['9f0f4e35 ok', '43c57d5a ok']);
});

test('the order of the file does not matter: the chain is rebuilt from its genesis', () => {
  const page = helloPage();
  page.revisions = {[VH2]: page.revisions[VH2], [VH1]: page.revisions[VH1]};
  assert.deepEqual(
    checkPage(page).map(({hash}) => hash),
    [VH1, VH2],
  );
});

test('a real PKC export written with the 1.2 rules passes', () => {
  const file = fixture('aqua-1.2-pkc-template-DataAccessAgreement.json');
  assert.deepEqual(problemsOf(file.pages[0]), []);
});

test('a real chain sealed with the 1.1 rules is rejected', () => {
  const genesis = fixture('aqua-1.1-guardian-DAA_SIG_SENDER_NO_WIT.json');
  const next = fixture('aqua-1.1-guardian-DAA_SIG_RECEIVER_NO_WIT.json');
  const result = checkPage({
    revisions: {[genesis.metadata.verification_hash]: genesis, [next.metadata.verification_hash]: next},
  });
  assert.ok(result[0].problems.includes('a genesis revision cannot carry a signature'));
  // The second revision signed its own hash and sealed the previous signature: both are 1.1 habits.
  assert.ok(result[1].problems.includes('the signature over the previous hash was not made by wallet_address'));
  assert.ok(result[1].problems.includes('verification_hash does not match'));
});

test('changed content is caught, whether or not the stored hashes are left alone', () => {
  const page = helloPage();
  page.revisions[VH1].content.content.main = 'Hello, Aqua?';
  assert.ok(problemsOf(page).includes('content_hash does not match the slots'));

  // A forger who recomputes every hash of revision 1 gets a new genesis hash, and revision 2 no longer links.
  const resealed = helloPage();
  const rev1 = resealed.revisions[VH1];
  rev1.content.content.main = 'Hello, Aqua?';
  reseal(rev1);
  assert.throws(() => checkPage(replace(resealed, VH1, rev1)), /do not link back to the genesis/);
});

test('a revision dropped from the chain, or a chain without its genesis, is refused', () => {
  const page = helloPage();
  delete page.revisions[VH1];
  assert.throws(() => checkPage(page), /expected one genesis revision, found 0/);
});

test('a spliced-in revision from another chain is refused', () => {
  const page = helloPage();
  const stranger = fixture('aqua-1.2-pkc-template-DataAccessAgreement.json').pages[0];
  Object.assign(page.revisions, stranger.revisions);
  assert.throws(() => checkPage(page), /expected one genesis revision, found 2/);
});

test('two revisions that follow the same one (a fork) are refused', () => {
  const page = helloPage();
  const twin = globalThis.structuredClone(page.revisions[VH2]);
  twin.metadata.time_stamp = '20241001121600';
  page.revisions[reseal(twin)] = twin;
  assert.throws(() => checkPage(page), /two revisions follow 9f0f4e35/);
});

test('a signature by another key, or over the wrong hash, is caught', async () => {
  const other = OTHER_WALLET;
  const message = `I sign the following page verification_hash: [0x${VH1}]`;

  // Another key signs the right message, but wallet_address still names the example wallet.
  const page = helloPage();
  const rev2 = page.revisions[VH2];
  rev2.signature.signature = await other.signMessage(message);
  reseal(rev2);
  assert.ok(
    problemsOf(replace(page, VH2, rev2)).includes(
      'the signature over the previous hash was not made by wallet_address',
    ),
  );

  // The example wallet signs the revision's own hash, as 1.1 did.
  const page2 = helloPage();
  const rev2b = page2.revisions[VH2];
  rev2b.signature.signature = await DEV_WALLET.signMessage(`I sign the following page verification_hash: [0x${VH2}]`);
  reseal(rev2b);
  assert.ok(
    problemsOf(replace(page2, VH2, rev2b)).includes(
      'the signature over the previous hash was not made by wallet_address',
    ),
  );

  // A changed public_key, which the JavaScript verifier never recomputes, breaks the verification hash.
  const page3 = helloPage();
  page3.revisions[VH2].signature.public_key = other.signingKey.publicKey;
  assert.ok(problemsOf(page3).includes('verification_hash does not match'));
});

test('a consistent re-signing by another account passes the hash checks but names that account', async () => {
  const other = OTHER_WALLET;
  const page = helloPage();
  const rev2 = page.revisions[VH2];
  rev2.signature.signature = await other.signMessage(`I sign the following page verification_hash: [0x${VH1}]`);
  rev2.signature.public_key = other.signingKey.publicKey;
  rev2.signature.wallet_address = other.address.toLowerCase();
  reseal(rev2);
  const forged = replace(page, VH2, rev2);
  assert.deepEqual(problemsOf(forged), []);
  // Which is why the page says to compare wallet_address with the address you expect.
  assert.notEqual(Object.values(forged.revisions)[1].signature.wallet_address, DEV_WALLET.address.toLowerCase());
});

test('a garbage signature is caught even when wallet_address is empty', () => {
  // The forgery the first version of the script let through: no address is recovered, and the
  // empty address compared equal to "no signer".
  const page = helloPage();
  const rev2 = page.revisions[VH2];
  rev2.signature.signature = '0xdeadbeef';
  rev2.signature.wallet_address = '';
  reseal(rev2);
  assert.ok(problemsOf(replace(page, VH2, rev2)).includes('the signature is malformed and recovers no account'));
});

test('a public_key that did not make the signature is caught even when every hash is resealed', () => {
  const page = helloPage();
  const rev2 = page.revisions[VH2];
  rev2.signature.public_key = OTHER_WALLET.signingKey.publicKey;
  reseal(rev2);
  assert.deepEqual(problemsOf(replace(page, VH2, rev2)), ['public_key is not the key that made the signature']);
});

test('a signed genesis without a previous_verification_hash field is refused', async () => {
  // The JavaScript verifier of October 2024 accepts this: it rejects only the empty string, and the
  // message it rebuilds reads "[0xundefined]" for every such revision.
  const page = helloPage();
  const rev1 = page.revisions[VH1];
  delete rev1.metadata.previous_verification_hash;
  rev1.signature = {
    signature: await DEV_WALLET.signMessage('I sign the following page verification_hash: [0xundefined]'),
    public_key: DEV_WALLET.signingKey.publicKey,
    wallet_address: DEV_WALLET.address,
    signature_hash: '',
  };
  reseal(rev1);
  const problems = checkPage({revisions: {[rev1.metadata.verification_hash]: rev1}}).flatMap((r) => r.problems);
  assert.ok(problems.includes('a genesis revision cannot carry a signature'));
});

/** Revision 3 of the example: a witness of revision 2 in a two-page snapshot. */
function witnessed({proof, tamper} = {}) {
  const page = helloPage();
  const other = H('some other page');
  const root = H(VH2 + other);
  const snapshotGenesis = H('domain snapshot genesis');
  const rev3 = globalThis.structuredClone(page.revisions[VH2]);
  rev3.content.content['witness-slot'] = '{"domain_snapshot_title":"DomainSnapshot 1","timestamp":"20241001123000"}';
  rev3.metadata.time_stamp = '20241001123000';
  rev3.metadata.previous_verification_hash = VH2;
  rev3.signature = null;
  rev3.witness = {
    domain_snapshot_genesis_hash: snapshotGenesis,
    merkle_root: root,
    witness_network: 'sepolia',
    witness_event_transaction_hash: '0x' + 'ab'.repeat(32),
    witness_event_verification_hash: H(snapshotGenesis + root),
    structured_merkle_proof: proof ?? [{depth: '1', left_leaf: VH2, right_leaf: other, successor: root}],
  };
  tamper?.(rev3);
  page.revisions[reseal(rev3)] = rev3;
  return page;
}

test('a witness whose proof leads from the previous hash to merkle_root passes', () => {
  assert.deepEqual(problemsOf(witnessed()), []);
});

test('a witness proof that does not end at merkle_root is caught (the JavaScript verifier misses this)', () => {
  const elsewhere = H('unrelated');
  const proof = [{depth: '1', left_leaf: VH2, right_leaf: elsewhere, successor: H(VH2 + elsewhere)}];
  assert.ok(
    problemsOf(witnessed({proof})).includes('the Merkle proof does not lead from the previous hash to merkle_root'),
  );
  // The walk alone, as the JavaScript verifier does it, would have accepted this proof.
  assert.equal(proofReaches(proof, VH2, proof[0].successor), true);
});

test('a proof that is not a list, or a witness that names its revision as the snapshot genesis, is still walked', () => {
  // The JavaScript verifier passes both: a for-in over {} checks no node, and it skips the proof of
  // a revision whose hash equals domain_snapshot_genesis_hash (meant for the snapshot page itself).
  const proofFailure = 'the Merkle proof does not lead from the previous hash to merkle_root';
  assert.ok(problemsOf(witnessed({proof: {}})).includes(proofFailure));
  const elsewhere = witnessed({
    proof: [{depth: '1', left_leaf: VH2, right_leaf: H('x'), successor: H(VH2 + H('x'))}],
    tamper: (rev) => {
      rev.witness.domain_snapshot_genesis_hash = VH2;
      rev.witness.witness_event_verification_hash = H(VH2 + rev.witness.merkle_root);
    },
  });
  assert.ok(problemsOf(elsewhere).includes(proofFailure));
});

test('a witness proof that starts from another hash, or a wrong event hash, is caught', () => {
  const other = H('x');
  const proof = [{depth: '1', left_leaf: VH1, right_leaf: other, successor: H(VH1 + other)}];
  assert.ok(
    problemsOf(
      witnessed({
        proof,
        tamper: (rev) => {
          rev.witness.merkle_root = proof[0].successor;
          rev.witness.witness_event_verification_hash = H(
            rev.witness.domain_snapshot_genesis_hash + rev.witness.merkle_root,
          );
        },
      }),
    ).includes('the Merkle proof does not lead from the previous hash to merkle_root'),
  );
  const badEvent = witnessed({tamper: (rev) => (rev.witness.witness_event_verification_hash = H('nope'))});
  assert.ok(problemsOf(badEvent).includes('witness_event_verification_hash does not match'));
});

test('a revision with both a signature and a witness is caught', () => {
  const page = witnessed({
    tamper: (rev) => (rev.signature = globalThis.structuredClone(helloPage().revisions[VH2].signature)),
  });
  assert.ok(problemsOf(page).includes('carries both a signature and a witness'));
});

test('a file key without file data is caught, as the JavaScript verifier would', () => {
  const page = helloPage();
  page.revisions[VH1].content.file = null;
  assert.ok(problemsOf(page).includes('file_hash does not match the file bytes'));
});

test('a real two-revision 1.2 file chain (the Rust crate 1.2.0 sample) passes; a swapped file copy does not', () => {
  // fixtures/chains/README.md gives the origin: aqua-verifier-rs@9889a39 src/tests/sample.json.
  const chain = JSON.parse(readFileSync(join(ROOT, 'tests/content/fixtures/chains/aqua-1.2-logo-erp.json'), 'utf8'));
  assert.deepEqual(problemsOf(chain.pages[0]), []);

  const swapped = globalThis.structuredClone(chain.pages[0]);
  const last = Object.values(swapped.revisions).at(-1);
  last.content.file.data = Buffer.from('another file').toString('base64');
  assert.ok(problemsOf(swapped).includes('file_hash does not match the file bytes'));
});

// The guarantee the page states for signatures, checked against generated links: a signature passes
// only when its revision names, as a string, the verification hash of the revision before it; a
// genesis never carries one. The forger holds a key of its own, puts any JSON value (or none) in
// previous_verification_hash of the signature revision, signs the message the JavaScript verifier
// would rebuild from it (a template string) and reseals the revision as that verifier hashes it.
const FORGER = HDNodeWallet.fromPhrase(MNEMONIC, undefined, "m/44'/60'/0'/0/2");
const numRuns = runs(300);
const passes = (page) => {
  try {
    return problemsOf(page).length === 0;
  } catch {
    return false; // refused: no genesis, a fork, or a revision that does not link back
  }
};
/** Values a forger might put where the link belongs: any JSON, nothing, and near misses of real hashes. */
const links = fc.oneof(
  fc.jsonValue(),
  fc.constant(undefined),
  fc.constantFrom(VH1).chain((hash) => fc.constantFrom(hash, hash.toUpperCase(), `0x${hash}`, ` ${hash}`, [hash])),
);
/** The example's signature revision with `link` as its previous hash, re-signed by the forger and resealed. */
function forgedSignature(link) {
  const rev = helloPage().revisions[VH2];
  if (link === undefined) delete rev.metadata.previous_verification_hash;
  else rev.metadata.previous_verification_hash = link;
  rev.signature = {
    signature: FORGER.signMessageSync(`I sign the following page verification_hash: [0x${link}]`),
    public_key: FORGER.signingKey.publicKey,
    wallet_address: FORGER.address,
    signature_hash: '',
  };
  reseal(rev);
  return rev;
}

test(`generated links: a signature passes only over the hash of the revision before it (seed ${seed})`, () => {
  fc.assert(
    fc.property(links, fc.boolean(), (link, withGenesis) => {
      let rev;
      try {
        rev = forgedSignature(link);
      } catch {
        return; // a value with no text form ({"toString": ""}): the verifier's message cannot be made
      }
      const revisions = {[rev.metadata.verification_hash]: rev};
      if (withGenesis) revisions[VH1] = helloPage().revisions[VH1];
      if (passes({revisions})) assert.ok(withGenesis && link === VH1, `passed with ${JSON.stringify(link)}`);
    }),
    {seed, numRuns},
  );
});

test('regression (found by the generated links): a link with no text form gives no message, and the check does not crash on it', () => {
  const link = {toString: ''};
  assert.throws(() => `[0x${link}]`, TypeError);
  const page = helloPage();
  page.revisions[VH2].metadata.previous_verification_hash = link;
  assert.ok(!passes(page));
});

test('regression (found by the audit): a signed genesis whose link is 0 or false is refused', () => {
  for (const link of [0, false]) {
    const rev = forgedSignature(link);
    const [{problems}] = checkPage({revisions: {[rev.metadata.verification_hash]: rev}});
    assert.ok(problems.includes('previous_verification_hash is not a string'), String(link));
    assert.ok(problems.includes('a genesis revision cannot carry a signature'), String(link));
  }
});

test('regression (found by the audit of the v2 check): a time stamp read differently by moving its border is refused', () => {
  // H(domain_id + time_stamp + …) cannot tell "5e5a1ec586" + "20241001…" from "5e5a1ec5862" + "0241001…".
  const page = helloPage();
  const rev = page.revisions[VH1];
  rev.metadata.domain_id += rev.metadata.time_stamp[0];
  rev.metadata.time_stamp = rev.metadata.time_stamp.slice(1) + '';
  assert.ok(checkPage(page)[0].problems.includes('domain_id or time_stamp is not in its form'));
  const typed = helloPage();
  typed.revisions[VH1].metadata.time_stamp = [typed.revisions[VH1].metadata.time_stamp];
  assert.ok(checkPage(typed)[0].problems.includes('domain_id or time_stamp is not in its form'));
});
