// Adversarial tests for the checks that the v3 recipe pages hand to readers (AccessControl, AquaIdentity,
// Cheque). Each test loads the page's own code block with importDocBlock, forges an input the way an
// attacker would, and expects the check to reject it. Where aqua-js-sdk 3.2.1-45 alone accepts the
// forgery, the test says so by asserting the SDK's answer as well, so that a fixed SDK shows up here.
// Everything is offline and deterministic: the wallets come from the public test mnemonics.
import assert from 'node:assert/strict';
import {before, describe, test} from 'node:test';
import Aquafier, {getHashSum, getWallet} from 'aqua-js-sdk';
import {importDocBlock} from './doc-blocks.mjs';

const DOCS = 'versioned_docs/version-1.3.2';
const OWNER = 'test test test test test test test test test test test junk';
const OTHER = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const sdk = new Aquafier();
/** AquaTrees are plain JSON, so a JSON round trip is a deep copy. */
const clone = (value) => JSON.parse(JSON.stringify(value));

/** The SDK's own verdicts on a tree: verifyAquaTree and the overall graph result. */
async function sdkAccepts(tree, files) {
  const verified = await sdk.verifyAquaTree(clone(tree), files);
  const graph = await sdk.verifyAndGetGraphData(clone(tree), files);
  return verified.isOk() && graph.isOk() && graph.data.isValidationSucessful === true;
}

const hashOfKey = (tree, n) => Object.keys(tree.revisions)[n];

/**
 * Changes form field `key` of the form revision stored under `hash` to `value`, as an attacker who keeps
 * the original hash and signatures would. With `leaves`, the form file, `file_hash` and every leaf are
 * recomputed so that each field matches its leaf; without it, only the field value changes.
 */
function forgeField(tree, files, hash, key, value, {leaves = true} = {}) {
  const forged = clone(tree);
  const form = forged.revisions[hash];
  form[`forms_${key}`] = value;
  if (!leaves) return {tree: forged, files};
  const name = forged.file_index[hash];
  const file = files.find((f) => f.fileName === name);
  const content = JSON.stringify({...JSON.parse(file.fileContent), [key]: value});
  form.file_hash = getHashSum(content);
  const keys = Object.keys(form)
    .filter((k) => k !== 'leaves')
    .sort();
  form.leaves = keys.map((k) => getHashSum(`${k}:${form[k]}`));
  return {tree: forged, files: files.map((f) => (f === file ? {...f, fileContent: content} : f))};
}

/** The same tree with `revisions` listed in a different key order (hashes unchanged). */
function reorderKeys(tree, order) {
  const entries = Object.entries(tree.revisions);
  return {...clone(tree), revisions: Object.fromEntries(order.map((i) => entries[i]))};
}

/** The same tree without the revision at position `n`. */
function dropRevision(tree, n) {
  const copy = clone(tree);
  delete copy.revisions[hashOfKey(tree, n)];
  return copy;
}

