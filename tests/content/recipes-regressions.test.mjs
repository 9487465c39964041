// Named regression tests for the security recipes of the v3 pages: attacks that broke an earlier
// version of the recipes, each kept as the case that showed it. The generative adversary
// (recipes-adversary.test.mjs) searches for new ones; these make sure the old ones stay fixed.
//
// "Reported" cases were found by an attacker reading the pages (issue 29); "found" cases are
// counter-examples that fast-check shrank, replayed from their recorded values through the same
// harness (adversary/run.mjs).
import assert from 'node:assert/strict';
import https from 'node:https';
import {before, describe, test} from 'node:test';
import {getHashSum} from 'aqua-js-sdk';
import {loadRecipes, runAttack} from './adversary/run.mjs';
import {HONEST, form, sdk, sign} from './adversary/world.mjs';

https.request = () => {
  throw new Error('network access is disabled in the content tests');
};

const [PAYER, PAYEE] = HONEST;
let r;
before(async () => {
  r = await loadRecipes();
});

/** A complete cheque for 0.3 ETH, endorsed by PAYEE. */
async function cheque() {
  const terms = {sender: PAYER.address, receiver: '', amount: '0.3', currency: 'ETH'};
  const {tree, files} = await form(terms, 'cheque.json', false, PAYER);
  const endorsed = {
    fileName: 'cheque-endorsed.json',
    fileContent: JSON.stringify({...terms, receiver: PAYEE.address}),
    path: './cheque-endorsed.json',
  };
  await sdk.createFormRevision({aquaTree: tree, revision: ''}, endorsed, false);
  await sign(tree, PAYEE);
  return {tree, files: [...files, endorsed]};
}

const hide = async (tree, hash, key) => {
  assert.ok((await sdk.hideFormElements({aquaTree: tree, revision: hash}, key)).isOk());
};

describe('reported: hidden fields keep every hash and signature valid', () => {
  test('a cheque with forms_amount hidden in both forms and 300 in the endorsed file is refused', async () => {
    const {tree, files} = await cheque();
    const [blank, , endorsed] = Object.keys(tree.revisions);
    await hide(tree, blank, 'amount');
    await hide(tree, endorsed, 'amount');
    const raised = files.map((f) =>
      f.fileName === 'cheque-endorsed.json' ? {...f, fileContent: f.fileContent.replace('"0.3"', '"300"')} : f,
    );
    const {problems, cheque: paid} = await r.cheque.checkCheque(tree, raised);
    assert.equal(paid, null);
    assert.ok(problems.length > 0);
    // With the genuine files too: a hidden amount is refused, not read from elsewhere.
    assert.equal((await r.cheque.checkCheque(tree, files)).cheque, null);
  });

  for (const key of ['receiver', 'resource']) {
    test(`a grant with forms_${key} hidden is refused`, async () => {
      const data = {type: 'access', sender: PAYER.address, receiver: PAYEE.address, resource: '0x' + '11'.repeat(32)};
      const {tree, files} = await form(data, 'grant.json', false, PAYER);
      await hide(tree, Object.keys(tree.revisions)[0], key);
      const {problems, grant} = await r.access.checkGrant(tree, files[0]);
      assert.equal(grant, null);
      assert.ok(
        problems.some((p) => p.includes('hidden')),
        problems.join('; '),
      );
    });
  }

  test('an agreement whose forms_conditions are hidden after both signatures is not accepted', async () => {
    const data = {
      type: 'access_agreement',
      sender: PAYER.address,
      receiver: PAYEE.address,
      resource: '0x' + '22'.repeat(32),
      conditions: 'read only',
    };
    const {tree, files} = await form(data, 'agreement.json', false, PAYER, PAYEE);
    assert.equal((await r.access.agreementState(tree, files[0])).state, 'accepted');
    await hide(tree, Object.keys(tree.revisions)[0], 'conditions');
    assert.equal((await r.access.agreementState(tree, files[0])).state, 'invalid');
  });

  test('a signed file revision with revision_type hidden does not verify, with any file or none', async () => {
    const file = {fileName: 'a.txt', fileContent: 'the signed text', path: './a.txt'};
    const tree = (await sdk.createGenesisRevision(file)).data.aquaTree;
    await sign(tree, PAYER);
    const [genesis] = Object.keys(tree.revisions);
    await hide(tree, genesis, 'revision_type');
    assert.ok('revision_type.deleted' in tree.revisions[genesis]);
    for (const files of [[file], [{...file, fileContent: 'another text'}], []]) {
      const result = await r.strict.verifyStrict(tree, files);
      assert.equal(result.ok, false, JSON.stringify(files));
    }
  });
});

