// The reference implementation of the Aqua hashing rules (tests/content/reference/aqua-hashing.mjs)
// against real chains written by the implementation of each era, and the docs' hash checker against
// deliberately wrong rules: a listing that is self-consistent but built with the wrong rule must fail.
import assert from 'node:assert/strict';
import {Buffer} from 'node:buffer';
import {execFileSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {test} from 'node:test';
import {ethers} from 'ethers';
import Aquafier from 'aqua-js-sdk';
import {checkExamples, findExamples} from '../../scripts/check/hash-examples.mjs';
import * as ref from './reference/aqua-hashing.mjs';
import {ROOT, docBlock} from './doc-blocks.mjs';

const fixture = (name) => readFileSync(join(ROOT, 'tests/content/fixtures/chains', name), 'utf8');
const recover = (message, signature) => ethers.verifyMessage(message, signature).toLowerCase();

// --- 1.1: a page exported by a PKC in November 2021 -------------------------------------------

function parseMediaWikiExport(xml) {
  const decode = (s) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#0?39;/g, "'")
      .replace(/&amp;/g, '&');
  const tag = (s, name) => {
    const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(s);
    return m ? decode(m[1]) : undefined;
  };
  return [...xml.matchAll(/<revision>([\s\S]*?)<\/revision>/g)].map(([, rev]) => {
    const verification = /<verification>([\s\S]*)<\/verification>/.exec(rev)[1];
    const witnessXml = /<witness>([\s\S]*?)<\/witness>/.exec(verification)?.[1];
    const witness = witnessXml && {
      // The 2021 export still calls the snapshot a "domain manifest".
      domain_snapshot_genesis_hash: tag(witnessXml, 'domain_manifest_verification_hash'),
      merkle_root: tag(witnessXml, 'merkle_root'),
      witness_network: tag(witnessXml, 'witness_network'),
      witness_event_transaction_hash: tag(witnessXml, 'witness_event_transaction_hash'),
      witness_hash: tag(witnessXml, 'witness_hash'),
      witness_event_verification_hash: tag(witnessXml, 'witness_event_verification_hash'),
      structured_merkle_proof: JSON.parse(tag(witnessXml, 'structured_merkle_proof')),
    };
    return {
      slots: {main: decode(/<text[^>]*>([\s\S]*?)<\/text>/.exec(rev)[1])},
      domain_id: tag(verification, 'domain_id'),
      time_stamp: tag(verification, 'time_stamp'),
      verification_hash: tag(verification, 'verification_hash'),
      signature: tag(verification, 'signature') ?? '',
      public_key: tag(verification, 'public_key') ?? '',
      wallet_address: tag(verification, 'wallet_address'),
      witness,
    };
  });
}

test('1.1: every verification hash of a real PKC export is recomputed', () => {
  const revisions = parseMediaWikiExport(fixture('aqua-1.1-pale-blue-dot.xml'));
  assert.equal(revisions.length, 4);
  let previous = null;
  for (const rev of revisions) {
    const revision = {...rev, previous_verification_hash: previous?.verification_hash ?? ''};
    assert.equal(ref.verificationHash11(revision, previous), rev.verification_hash);
    previous = rev;
  }
  // The chain uses both a previous signature and a previous witness.
  assert.ok(revisions[1].signature && revisions[2].witness);
});

test('1.1: the export refutes the "own signature" rule', () => {
  const [r1, r2] = parseMediaWikiExport(fixture('aqua-1.1-pale-blue-dot.xml'));
  const own = ref.sha3Legacy(
    ref.contentHash(r2.slots) +
      ref.metadataHash({...r2, previous_verification_hash: r1.verification_hash}) +
      ref.signatureHash(r2),
  );
  assert.notEqual(own, r2.verification_hash);
});

test("1.1: signatures sign the revision's own hash; the witness proof and event hash hold", () => {
  const revisions = parseMediaWikiExport(fixture('aqua-1.1-pale-blue-dot.xml'));
  for (const rev of revisions.filter((r) => r.signature)) {
    assert.equal(recover(ref.signedMessage11(rev.verification_hash), rev.signature), rev.wallet_address.toLowerCase());
  }
  const witnessed = revisions.find((r) => r.witness);
  const {witness} = witnessed;
  assert.equal(ref.witnessHash(witness), witness.witness_hash);
  assert.equal(ref.witnessEventVerificationHash(witness), witness.witness_event_verification_hash);
  assert.equal(
    ref.walkLegacyMerkleProof(witness.structured_merkle_proof, witnessed.verification_hash),
    witness.merkle_root,
  );
});

test('1.1: a PKC export of January 2022 with signature and transclusion slots is recomputed', () => {
  const revisions = JSON.parse(fixture('aqua-1.1-aqua-page.json'));
  assert.equal(revisions.length, 3);
  let previous = null;
  for (const {content, metadata, signature, witness} of revisions) {
    assert.equal(ref.contentHash(content.content), content.content_hash);
    assert.equal(ref.metadataHash(metadata), metadata.metadata_hash);
    assert.equal(ref.verificationHash11({slots: content.content, ...metadata}, previous), metadata.verification_hash);
    if (signature.signature) {
      assert.equal(ref.signatureHash(signature), signature.signature_hash);
      assert.equal(
        recover(ref.signedMessage11(metadata.verification_hash), signature.signature),
        signature.wallet_address.toLowerCase(),
      );
    }
    if (witness) {
      assert.equal(ref.witnessHash(witness), witness.witness_hash);
      assert.equal(ref.witnessEventVerificationHash(witness), witness.witness_event_verification_hash);
      assert.equal(
        ref.walkLegacyMerkleProof(witness.structured_merkle_proof, metadata.verification_hash),
        witness.merkle_root,
      );
    }
    previous = {...signature, witness};
  }
});

test('the signature-slot a PKC stores is pretty-printed JSON; the compact form misses the content hash', () => {
  const [, signed] = JSON.parse(fixture('aqua-1.1-aqua-page.json'));
  const slots = signed.content.content;
  const entries = JSON.parse(slots['signature-slot']);
  assert.equal(ref.signatureSlotText(entries), slots['signature-slot']);
  assert.equal(ref.contentHash(slots), signed.content.content_hash);
  const compact = {...slots, 'signature-slot': JSON.stringify(entries)};
  assert.notEqual(ref.contentHash(compact), signed.content.content_hash);
  // Slots in export order but not sorted would also miss it.
  const unsorted = ref.sha3Legacy(slots['transclusion-hashes'] + slots['signature-slot'] + slots.main);
  assert.equal(unsorted === signed.content.content_hash, false);
});

// --- 1.2: a file page exported in November 2024 --------------------------------------------------

test("1.2: every hash of a real export is recomputed, with the revision's own signature", () => {
  const page = JSON.parse(fixture('aqua-1.2-logo-erp.json')).pages[0];
  const entries = Object.entries(page.revisions);
  assert.equal(entries.length, 2);
  for (const [vh, rev] of entries) {
    const file = Buffer.from(rev.content.file.data, 'base64');
    assert.equal(ref.sha3Legacy(file), rev.content.content.file_hash);
    assert.equal(ref.contentHash(rev.content.content), rev.content.content_hash);
    assert.equal(ref.metadataHash(rev.metadata), rev.metadata.metadata_hash);
    if (rev.signature) assert.equal(ref.signatureHash(rev.signature), rev.signature.signature_hash);
    const revision = {slots: rev.content.content, ...rev.metadata, ...(rev.signature ?? {}), witness: rev.witness};
    assert.equal(ref.verificationHash12(revision), vh);
  }
  // The signature revision signs its predecessor's hash.
  const [, [, signed]] = entries;
  assert.equal(
    recover(ref.signedMessage12(signed.metadata.previous_verification_hash), signed.signature.signature),
    signed.signature.wallet_address.toLowerCase(),
  );
  // The 1.1 rule (signature of the previous revision) does not reproduce it.
  const [[vh1, first], [vh2, second]] = entries;
  assert.notEqual(ref.verificationHash11({slots: second.content.content, ...second.metadata}, first), vh2);
  assert.ok(vh1);
});

test('1.2: the signature-slot is stored as MediaWiki pretty-prints JSON', () => {
  const text = ref.signatureSlotText([{user: '0xabc', timestamp: '20241001121500'}]);
  assert.equal(text, '[\n    {\n        "user": "0xabc",\n        "timestamp": "20241001121500"\n    }\n]');
});

// --- 1.3 (November 2024 tool, SHA3-512 leaves) ------------------------------------------------

test('1.3: every hash of a chain written by the November 2024 tool is recomputed', () => {
  const {revisions} = JSON.parse(fixture('aqua-1.3-draft-license.json'));
  const entries = Object.entries(revisions);
  assert.equal(entries.length, 3);
  let previous = '';
  for (const [vh, revision] of entries) {
    assert.equal(revision.previous_verification_hash, previous);
    assert.deepEqual(ref.leaves13('sha3-512', revision), revision.leaves);
    assert.equal(ref.verificationHash13(revision), vh);
    previous = vh;
  }
  // The Ethereum signature signs the previous hash, written after a second "0x".
  const [, [, eth]] = entries;
  assert.equal(
    recover(ref.signedMessage13(eth.previous_verification_hash), eth.signature),
    eth.signature_wallet_address.toLowerCase(),
  );
  // Sorting matters: the same leaves in field order give another root.
  const [[vh1, first]] = entries;
  const inFieldOrder = Object.keys(first)
    .filter((k) => k !== 'leaves')
    .map((k) => ref.sha3Legacy(`${k}:${first[k]}`));
  assert.notEqual(ref.merkleRoot13('sha3-512', inFieldOrder), vh1);
});

// --- 1.3 (schema 2): a chain written by aqua-js-sdk 3.2.1-45 -------------------------------------

const MNEMONIC = 'test test test test test test test test test test test junk';

async function sdkChain(scalar) {
  const aquafier = new Aquafier();
  const fileObject = {fileName: 'hello.txt', fileContent: 'hello aqua', path: './hello.txt'};
  const genesis = await aquafier.createGenesisRevision(fileObject, false, false, scalar);
  assert.ok(genesis.isOk(), 'genesis');
  const credentials = {
    mnemonic: MNEMONIC,
    nostr_sk: '',
    did_key: '',
    alchemy_key: '',
    witness_eth_network: 'sepolia',
    witness_method: 'cli',
  };
  const signed = await aquafier.signAquaTree(
    {aquaTree: genesis.data.aquaTree, fileObject, revision: ''},
    'cli',
    credentials,
    scalar,
  );
  assert.ok(signed.isOk(), 'signature');
  return signed.data.aquaTree;
}

for (const scalar of [true, false]) {
  test(`1.3: every hash of a chain written by aqua-js-sdk (${scalar ? 'scalar' : 'tree'}) is recomputed`, async () => {
    const tree = await sdkChain(scalar);
    const entries = Object.entries(tree.revisions);
    assert.equal(entries.length, 2);
    for (const [vh, revision] of entries) {
      assert.equal(ref.verificationHashSdk(revision), vh);
      if (!scalar) assert.deepEqual(revision.leaves, ref.leaves13('sha256', revision));
    }
    const [[vh1], [, sig]] = entries;
    assert.equal(sig.previous_verification_hash, vh1);
    assert.equal(recover(ref.signedMessageSdk(vh1), sig.signature), sig.signature_wallet_address.toLowerCase());
  });
}

// --- The doc examples, and the checker against wrong rules --------------------------------------

const examples = findExamples();
const failing = (rules) => checkExamples(examples, {...ref.RULES, ...rules}).filter((r) => r.errors.length);
// An id names the same example in every docs version a version cut copied it to.
const ids = (results) => [...new Set(results.map((r) => r.id))].sort();

test('every hash example has an id and passes by the reference rules', () => {
  assert.ok(examples.length >= 20);
  assert.ok(examples.every((e) => e.id));
  assert.deepEqual(failing({}), []);
});

test('the doc signatures sign what the code of their era signs', () => {
  const byId = new Map(examples.map((e) => [e.id, JSON.parse(e.body)]));
  // 1.1: revision 1's own hash.
  const sig11 = byId.get('v11-r1-sig').recompute;
  assert.equal(recover(ref.signedMessage11(byId.get('v11-r1').hash), sig11.signature), sig11.wallet_address);
  // 1.2: the previous revision's hash.
  const r12 = byId.get('v12-r2').recompute.revision;
  assert.equal(recover(ref.signedMessage12(byId.get('v12-r1').hash), r12.signature), r12.wallet_address.toLowerCase());
  // 1.3 (November 2024): the previous hash, 0x included, after a second "0x".
  const r13 = byId.get('v13-r2').recompute.revision;
  assert.equal(recover(ref.signedMessage13(byId.get('v13-r1').hash), r13.signature), r13.signature_wallet_address);
  // Schema 2 (SDK).
  const s2 = byId.get('sdk-signature-scalar').recompute.revision;
  assert.equal(
    recover(ref.signedMessageSdk(byId.get('sdk-genesis-scalar').hash), s2.signature),
    s2.signature_wallet_address.toLowerCase(),
  );
});

test('the schema 2 vectors derive their file hash and nonce as the page says', () => {
  const genesis = JSON.parse(examples.find((e) => e.id === 'sdk-genesis-scalar').body).recompute.revision;
  const sha256 = (s) => createHash('sha256').update(s).digest('hex');
  assert.equal(genesis.file_hash, sha256('hello aqua'));
  assert.equal(genesis.file_nonce, sha256('fixed-nonce'));
});

test("wrong rule: 1.1 with the revision's own signature instead of the previous one fails", () => {
  const own = ({revision, previous}) => ref.verificationHash12({...revision, witness: previous?.witness});
  assert.deepEqual(ids(failing({'aqua-1.1/verification_hash': own})), ['v11-r2']);
});

test("wrong rule: 1.2 with the previous revision's signature fails", () => {
  const prev = ({revision}) => ref.verificationHash11({...revision, signature: '', public_key: ''}, null);
  assert.deepEqual(ids(failing({'aqua-1.2/verification_hash': prev})), ['v12-r2']);
});

test('wrong rule: parts in the wrong order fail', () => {
  const swapped = ({revision, previous}) => {
    const c = ref.contentHash(revision.slots);
    const m = ref.metadataHash(revision);
    return ref.sha3Legacy(m + c + (previous ? ref.signatureHash(previous) + ref.witnessHash(previous.witness) : ''));
  };
  assert.deepEqual(ids(failing({'aqua-1.1/verification_hash': swapped})), ['v11-r1', 'v11-r2', 'v11-r3']);
  const metaSwapped = (r) => ref.sha3Legacy(`${r.time_stamp}${r.domain_id}${r.previous_verification_hash}`);
  assert.deepEqual(ids(failing({'aqua-1.1/metadata_hash': metaSwapped})), ['v11-r1-metadata', 'v11-r2-metadata']);
});

test('wrong rule: slots not sorted by name fail', () => {
  const reversed = ({revision}) => {
    const slots = Object.fromEntries(Object.entries(revision.slots).reverse());
    const text = Object.values(slots).join('');
    return ref.sha3Legacy(ref.sha3Legacy(text) + ref.metadataHash(revision) + ref.signatureHash(revision));
  };
  assert.deepEqual(ids(failing({'aqua-1.2/verification_hash': reversed})), ['v12-r2']);
});

test('wrong rule: 1.3 leaves in field order instead of sorted order fail', () => {
  const unsorted = ({revision}) => {
    const leaves = Object.entries(revision).map(([k, v]) => ref.sha3Legacy(`${k}:${v}`));
    return ref.merkleRoot13('sha3-512', leaves.reverse());
  };
  assert.deepEqual(ids(failing({'aqua-1.3/verification_hash': unsorted})), ['v13-r1', 'v13-r2']);
});

test('a chained input follows its source: a changed earlier example breaks the later ones', () => {
  const tampered = examples.map((e) =>
    e.id === 'v11-r1-sig' ? {...e, body: e.body.replace('"signature": "0x140a', '"signature": "0x150a')} : e,
  );
  // The signature example itself fails, and so does revision 2, which takes the signature from it.
  assert.deepEqual(ids(checkExamples(tampered).filter((r) => r.errors.length)), ['v11-r1-sig', 'v11-r2']);
});

test('an example without "recompute" or with an unknown reference fails', () => {
  const hash = ref.verificationHashSdk({version: 'Method: scalar'}).slice(2);
  const bare = [
    {
      file: 'x.md',
      line: 1,
      id: 'a',
      body: JSON.stringify({algorithm: 'sha256', concat: ['{"version":"Method: scalar"}'], hash}),
    },
  ];
  assert.match(checkExamples(bare)[0].errors.join(), /no "recompute"/);
  const dangling = [
    {
      file: 'x.md',
      line: 1,
      id: 'b',
      body: JSON.stringify({
        algorithm: 'sha3-512',
        concat: ['a'],
        hash: ref.sha3Legacy('a'),
        recompute: {rule: 'aqua-1.1/content_hash', slots: {main: {from: 'nowhere'}}},
      }),
    },
  ];
  assert.match(checkExamples(dangling)[0].errors.join(), /no example with id "nowhere"/);
});

// The "reproduce it with Node" scripts next to the examples must print the hashes the examples show.
// That is all their pages promise: they recompute the examples from the values written into them
// and check no input.
const SCRIPTS = [
  [
    'versioned_docs/version-1.1.0/Protocol/data-accounting.md',
    'chain-1.1.mjs',
    ['v11-r1-content', 'v11-r1-metadata', 'v11-r1', 'v11-r1-sig', 'v11-r2-content', 'v11-r2-metadata', 'v11-r2'],
  ],
  [
    'versioned_docs/version-1.1.0/Protocol/whitepaper.md',
    'witness-1.1.mjs',
    ['v11-wp-root', 'v11-wp-event', 'v11-wp-witness', 'v11-r3'],
  ],
  ['docs/protocol/aqua_protocol_v1_2.md', 'verify-1.2-example.mjs', ['v12-r1', 'v12-r2']],
  ['docs/protocol/aqua-protocol-version_1.3.md', 'verify-1.3-example.mjs', ['v13-r1']],
];

for (const [page, title, ids] of SCRIPTS) {
  test(`${title} on ${page} prints the hashes of its examples`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'hash-script-'));
    const file = join(dir, title);
    writeFileSync(file, docBlock(page, title).body);
    const output = execFileSync('node', [file], {encoding: 'utf8'});
    for (const id of ids) {
      const {hash} = JSON.parse(examples.find((e) => e.id === id).body);
      assert.ok(output.includes(hash), `${title} does not print ${id} (${hash.slice(0, 12)}…)`);
    }
  });
}