describe('AccessControl access.ts', () => {
  let m;
  let owner;
  let reader;
  let grant;
  let genuine;
  before(async () => {
    m = await importDocBlock(`${DOCS}/AccessControl.md`, 'access.ts');
    owner = m.creds(OWNER);
    reader = m.creds(OTHER);
    grant = {
      type: 'access',
      sender: (await getWallet(OWNER))[1],
      receiver: (await getWallet(OTHER))[1],
      resource: '0x63e7b974506e6c5be6342ab8ac25567eaa2be321eadc69ff5e66afa6c2b23519',
    };
    genuine = await m.signedForm(grant, 'grant.json', owner);
  });

  test('accepts the genuine grant', async () => {
    assert.deepEqual(await m.checkGrant(genuine.tree, genuine.file), []);
    assert.equal(await sdkAccepts(genuine.tree, [genuine.file]), true);
  });

  test('rejects a forged resource with its leaf and file_hash recomputed (the SDK accepts it)', async () => {
    const hash = hashOfKey(genuine.tree, 0);
    const forged = forgeField(genuine.tree, [genuine.file], hash, 'resource', '0x' + 'ee'.repeat(32));
    assert.equal(await sdkAccepts(forged.tree, forged.files), true, 'SDK gap: the forgery verifies');
    const graph = await sdk.verifyAndGetGraphData(clone(forged.tree), forged.files);
    assert.ok(
      graph.data.info.formKeys.every((k) => k.isValidationSucessful),
      'SDK gap: every formKeys entry passes',
    );
    const problems = await m.checkGrant(forged.tree, forged.files[0]);
    assert.ok(
      problems.some((p) => p.includes('fields do not give its hash')),
      problems.join('; '),
    );
  });

  test('rejects a field changed without its leaf (the SDK accepts it)', async () => {
    const hash = hashOfKey(genuine.tree, 0);
    const forged = forgeField(genuine.tree, [genuine.file], hash, 'receiver', grant.sender, {leaves: false});
    assert.equal(await sdkAccepts(forged.tree, forged.files), true, 'SDK gap: the leaf check is overwritten');
    assert.notDeepEqual(await m.checkGrant(forged.tree, forged.files[0]), []);
  });

  test('rejects a grant signed with the wrong key (the SDK accepts it)', async () => {
    const selfSigned = await m.signedForm(grant, 'grant.json', reader);
    assert.equal(await sdkAccepts(selfSigned.tree, [selfSigned.file]), true);
    assert.deepEqual(await m.checkGrant(selfSigned.tree, selfSigned.file), ['not signed by forms_sender']);
  });

  test("rejects the owner's signature replayed onto another grant (the SDK accepts it)", async () => {
    const other = await m.signedForm({...grant, resource: '0x' + '11'.repeat(32)}, 'grant.json');
    const signature = genuine.tree.revisions[hashOfKey(genuine.tree, 1)];
    other.tree.revisions[hashOfKey(genuine.tree, 1)] = clone(signature);
    assert.equal((await sdk.verifyAquaTree(clone(other.tree), [other.file])).isOk(), true);
    const problems = await m.checkGrant(other.tree, other.file);
    assert.ok(problems.includes('revisions do not form one chain from one genesis'), problems.join('; '));
  });

  test('rejects a grant with a revision dropped', async () => {
    const unsigned = dropRevision(genuine.tree, 1);
    assert.ok((await m.checkGrant(unsigned, genuine.file)).includes('not one form and one signature'));
    const signatureOnly = dropRevision(genuine.tree, 0);
    assert.equal((await sdk.verifyAquaTree(clone(signatureOnly), [genuine.file])).isOk(), true);
    assert.notDeepEqual(await m.checkGrant(signatureOnly, genuine.file), []);
  });

  test('rejects a swapped form file', async () => {
    const swapped = {...genuine.file, fileContent: JSON.stringify({...grant, receiver: grant.sender})};
    assert.equal(await sdkAccepts(genuine.tree, [swapped]), false);
    assert.ok((await m.checkGrant(genuine.tree, swapped)).some((p) => p.includes('form file')));
  });

  test('rejects a scalar form', async () => {
    const file = {...genuine.file};
    const created = await sdk.createGenesisRevision(file, true, false, true);
    const tree = created.data.aquaTree;
    await sdk.signAquaTree({aquaTree: tree, revision: ''}, 'cli', owner);
    assert.notDeepEqual(await m.checkGrant(tree, file), []);
  });

  describe('agreementState', () => {
    let terms;
    let accepted;
    before(async () => {
      terms = {...grant, type: 'access_agreement', conditions: 'Read-only use.'};
      accepted = await m.signedForm(terms, 'agreement.json', owner, reader);
    });

    test('reads draft, offered and accepted from genuine trees', async () => {
      const draft = await m.signedForm(terms, 'agreement.json');
      assert.equal(await m.agreementState(draft.tree, draft.file), 'draft');
      assert.equal(await m.agreementState(dropRevision(accepted.tree, 2), accepted.file), 'offered');
      assert.equal(await m.agreementState(accepted.tree, accepted.file), 'accepted');
    });

    test('takes the order from the hash links, not from the JSON key order', async () => {
      const reordered = reorderKeys(accepted.tree, [2, 0, 1]);
      assert.equal(await m.agreementState(reordered, accepted.file), 'accepted');
      const wrongOrder = await m.signedForm(terms, 'agreement.json', reader, owner);
      assert.equal(await sdkAccepts(wrongOrder.tree, [wrongOrder.file]), true);
      const disguised = reorderKeys(wrongOrder.tree, [0, 2, 1]);
      const signers = Object.values(disguised.revisions).map((r) => r.signature_wallet_address);
      assert.deepEqual(signers.slice(1), [grant.sender, grant.receiver], 'the JSON order now looks right');
      assert.equal(await m.agreementState(disguised, wrongOrder.file), 'no effect');
    });

    test('rejects a dropped sender signature (the SDK accepts it)', async () => {
      const gap = dropRevision(accepted.tree, 1);
      assert.equal((await sdk.verifyAquaTree(clone(gap), [accepted.file])).isOk(), true);
      assert.equal(await m.agreementState(gap, accepted.file), 'invalid');
    });

    test('rejects forged conditions and a third signer', async () => {
      const hash = hashOfKey(accepted.tree, 0);
      const forged = forgeField(accepted.tree, [accepted.file], hash, 'conditions', 'Any use.');
      assert.equal(await sdkAccepts(forged.tree, forged.files), true);
      assert.equal(await m.agreementState(forged.tree, forged.files[0]), 'invalid');
      const third = await m.signedForm(terms, 'agreement.json', owner, owner);
      assert.equal(await m.agreementState(third.tree, third.file), 'no effect');
    });
  });
});