describe('found in review: a colon moved from a value into its key keeps the leaf', () => {
  test('forms_a = "b:c" renamed to forms_a:b = "c" is refused, with or without the form file', async () => {
    const {tree, files} = await form({a: 'b:c', z: '1'}, 'f.json', false, PAYER);
    const [hash] = Object.keys(tree.revisions);
    const genuine = tree.revisions[hash];
    const renamed = Object.fromEntries(
      Object.entries(genuine).map(([k, v]) => (k === 'forms_a' ? ['forms_a:b', 'c'] : [k, v])),
    );
    assert.equal(getHashSum('forms_a:b:c'), getHashSum(`forms_a:${genuine.forms_a}`), 'the same leaf');
    const forged = {...structuredClone(tree), revisions: {...tree.revisions, [hash]: renamed}};
    for (const options of [{}, {formsWithoutFiles: true}]) {
      const result = await r.strict.verifyStrict(forged, options.formsWithoutFiles ? [] : files, options);
      assert.equal(result.ok, false, JSON.stringify(options));
    }
  });
});

describe('reported: inputs that made verifyStrict throw or never return', () => {
  test('a link revision pointing back into its own tree is refused at once (verifyAquaTree would recurse until out of memory)', async () => {
    const file = {fileName: 'a.txt', fileContent: 'a', path: './a.txt'};
    const tree = (await sdk.createGenesisRevision(file)).data.aquaTree;
    const [genesis] = Object.keys(tree.revisions);
    const link = {
      previous_verification_hash: genesis,
      local_timestamp: '20250101000000',
      revision_type: 'link',
      version: 'https://aqua-protocol.org/docs/v3/schema_2 | SHA256 | Method: scalar',
      link_type: 'aqua',
      link_verification_hashes: [genesis],
      link_file_hashes: [getHashSum('a')],
    };
    const sorted = Object.fromEntries(
      Object.keys(link)
        .sort()
        .map((k) => [k, link[k]]),
    );
    tree.revisions['0x' + getHashSum(JSON.stringify(sorted))] = link;
    const files = [file, {fileName: 'a.txt.aqua.json', fileContent: structuredClone(tree), path: './a.txt.aqua.json'}];
    const result = await r.strict.verifyStrict(tree, files);
    assert.equal(result.ok, false);
    assert.ok(
      result.errors.some((e) => e.includes('links to a revision of its own tree')),
      result.errors.join('; '),
    );
  });

  test('a form file that is not JSON, a missing file_index and a null revision give errors, not throws', async () => {
    const {tree, files} = await form({a: '1'}, 'f.json', false, PAYER);
    const [hash] = Object.keys(tree.revisions);
    const notJson = {...files[0], fileContent: 'not json'};
    const cases = [
      [tree, [notJson]],
      [{...structuredClone(tree), file_index: undefined}, files],
      [{...structuredClone(tree), revisions: {...tree.revisions, [hash]: null}}, files],
      [null, files],
      [tree, null],
      [tree, [null]],
    ];
    for (const [t, f] of cases) {
      const result = await r.strict.verifyStrict(t, f);
      assert.equal(result.ok, false);
      assert.ok(result.errors.length > 0);
    }
  });
});

describe('found in the blind audit of the recipe pages', () => {
  test('a shared claim reports how many fields are hidden, never their names (a holder can rename a hidden field)', async () => {
    const data = {type: 'identity_claim', name: 'Jane', email: 'jane@example.com', wallet_address: PAYER.address};
    const {tree} = await form(data, 'claim.json', false, PAYER);
    const [hash] = Object.keys(tree.revisions);
    await hide(tree, hash, 'email');
    const renamed = Object.fromEntries(
      Object.entries(tree.revisions[hash]).map(([k, v]) => [
        k === 'forms_email.deleted' ? 'forms_criminal_record.deleted' : k,
        v,
      ]),
    );
    const forged = {...tree, revisions: {...tree.revisions, [hash]: renamed}};
    const {claim} = await r.identity.checkClaim(forged, null);
    assert.deepEqual({attributes: claim.attributes, hidden: claim.hidden}, {attributes: {name: 'Jane'}, hidden: 1});
  });

  test('a link naming one revision thousands of times is refused before the linked file is hashed again', async () => {
    const annex = {fileName: 'annex.txt', fileContent: 'x'.repeat(100_000), path: './annex.txt'};
    const annexTree = (await sdk.createGenesisRevision(annex)).data.aquaTree;
    const [target] = Object.keys(annexTree.revisions);
    const {tree, files} = await form({a: '1'}, 'f.json', false, PAYER);
    const link = {
      previous_verification_hash: Object.keys(tree.revisions).at(-1),
      local_timestamp: '20250101000000',
      revision_type: 'link',
      version: 'https://aqua-protocol.org/docs/v3/schema_2 | SHA256 | Method: scalar',
      link_type: 'aqua',
      link_verification_hashes: Array(5000).fill(target),
      link_file_hashes: Array(5000).fill(getHashSum(annex.fileContent)),
    };
    const sorted = Object.fromEntries(
      Object.keys(link)
        .sort()
        .map((k) => [k, link[k]]),
    );
    tree.revisions['0x' + getHashSum(JSON.stringify(sorted))] = link;
    tree.file_index[target] = 'annex.txt';
    const supplied = [...files, annex, {fileName: 'annex.txt.aqua.json', fileContent: annexTree, path: ''}];
    const result = await r.strict.verifyStrict(tree, supplied);
    assert.equal(result.ok, false);
    assert.ok(result.errors.length < 5, result.errors.slice(0, 5).join('; '));
  });

  test('a form key named __proto__ is a key like any other, and a grant with it is refused', async () => {
    const data = {type: 'access', sender: PAYER.address, receiver: PAYEE.address, resource: '0x' + '33'.repeat(32)};
    const text = JSON.stringify(data).replace(/}$/, ',"__proto__":"and more"}');
    const file = {fileName: 'grant.json', fileContent: text, path: './grant.json'};
    const tree = (await sdk.createGenesisRevision(file, true, false, false)).data.aquaTree;
    await sign(tree, PAYER);
    const {grant} = await r.access.checkGrant(tree, file);
    assert.equal(grant, null);
  });

  test('a form file of escaped quotes is read in one pass', {timeout: 20_000}, async () => {
    const {tree, files} = await form({a: '"'.repeat(200_000)}, 'f.json', false, PAYER);
    assert.equal((await r.strict.verifyStrict(tree, files)).ok, true);
  });

  test('genuine trees the first version refused: a did:key signature, and a genesis form with a boolean', async () => {
    const file = {fileName: 'a.txt', fileContent: 'signed with a DID', path: './a.txt'};
    const tree = (await sdk.createGenesisRevision(file)).data.aquaTree;
    const credentials = {
      mnemonic: '',
      nostr_sk: '',
      did_key: 'ab'.repeat(32),
      alchemy_key: '',
      witness_eth_network: 'sepolia',
      witness_method: 'cli',
    };
    assert.ok((await sdk.signAquaTree({aquaTree: tree, revision: ''}, 'did', credentials)).isOk());
    assert.deepEqual((await r.strict.verifyStrict(tree, [file])).errors, []);
    const flags = {fileName: 'flags.json', fileContent: JSON.stringify({ok: true, n: 3}), path: './flags.json'};
    const formTree = (await sdk.createGenesisRevision(flags, true, false, false)).data.aquaTree;
    assert.equal(Object.values(formTree.revisions)[0].forms_ok, 'true', 'the SDK stores the boolean as text');
    assert.deepEqual((await r.strict.verifyStrict(formTree, [flags])).errors, []);
  });
});