describe('AquaIdentity identity.ts', () => {
  let m;
  let owner;
  let attester;
  let claimData;
  let claim;
  let attested;
  let attestation;
  before(async () => {
    m = await importDocBlock(`${DOCS}/AquaIdentity.md`, 'identity.ts');
    owner = m.creds(OWNER);
    attester = m.creds(OTHER);
    claimData = {
      type: 'identity_claim',
      name: 'Jane',
      email: 'jane@example.com',
      date_of_birth: '1990-04-01',
      wallet_address: (await getWallet(OWNER))[1],
    };
    claim = await m.signedForm(claimData, 'claim.json', owner);
    attested = {
      type: 'identity_attestation',
      identity_claim_id: hashOfKey(claim.tree, 0),
      name: 'Jane',
      date_of_birth: '1990-04-01',
      context: 'Checked in person.',
      wallet_address: (await getWallet(OTHER))[1],
    };
    attestation = await m.signedForm(attested, 'attestation.json', attester);
  });

  test('accepts the genuine claim and attestation', async () => {
    assert.deepEqual(await m.checkClaim(claim.tree, claim.file), []);
    assert.deepEqual(await m.checkAttestation(attestation.tree, attestation.file, claim.tree, claim.file), []);
  });

  test('rejects a claim with a forged date of birth, leaf and file_hash (the SDK accepts it)', async () => {
    const forged = forgeField(claim.tree, [claim.file], hashOfKey(claim.tree, 0), 'date_of_birth', '1970-01-01');
    assert.equal(await sdkAccepts(forged.tree, forged.files), true, 'SDK gap: the forgery verifies');
    assert.ok(
      (await m.checkClaim(forged.tree, forged.files[0])).some((p) => p.includes('fields do not give its hash')),
    );
    const problems = await m.checkAttestation(attestation.tree, attestation.file, forged.tree, forged.files[0]);
    assert.ok(
      problems.some((p) => p.startsWith('claim: ')),
      problems.join('; '),
    );
  });

  test('rejects an attestation whose attested value was forged after signing (the SDK accepts it)', async () => {
    const hash = hashOfKey(attestation.tree, 0);
    const forged = forgeField(attestation.tree, [attestation.file], hash, 'email', 'jane@example.com');
    assert.equal(await sdkAccepts(forged.tree, forged.files), true);
    assert.notDeepEqual(await m.checkAttestation(forged.tree, forged.files[0], claim.tree, claim.file), []);
  });

  test('rejects a claim signed by someone else (the SDK accepts it)', async () => {
    const other = await m.signedForm(claimData, 'claim.json', attester);
    assert.equal(await sdkAccepts(other.tree, [other.file]), true);
    assert.deepEqual(await m.checkClaim(other.tree, other.file), ['not signed by forms_wallet_address']);
  });

  test("rejects the attester's signature moved onto another attestation (the SDK accepts it)", async () => {
    const fake = await m.signedForm({...attested, name: 'Janet'}, 'attestation.json');
    const sigHash = hashOfKey(attestation.tree, 1);
    fake.tree.revisions[sigHash] = clone(attestation.tree.revisions[sigHash]);
    assert.equal((await sdk.verifyAquaTree(clone(fake.tree), [fake.file])).isOk(), true);
    const problems = await m.checkAttestation(fake.tree, fake.file, claim.tree, claim.file);
    assert.ok(problems.includes('revisions do not form one chain from one genesis'), problems.join('; '));
  });

  test('rejects an attestation pointing at another claim, and one with the signature dropped', async () => {
    const otherClaim = await m.signedForm({...claimData, email: 'jane@example.org'}, 'claim.json', owner);
    const problems = await m.checkAttestation(attestation.tree, attestation.file, otherClaim.tree, otherClaim.file);
    assert.ok(problems.includes("identity_claim_id is not the claim's hash"), problems.join('; '));
    const unsigned = dropRevision(attestation.tree, 1);
    assert.notDeepEqual(await m.checkAttestation(unsigned, attestation.file, claim.tree, claim.file), []);
  });

  test('rejects a swapped claim file', async () => {
    const swapped = {...claim.file, fileContent: JSON.stringify({...claimData, name: 'John'})};
    assert.notDeepEqual(await m.checkClaim(claim.tree, swapped), []);
  });

  test('order in the JSON file does not matter', async () => {
    assert.deepEqual(await m.checkClaim(reorderKeys(claim.tree, [1, 0]), claim.file), []);
  });
});