describe('found in the audit of round 4: a lone surrogate is written to UTF-8 as U+FFFD', () => {
  // "Jos\uFFFD" signed; "Jos\uD800" shown: the same leaf, the same file hash, the same signature.
  const SIGNED = 'Jos\uFFFD';
  const SHOWN = 'Jos\uD800';
  /** The tree and files with SIGNED replaced by SHOWN in `field` of the form at `index`, and in its file. */
  function swap(tree, files, field, index = 0) {
    const forged = structuredClone(tree);
    const hash = Object.keys(forged.revisions)[index];
    assert.equal(forged.revisions[hash][field], SIGNED);
    forged.revisions[hash][field] = SHOWN;
    assert.equal(getHashSum(`${field}:${SHOWN}`), getHashSum(`${field}:${SIGNED}`), 'the same leaf');
    const name = forged.file_index[hash];
    const swapped = files.map((f) =>
      f.fileName === name ? {...f, fileContent: f.fileContent.replace(SIGNED, SHOWN)} : f,
    );
    assert.equal(getHashSum(swapped.find((f) => f.fileName === name).fileContent), forged.revisions[hash].file_hash);
    return {forged, swapped};
  }

  test('agreementState: conditions with U+FFFD are accepted as signed; the lone surrogate is refused', async () => {
    const data = {
      type: 'access_agreement',
      sender: PAYER.address,
      receiver: PAYEE.address,
      resource: '0x' + '44'.repeat(32),
      conditions: SIGNED,
    };
    const {tree, files} = await form(data, 'agreement.json', false, PAYER, PAYEE);
    const genuine = await r.access.agreementState(tree, files[0]);
    assert.deepEqual([genuine.state, genuine.agreement.conditions], ['accepted', SIGNED]);
    const {forged, swapped} = swap(tree, files, 'forms_conditions');
    assert.deepEqual(await r.access.agreementState(forged, swapped[0]), {state: 'invalid', agreement: null});
  });

  test('checkClaim: a name with U+FFFD is returned as signed; with the lone surrogate, with or without the file, refused', async () => {
    const data = {type: 'identity_claim', name: SIGNED, wallet_address: PAYER.address};
    const {tree, files} = await form(data, 'claim.json', false, PAYER);
    assert.equal((await r.identity.checkClaim(tree, files[0])).claim.attributes.name, SIGNED);
    const {forged, swapped} = swap(tree, files, 'forms_name');
    assert.equal((await r.identity.checkClaim(forged, swapped[0])).claim, null);
    assert.equal((await r.identity.checkClaim(forged, null)).claim, null);
  });

  test('checkCheque: a note with U+FFFD is paid as signed; the lone surrogate in both forms is refused', async () => {
    const terms = {sender: PAYER.address, receiver: '', amount: '0.3', currency: 'ETH', note: SIGNED};
    const {tree, files} = await form(terms, 'cheque.json', false, PAYER);
    const endorsed = {
      fileName: 'cheque-endorsed.json',
      fileContent: JSON.stringify({...terms, receiver: PAYEE.address}),
      path: './cheque-endorsed.json',
    };
    await sdk.createFormRevision({aquaTree: tree, revision: ''}, endorsed, false);
    await sign(tree, PAYEE, false);
    const all = [...files, endorsed];
    assert.equal((await r.cheque.checkCheque(tree, all)).cheque.note, SIGNED);
    const first = swap(tree, all, 'forms_note', 0);
    const both = swap(first.forged, first.swapped, 'forms_note', 2);
    assert.equal((await r.cheque.checkCheque(both.forged, both.swapped)).cheque, null);
  });
});

describe('found in the audit of round 4: checkCheque and scalar forms', () => {
  test('a scalar first form is accepted; a scalar endorsement from createFormRevision(…, true) is not (its hash is over unsorted fields)', async () => {
    const terms = {sender: PAYER.address, receiver: '', amount: '0.3', currency: 'ETH'};
    for (const [blankScalar, endorsementScalar, accepted] of [
      [true, false, true],
      [false, true, false],
    ]) {
      const {tree, files} = await form(terms, 'cheque.json', blankScalar, PAYER);
      const endorsed = {
        fileName: 'cheque-endorsed.json',
        fileContent: JSON.stringify({...terms, receiver: PAYEE.address}),
        path: './cheque-endorsed.json',
      };
      await sdk.createFormRevision({aquaTree: tree, revision: ''}, endorsed, endorsementScalar);
      await sign(tree, PAYEE, endorsementScalar);
      if (endorsementScalar) {
        // The key is the SHA-256 of the fields in the order the SDK added them, not sorted.
        const [, , hash] = Object.keys(tree.revisions);
        const revision = tree.revisions[hash];
        const sorted = Object.fromEntries(
          Object.keys(revision)
            .sort()
            .map((k) => [k, revision[k]]),
        );
        assert.equal('0x' + getHashSum(JSON.stringify(revision)), hash);
        assert.notEqual('0x' + getHashSum(JSON.stringify(sorted)), hash);
      }
      const {cheque: paid, problems} = await r.cheque.checkCheque(tree, [...files, endorsed]);
      assert.equal(paid !== null, accepted, problems.join('; '));
    }
  });
});

describe('found while fixing the second audit: one long name, named by many link revisions', () => {
  test('300 link revisions to a target whose file_index name is 300 kB: the errors do not repeat the name', async () => {
    const SCALAR = 'https://aqua-protocol.org/docs/v3/schema_2 | SHA256 | Method: scalar';
    const scalar = (r) =>
      '0x' +
      getHashSum(
        JSON.stringify(
          Object.fromEntries(
            Object.keys(r)
              .sort()
              .map((k) => [k, r[k]]),
          ),
        ),
      );
    const {tree, files} = await form({a: '1'}, 'f.json', true, PAYER);
    const target = '0x' + 'ab'.repeat(32);
    tree.file_index[target] = 'n'.repeat(300_000);
    let previous = Object.keys(tree.revisions).at(-1);
    for (let i = 0; i < 300; i++) {
      const link = {
        previous_verification_hash: previous,
        local_timestamp: String(20250101000000 + i),
        revision_type: 'link',
        version: SCALAR,
        link_type: 'aqua',
        link_verification_hashes: [target],
        link_file_hashes: ['ab'.repeat(32)],
      };
      previous = scalar(link);
      tree.revisions[previous] = link;
    }
    const input = Buffer.byteLength(JSON.stringify(tree)) + files.reduce((n, f) => n + f.fileContent.length, 0);
    const result = await r.strict.verifyStrict(tree, files);
    assert.equal(result.ok, false);
    assert.equal(result.errors.length, 600, 'each link revision: the linked tree and the linked file are missing');
    // The version before quoted the whole name in each error: 300 copies of 300 kB.
    const written = result.errors.reduce((n, e) => n + e.length, 0);
    assert.ok(written < input / 2, `the errors hold ${written} characters for an input of ${input} bytes`);
  });
});

// Counter-examples fast-check found and shrank, with the guarantee each broke at the time.
const FOUND = [
  {
    name: 'found in the recipes of 79a1ec1: a genuine grant with local_timestamp hidden by hideFormElements (which hides any field, not only forms_*) passed verifyStrict',
    attack: {
      world: {
        grantSender: 0,
        grantReceiver: 0,
        resource: '0x' + '00'.repeat(32),
        conditions: '',
        agreementSignatures: 0,
        payer: 0,
        payee: 0,
        amount: '0.3',
        currency: 'ETH',
        note: null,
        endorse: false,
        attributes: {name: ''},
        claimant: 0,
        attestedKeys: [],
        attester: 1,
      },
      target: 'strict',
      doc: 'grant',
      steps: [
        {op: 'hide', i: 0, j: 7, k: 0, s: '', b: false},
        {op: 'refile', i: 9, j: 0, k: 0, s: '', b: false},
      ],
    },
  },
];