describe('AquaIdentity disclose.ts', () => {
  let disclosedFormValid;
  before(async () => {
    ({disclosedFormValid} = await importDocBlock(`${DOCS}/AquaIdentity.md`, 'disclose.ts'));
  });

  test('accepts a form with a hidden field and rejects forged visible fields', async () => {
    const file = {
      fileName: 'claim.json',
      fileContent: JSON.stringify({type: 'identity_claim', name: 'Jane'}),
      path: './claim.json',
    };
    const tree = (await sdk.createGenesisRevision(file, true, false, false)).data.aquaTree;
    const hash = hashOfKey(tree, 0);
    await sdk.hideFormElements({aquaTree: tree, revision: hash}, 'name');
    assert.equal(disclosedFormValid(tree.revisions[hash], hash), true);
    const changed = {...tree.revisions[hash], forms_type: 'identity_attestation'};
    assert.equal(disclosedFormValid(changed, hash), false);
    const withLeaves = forgeField(tree, [file], hash, 'type', 'identity_attestation');
    assert.equal(disclosedFormValid(withLeaves.tree.revisions[hash], hash), false);
  });
});

describe('Cheque cheque.ts', () => {
  let m;
  let payer;
  let payee;
  let payeeAddress;
  let cheque;
  before(async () => {
    m = await importDocBlock(`${DOCS}/Cheque.md`, 'cheque.ts');
    payer = m.creds(OWNER);
    payee = m.creds(OTHER);
    payeeAddress = (await getWallet(OTHER))[1];
    cheque = await m.writeCheque(payer, payeeAddress, payee);
  });

  test('accepts the genuine cheque', async () => {
    assert.deepEqual(await m.checkCheque(cheque.tree, cheque.files), []);
    assert.equal(await sdkAccepts(cheque.tree, cheque.files), true);
  });

  test('rejects a raised amount with leaf and file_hash recomputed (the SDK accepts it)', async () => {
    const forged = forgeField(cheque.tree, cheque.files, hashOfKey(cheque.tree, 2), 'amount', '300');
    assert.equal(await sdkAccepts(forged.tree, forged.files), true, 'SDK gap: the forgery verifies');
    const problems = await m.checkCheque(forged.tree, forged.files);
    assert.ok(
      problems.some((p) => p.includes('fields do not give its hash')),
      problems.join('; '),
    );
    assert.ok(problems.includes('terms differ between the two forms'), problems.join('; '));
  });

  test('rejects an endorsement that the payee rewrote and signed again (the SDK accepts it)', async () => {
    const tree = clone(cheque.tree);
    const [, , endorsedHash, payeeSigHash] = Object.keys(tree.revisions);
    delete tree.revisions[endorsedHash];
    delete tree.revisions[payeeSigHash];
    delete tree.file_index[endorsedHash];
    const endorsed = {
      fileName: 'cheque-endorsed.json',
      path: './cheque-endorsed.json',
      fileContent: JSON.stringify({...JSON.parse(cheque.files[1].fileContent), amount: '300'}),
    };
    await sdk.createFormRevision({aquaTree: tree, revision: ''}, endorsed, false);
    await sdk.signAquaTree({aquaTree: tree, revision: ''}, 'cli', payee);
    const files = [cheque.files[0], endorsed];
    assert.equal(await sdkAccepts(tree, files), true);
    assert.deepEqual(await m.checkCheque(tree, files), ['terms differ between the two forms']);
  });

  test('rejects an endorsement signed with the wrong key (the SDK accepts it)', async () => {
    const wrong = await m.writeCheque(payer, payeeAddress, payer);
    assert.equal(await sdkAccepts(wrong.tree, wrong.files), true);
    assert.deepEqual(await m.checkCheque(wrong.tree, wrong.files), ['second signature is not by forms_receiver']);
  });

  test("rejects the payer's signature dropped from the middle (the SDK accepts it)", async () => {
    const gap = dropRevision(cheque.tree, 1);
    assert.equal((await sdk.verifyAquaTree(clone(gap), cheque.files)).isOk(), true);
    assert.ok((await m.checkCheque(gap, cheque.files)).includes('revisions do not form one chain from one genesis'));
    assert.notDeepEqual(await m.checkCheque(dropRevision(cheque.tree, 3), cheque.files), []);
  });

  test("rejects the payee's signature replayed onto another cheque", async () => {
    const other = await m.writeCheque(payer, payeeAddress, payer);
    const [, , , otherSig] = Object.keys(other.tree.revisions);
    delete other.tree.revisions[otherSig];
    const sigHash = hashOfKey(cheque.tree, 3);
    other.tree.revisions[sigHash] = clone(cheque.tree.revisions[sigHash]);
    assert.notDeepEqual(await m.checkCheque(other.tree, other.files), []);
  });

  test('reads the order from the hash links and rejects swapped form files', async () => {
    assert.deepEqual(await m.checkCheque(reorderKeys(cheque.tree, [3, 2, 1, 0]), cheque.files), []);
    const swapped = [cheque.files[0], {...cheque.files[1], fileContent: cheque.files[0].fileContent}];
    assert.equal(await sdkAccepts(cheque.tree, swapped), false);
    assert.notDeepEqual(await m.checkCheque(cheque.tree, swapped), []);
  });
});