// Found by the adversary of round 4 in the recipes of 1245666 (FUZZ_AGAINST=1245666), in virtual time on a
// network that drops traffic ("probe": the SDK's connectivity check alone is answered); each shrunk by
// fast-check to one step.
const WORLD_4 = {
  grantSender: 0,
  grantReceiver: 0,
  resource: '0x' + '00'.repeat(32),
  conditions: '',
  agreementSignatures: 0,
  payer: 0,
  payee: 0,
  amount: '0.3',
  currency: 'ETH',
  note: null,
  endorse: false,
  attributes: {name: ''},
  claimant: 0,
  attestedKeys: [],
  attester: 1,
  scalar: false,
};
const step = (op, extra = {}) => ({op, i: 0, j: 0, k: 0, s: '', b: false, ...extra});
FOUND.push(
  {
    name: 'found in the recipes of 1245666: a claimed name "Jos\uFFFD" came back as "Jos\uDFFF" from checkClaim, with every hash and the signature intact',
    attack: {
      world: {...WORLD_4, attributes: {name: 'Jos\uFFFD'}},
      target: 'claim',
      doc: 'grant',
      steps: [step('loneSurrogate')],
      net: 'drop',
    },
  },
  {
    name: 'found in the recipes of 1245666: a grant with 100 more hidden fields (13,917 bytes) made checkGrant hash 1,514,240 bytes',
    attack: {world: WORLD_4, target: 'grant', doc: 'grant', steps: [step('inflate')], net: 'drop'},
  },
  {
    name: 'found in the recipes of 1245666: five witness revisions gave no answer within 20 s where traffic is dropped (5 s each in the SDK)',
    attack: {world: WORLD_4, target: 'strict', doc: 'grant', steps: [step('witnessFlood', {b: true})], net: 'drop'},
  },
  {
    name: 'found in the recipes of 1245666: 33 witness revisions, each an SDK network call before any limit',
    attack: {world: WORLD_4, target: 'strict', doc: 'grant', steps: [step('witnessFlood')], net: 'drop'},
  },
  {
    name: 'found in the recipes of 1245666: an unsigned, self-made RFC 3161 token passed verifyStrict as a time',
    attack: {world: WORLD_4, target: 'strict', doc: 'grant', steps: [step('selfTsa')], net: 'probe'},
  },
  {
    name: "found in the recipes of 1245666: a token signed by the adversary's own authority passed verifyStrict as a time",
    attack: {world: WORLD_4, target: 'strict', doc: 'witnessed', steps: [step('selfTsa', {b: true})], net: 'probe'},
  },
  {
    name: 'found in the recipes of 1245666: an Ethereum witness left an ethers provider retrying (4 timers) after verifyStrict answered',
    attack: {world: WORLD_4, target: 'strict', doc: 'grant', steps: [step('witness')], net: 'probe'},
  },
);

// Found by the adversary after the second audit in the recipes of 99bc4d6 (FUZZ_AGAINST=99bc4d6), one step
// each: 24 tree-mode form revisions naming one form file of 40 kB, its field hidden in each. The file is in
// the input once; each revision parsed it and hashed its hidden value again (revisions × file size).
FOUND.push(
  {
    name: 'found in the recipes of 99bc4d6: 24 form revisions sharing one 40 kB form file made verifyStrict hash 1,038,080 bytes for an input of 67,101',
    attack: {world: WORLD_4, target: 'strict', doc: 'grant', steps: [step('shareForm')], net: 'drop'},
  },
  {
    name: 'found in the recipes of 99bc4d6: the same, the shared file passed as the grant file, made checkGrant hash 1,037,824 bytes for an input of 66,750',
    attack: {world: WORLD_4, target: 'grant', doc: 'grant', steps: [step('shareForm', {b: true})], net: 'drop'},
  },
  {
    name: 'found in the recipes of 99bc4d6: the same, passed as the claim file, made checkClaim hash 1,037,568 bytes for an input of 66,567',
    attack: {world: WORLD_4, target: 'claim', doc: 'grant', steps: [step('shareForm', {b: true})], net: 'drop'},
  },
  {
    name: 'found in the recipes of 99bc4d6: the same, among the cheque files, made checkCheque hash 1,037,696 bytes for an input of 66,669',
    attack: {world: WORLD_4, target: 'cheque', doc: 'grant', steps: [step('shareForm', {b: true})], net: 'drop'},
  },
);

describe('found by the adversary', () => {
  for (const {name, attack} of FOUND) {
    test(name, async () => {
      assert.equal(await runAttack(r, attack), null);
    });
  }
});
