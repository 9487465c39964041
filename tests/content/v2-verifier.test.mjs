// The two checks the v2 (protocol 1.2) docs hand to readers, exercised exactly as the pages publish
// them: `check-chain-1.2.mjs` (Components/verifier/index.md) must accept genuine 1.2 chains and reject
// every forgery below, and `check-aqua-links.mjs` (Components/verifier/aqua-cli-javascript.md) must
// do the same for the .aqua.json files of notarize.js.
//
// The guarantees the pages state: check-chain-1.2.mjs holds a chain only in the one form aqua-verifier-rs
// 1.2.0 writes (exact fields, own properties, each value of its type and grammar), linked from its genesis,
// with every hash recomputed, each signature made by wallet_address with public_key and each witness over
// the revision before it; the cuts of its joined hash inputs are enumerated in v2-partitions.test.mjs.
// check-aqua-links.mjs passes a file only when every revision is in the form notarize.js at 538eab0 wrote
// (exact fields, types, grammars, the exact scalar text), the revisions link from a content genesis, scalar
// signatures are made by their address, links are found in the supplied files, and every witness's time is
// proven or left to a note (time stamps and Nostr events: v2-timestamps.test.mjs).
//
// Fixtures (real data, kept byte for byte; origins in fixtures/chains/README.md):
// - fixtures/chains/aqua-1.2-logo-erp.json is src/tests/sample.json of
//   inblockio/aqua-verifier-rs@9889a39530e74e2f0bd99a7f153244e06c245127: a genesis revision and a
//   MetaMask signature revision made with the 1.2 tools.
// - fixtures/chains/aqua-js-538eab0-hello.aqua.json was written by notarize.js of
//   inblockio/aqua-verifier-js@538eab0a88dd665d7859536d8198f79546b92029 (`notarize.js hello.txt`,
//   `--sign cli`, `--sign cli --scalar`, public test mnemonic "test … junk"); verify.js of the same
//   commit reports it VERIFIED.
import assert from 'node:assert/strict';
import {Buffer} from 'node:buffer';
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';
import {Wallet, hashMessage, recoverAddress} from 'ethers';
import fc from 'fast-check';
import {runs, seed} from '../../scripts/lib/fuzz.mjs';
import {append as append538, helloFile, seal as seal538, witnessFields} from './aqua-js-538eab0.mjs';
import {ROOT, docBlock} from './doc-blocks.mjs';
import {CHAIN_PAGE, LINKS_PAGE, checkChain, linksModule, pageText, signedMessage} from './v2-checks.mjs';

// checkChain (v2-checks.mjs) serialises a chain given as an object and hands the module the text, as run-check.mjs
// does; FUZZ_AGAINST=<commit> runs this file against the pages at that commit.
const V2 = 'versioned_docs/version-1.2.0';
const {checkLinks} = await linksModule();

const fixture = (name) => JSON.parse(readFileSync(join(ROOT, 'tests/content/fixtures/chains', name), 'utf8'));
const clone = (value) => JSON.parse(JSON.stringify(value));
const sha3 = (data) => createHash('sha3-512').update(data).digest('hex');
const EMPTY = sha3('');
// The public test mnemonic, and a second key that plays the forger.
const VICTIM = Wallet.fromPhrase('test test test test test test test test test test test junk');
const FORGER = new Wallet('0x' + '42'.repeat(32));

// Builders that follow the 1.2 code (aqua-verifier-rs src/verifier.rs): a new revision copies the
// previous one, links to it, and seals content, metadata and its own signature or witness hash.
function seal(rev) {
  const parts = [rev.content.content_hash, rev.metadata.metadata_hash];
  if (rev.signature) parts.push(rev.signature.signature_hash);
  if (rev.witness) parts.push(rev.witness.witness_hash);
  rev.metadata.verification_hash = sha3(parts.join(''));
  return rev.metadata.verification_hash;
}
function setFile(rev, bytes) {
  rev.content.file.data = Buffer.from(bytes).toString('base64');
  rev.content.file.size = bytes.length;
  rev.content.content.file_hash = sha3(bytes);
  rev.content.content_hash = sha3(rev.content.content.file_hash);
}
function link(rev, previous, domain, time) {
  rev.metadata.domain_id = domain;
  rev.metadata.time_stamp = time;
  rev.metadata.previous_verification_hash = previous;
  rev.metadata.metadata_hash = sha3(domain + time + (previous ?? ''));
}
function genesis(bytes, domain = 'demoDomain', time = '20250101120000') {
  const rev = {
    content: {
      file: {data: '', filename: 'hello.txt', size: 0, comment: ''},
      content: {file_hash: ''},
      content_hash: '',
    },
    metadata: {
      domain_id: '',
      time_stamp: '',
      previous_verification_hash: null,
      metadata_hash: '',
      verification_hash: '',
    },
    signature: null,
    witness: null,
  };
  setFile(rev, bytes);
  link(rev, null, domain, time);
  const key = seal(rev);
  return {
    pages: [
      {
        genesis_hash: key,
        domain_id: domain,
        title: 'hello.txt',
        namespace: 0,
        chain_height: 0,
        revisions: {[key]: rev},
      },
    ],
    site_info: {},
  };
}
const entries = (chain) => Object.entries(chain.pages[0].revisions);
const lastKey = (chain) => entries(chain).at(-1)[0];
function push(chain, rev) {
  chain.pages[0].revisions[seal(rev)] = rev;
  return chain;
}
function signBy(chain, wallet, time = '20250101120100') {
  const previous = lastKey(chain);
  const rev = clone(chain.pages[0].revisions[previous]);
  rev.witness = null;
  link(rev, previous, chain.pages[0].domain_id, time);
  const signature = wallet.signingKey.sign(hashMessage(signedMessage(previous))).serialized;
  const publicKey = wallet.signingKey.publicKey;
  rev.signature = {
    signature,
    public_key: publicKey,
    signature_hash: sha3(signature + publicKey),
    wallet_address: wallet.address,
  };
  return push(chain, rev);
}
function witness(chain, root, tx = '0x' + 'ab'.repeat(32), time = '20250101120200') {
  const previous = lastKey(chain);
  const rev = clone(chain.pages[0].revisions[previous]);
  rev.signature = null;
  link(rev, previous, chain.pages[0].domain_id, time);
  rev.witness = {
    domain_snapshot_genesis_hash: EMPTY,
    merkle_root: root,
    witness_network: 'sepolia',
    witness_event_transaction_hash: tx,
    witness_event_verification_hash: sha3(EMPTY + root),
    witness_hash: sha3(EMPTY + root + 'sepolia' + tx),
    structured_merkle_proof: [{left_leaf: root, right_leaf: EMPTY, successor: sha3(root + EMPTY)}],
  };
  return push(chain, rev);
}
const rebuild = (chain, list) => {
  chain.pages[0].revisions = Object.fromEntries(list);
  return chain;
};

// What verify_revision of aqua-verifier-rs 1.2.0 checks, revision by revision (src/util.rs): the file,
// content and metadata hashes and the signer. Used only to show that the forgeries below get past it.
function rustAccepts(chain) {
  return entries(chain).every(([, rev]) => {
    const {content, metadata, signature} = rev;
    const bytes = Buffer.from(content.file.data, 'base64');
    if (sha3(bytes) !== content.content.file_hash || sha3(content.content.file_hash) !== content.content_hash)
      return false;
    const previous = metadata.previous_verification_hash ?? '';
    if (sha3(metadata.domain_id + metadata.time_stamp + previous) !== metadata.metadata_hash) return false;
    if (!signature) return true;
    return (
      recoverAddress(hashMessage(signedMessage(previous)), signature.signature).toLowerCase() ===
      signature.wallet_address.toLowerCase()
    );
  });
}

test('genuine: the real signed chain of aqua-verifier-rs holds, with the signer the References page names', () => {
  const chain = fixture('aqua-1.2-logo-erp.json');
  assert.deepEqual(checkChain(chain), []);
  const [, second] = entries(chain);
  assert.match(second[0], /^f37ce02f/);
  assert.equal(second[1].signature.wallet_address, '0x6c5544021930b7887455e21F00b157b2FA572667');
});

test('genuine: the hello.chain.json that Getting Started prints holds', () => {
  const block = docBlock(`${V2}/getting-started.md`, 'hello.chain.json');
  assert.deepEqual(checkChain(block.body), []);
});

test('genuine: a chain signed and then witnessed the way aqua-cli does it holds', () => {
  const chain = signBy(genesis(Buffer.from('hello aqua\n')), VICTIM);
  witness(chain, lastKey(chain));
  assert.deepEqual(checkChain(chain), []);
});

test('forged: the file swapped under a genuine signature passes the Rust checks but not the page check', () => {
  const chain = fixture('aqua-1.2-logo-erp.json');
  const [, [, signed]] = entries(chain);
  setFile(signed, Buffer.from('a document the signer never saw'));
  assert.equal(rustAccepts(chain), true, 'the gap the Verifier page describes');
  assert.match(checkChain(chain).join('\n'), /revision 1: verification_hash does not match/);
});

test('forged: the file swapped under a genuine signature, with the verification hash recomputed and re-keyed, is rejected', () => {
  const chain = fixture('aqua-1.2-logo-erp.json');
  const [first, [, signed]] = entries(chain);
  setFile(signed, Buffer.from('a document the signer never saw'));
  const forged = rebuild(chain, [first, [seal(signed), signed]]);
  assert.equal(rustAccepts(forged), true, 'the Rust checks still pass');
  assert.deepEqual(checkChain(forged), ['page 0, revision 1: content differs from the revision it signs or witnesses']);
});

test('forged: a witness revision carrying a different file than the revision it witnesses is rejected', () => {
  const chain = genesis(Buffer.from('hello aqua\n'));
  witness(chain, lastKey(chain));
  const [first, [, witnessed]] = entries(chain);
  setFile(witnessed, Buffer.from('another file'));
  const forged = rebuild(chain, [first, [seal(witnessed), witnessed]]);
  assert.deepEqual(checkChain(forged), ['page 0, revision 1: content differs from the revision it signs or witnesses']);
});

test('forged: a genuine signature revision after a different genesis revision is rejected', () => {
  const real = fixture('aqua-1.2-logo-erp.json');
  const [, signed] = entries(real);
  const fake = genesis(Buffer.from('forged genesis'), 'kenn', '20241105114946');
  const chain = rebuild(fake, [...entries(fake), signed]);
  assert.equal(rustAccepts(chain), true);
  assert.match(
    checkChain(chain).join('\n'),
    /revision 1: previous_verification_hash does not name the revision before it/,
  );
});

test('forged: a chain whose genesis revision was dropped is rejected', () => {
  const chain = fixture('aqua-1.2-logo-erp.json');
  rebuild(chain, entries(chain).slice(1));
  assert.equal(rustAccepts(chain), true);
  assert.ok(checkChain(chain).some((p) => /revision 0: (previous_verification_hash|genesis_hash)/.test(p)));
});

test('forged: reordered revisions are rejected', () => {
  const chain = fixture('aqua-1.2-logo-erp.json');
  rebuild(chain, entries(chain).reverse());
  assert.notDeepEqual(checkChain(chain), []);
});

test('forged: a signature by another key under the victim address is rejected', () => {
  const chain = signBy(genesis(Buffer.from('hello aqua\n')), FORGER);
  const [key, rev] = entries(chain).at(-1);
  rev.signature.wallet_address = VICTIM.address;
  chain.pages[0].revisions = {...chain.pages[0].revisions, [key]: rev};
  assert.match(checkChain(chain).join('\n'), /signature was not made by wallet_address/);
});

test("forged: the forger's own signature next to the victim's public key is rejected", () => {
  const chain = genesis(Buffer.from('hello aqua\n'));
  const previous = lastKey(chain);
  const rev = clone(chain.pages[0].revisions[previous]);
  link(rev, previous, 'demoDomain', '20250101120100');
  const signature = FORGER.signingKey.sign(hashMessage(signedMessage(previous))).serialized;
  const publicKey = VICTIM.signingKey.publicKey;
  rev.signature = {
    signature,
    public_key: publicKey,
    signature_hash: sha3(signature + publicKey),
    wallet_address: FORGER.address,
  };
  push(chain, rev);
  assert.deepEqual(checkChain(chain), ["page 0, revision 1: public_key is not the signer's key"]);
});

test('forged: a witness borrowed from another chain is rejected', () => {
  const chain = genesis(Buffer.from('hello aqua\n'));
  witness(chain, sha3('the root of somebody else'));
  assert.deepEqual(checkChain(chain), ['page 0, revision 1: witness does not cover the previous revision']);
});

test('forged: a witness whose transaction hash was changed is rejected', () => {
  const chain = genesis(Buffer.from('hello aqua\n'));
  witness(chain, lastKey(chain));
  const [, rev] = entries(chain).at(-1);
  rev.witness.witness_event_transaction_hash = '0x' + 'cd'.repeat(32);
  assert.match(checkChain(chain).join('\n'), /witness_hash does not match/);
});

test('forged: edited file data, an edited time stamp and non-canonical base64 are rejected', () => {
  const edited = fixture('aqua-1.2-logo-erp.json');
  entries(edited)[0][1].content.file.data = entries(edited)[0][1].content.file.data.replace('A', 'B');
  assert.match(checkChain(edited).join('\n'), /revision 0: file_hash does not match the file/);

  const changedTime = fixture('aqua-1.2-logo-erp.json');
  entries(changedTime)[1][1].metadata.time_stamp = '20200101000000';
  assert.match(checkChain(changedTime).join('\n'), /revision 1: metadata_hash does not match/);

  const loose = genesis(Buffer.from('hi'));
  const [, rev] = entries(loose)[0];
  rev.content.file.data = 'aGk'; // "hi" without its padding: Node decodes it, Rust's strict decoder does not
  assert.match(checkChain(loose).join('\n'), /not canonical base64/);
});

test('forged: files without pages or revisions are rejected', () => {
  assert.deepEqual(checkChain({}), ['no pages']);
  const empty = genesis(Buffer.from('hi'));
  empty.pages[0].revisions = {};
  assert.deepEqual(checkChain(empty), ['page 0: no revisions']);
  assert.deepEqual(checkChain({pages: [{genesis_hash: '', revisions: {}}]}), [
    'page 0: not a page as aqua-cli writes it',
  ]);
});

// check-aqua-links.mjs: what verify.js at 538eab0 leaves out of a .aqua.json file.
const aqua = () => helloFile();
const aquaEntries = (file) => Object.entries(file.revisions);
const problemsOf = async (file, options) => (await checkLinks(file, options)).problems;

test('the builders of these tests make what notarize.js at 538eab0 made: the real file, key for key', () => {
  const file = aqua();
  for (const [key, stored] of aquaEntries(file)) {
    const scalar = typeof stored === 'string';
    const fields = scalar
      ? JSON.parse(stored)
      : Object.fromEntries(Object.entries(stored).filter(([k]) => k !== 'leaves'));
    assert.deepEqual(seal538(fields, scalar), [key, stored]);
  }
});

test('genuine: the notarize.js file (content, signature, scalar signature) passes the link check', async () => {
  const file = aqua();
  assert.equal(typeof aquaEntries(file)[2][1], 'string', 'the third revision is a --scalar one');
  assert.deepEqual(await checkLinks(file), {problems: [], notes: []});
});

test('forged: a genuine signature revision after a forged genesis revision is rejected', async () => {
  const file = aqua();
  const [[, gen], sig] = aquaEntries(file);
  const fake = {...gen, content: 'forged content\n'};
  file.revisions = Object.fromEntries([['0x1220' + 'ff'.repeat(32), fake], sig]);
  assert.deepEqual(await problemsOf(file), [
    'revision 1: previous_verification_hash does not name the revision before it',
  ]);
});

test('forged: a file whose genesis revision was removed is rejected', async () => {
  const file = aqua();
  file.revisions = Object.fromEntries(aquaEntries(file).slice(1));
  const problems = await problemsOf(file);
  assert.ok(problems.includes('revision 0: previous_verification_hash does not name the revision before it'));
  assert.ok(problems.includes('revision 0: the chain does not start with a content revision'));
});

test('forged: reordered revisions are rejected', async () => {
  const file = aqua();
  const [a, b, c] = aquaEntries(file);
  file.revisions = Object.fromEntries([a, c, b]);
  assert.notDeepEqual(await problemsOf(file), []);
});

test('forged: a scalar signature revision with a signature of nobody is rejected', async () => {
  const file = aqua();
  const [key, stored] = aquaEntries(file)[2];
  const rev = JSON.parse(stored);
  rev.signature = '0x' + '11'.repeat(64) + '1b';
  file.revisions[key] = JSON.stringify(rev);
  assert.deepEqual(await problemsOf(file), ['revision 2: scalar signature was not made by signature_wallet_address']);
});

test('forged: a scalar signature by another key under the victim address is rejected', async () => {
  const file = aqua();
  const [key, stored] = aquaEntries(file)[2];
  const rev = JSON.parse(stored);
  rev.signature = await FORGER.signMessage(
    `I sign the following page verification_hash: [0x${rev.previous_verification_hash}]`,
  );
  file.revisions[key] = JSON.stringify(rev);
  assert.equal(rev.signature_wallet_address, VICTIM.address.toLowerCase());
  assert.deepEqual(await problemsOf(file), ['revision 2: scalar signature was not made by signature_wallet_address']);
});

test('forged: a scalar witness revision is reported as not looked up, and an empty file is rejected', async () => {
  const file = aqua();
  const previous = Object.keys(file.revisions).at(-1);
  const transaction = '0x' + 'cd'.repeat(32);
  append538(
    file,
    'witness',
    witnessFields(previous, 'sepolia', {transaction, sender: VICTIM.address, time: 1734372000}),
    {
      scalar: true,
    },
  );
  assert.deepEqual(await problemsOf(file), ['revision 3: verify.js does not look up the witness of a scalar revision']);
  assert.deepEqual(await problemsOf({revisions: {}}), ['no revisions']);
});

test('forged: a scalar did:key signature revision is reported as unchecked', async () => {
  const file = aqua();
  const did = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
  append538(
    file,
    'signature',
    {
      signature: {payload: 'e30', signatures: []},
      signature_public_key: did,
      signature_wallet_address: did,
      signature_type: 'did:key',
    },
    {scalar: true},
  );
  assert.deepEqual(await problemsOf(file), [
    'revision 3: the did:key signature of a scalar revision is not verified by verify.js or this check',
  ]);
});

/** A link revision as notarize.js --link writes it, after the last revision of the real file. */
function withLink(file, linkedKey, scalar = false) {
  const link = {
    link_type: 'aqua',
    link_require_indepth_verification: true,
    link_verification_hash: linkedKey,
    link_uri: 'annex.txt.aqua.json',
  };
  return append538(file, 'link', link, {scalar});
}

test('genuine: a link to the latest revision of the supplied linked file passes', async () => {
  const annex = aqua();
  const file = withLink(aqua(), Object.keys(annex.revisions).at(-1));
  assert.deepEqual(await problemsOf(file, {linkedFiles: {'annex.txt.aqua.json': annex}}), []);
});

test('forged: a link whose linked file lacks link_verification_hash, or is missing, is rejected', async () => {
  const file = withLink(aqua(), '0x1220' + 'ee'.repeat(32));
  assert.deepEqual(await problemsOf(file, {linkedFiles: {'annex.txt.aqua.json': aqua()}}), [
    'revision 3: the linked file does not contain link_verification_hash',
  ]);
  assert.deepEqual(await problemsOf(file), ['revision 3: the linked file annex.txt.aqua.json was not supplied']);
});

test('forged: a scalar link revision is reported as unchecked by verify.js', async () => {
  const annex = aqua();
  const file = withLink(aqua(), Object.keys(annex.revisions).at(-1), true);
  assert.deepEqual(await problemsOf(file, {linkedFiles: {'annex.txt.aqua.json': annex}}), [
    'revision 3: the linked file of a scalar revision is not verified by verify.js',
  ]);
});

// From blind audits of the v2 pages: forgeries that passed verify.js and the check as it was.
const numRuns = runs(300);

test('forged: a witness borrowed from another chain is rejected', async () => {
  // Its root and transaction belong to another chain; its one-node proof starts at the previous hash and never
  // reaches the root, which verify.js does not notice.
  const file = aqua();
  const previous = Object.keys(file.revisions).at(-1);
  const fields = witnessFields(previous, 'sepolia', {
    transaction: '0x' + '12'.repeat(32),
    sender: VICTIM.address,
    time: 1734372000,
  });
  append538(file, 'witness', {...fields, witness_merkle_root: '0x1220' + 'ab'.repeat(32)});
  assert.deepEqual(await problemsOf(file), ['revision 3: witness_merkle_root not in the form notarize.js writes']);
});

test(`generated: a field whose value is an object, a list or another type is refused (seed ${seed})`, async () => {
  // A leaf covers only the text form of a value: "[object Object]" for any object, whatever it holds.
  const entries = aquaEntries(aqua()).filter(([, stored]) => typeof stored !== 'string');
  await fc.assert(
    fc.asyncProperty(
      fc.nat(entries.length - 1),
      fc.nat(20),
      fc.oneof(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.array(fc.jsonValue()),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
      ),
      async (at, f, value) => {
        const file = aqua();
        const [key] = entries[at];
        const fields = Object.keys(file.revisions[key]).filter((name) => name !== 'leaves');
        const field = fields[f % fields.length];
        file.revisions[key][field] = value;
        // Refused by the grammar of the field, or, for revision_type, as not a revision of any type.
        const problems = await problemsOf(file);
        assert.ok(
          problems.some((p) => (p.includes(field) && p.includes('not in the form')) || p.includes('not a revision as')),
        );
      },
    ),
    {seed, numRuns},
  );
});

test('a self link, a cycle and a scalar revision that is not an object give problems, not a crash', async () => {
  const keys = Object.keys(aqua().revisions);
  const file = withLink(aqua(), keys[0]);
  assert.ok(
    (await problemsOf(file, {linkedFiles: {'annex.txt.aqua.json': file}})).some((p) => p.includes('leads back')),
  );
  const other = withLink(aqua(), keys[0]);
  const cyclic = withLink(aqua(), keys[0]);
  const found = await problemsOf(cyclic, {linkedFiles: {'annex.txt.aqua.json': other}});
  assert.ok(Array.isArray(found));
  const broken = aqua();
  broken.revisions[keys[2]] = 'null';
  assert.ok(
    (await problemsOf(broken)).includes(
      'revision 2: not a revision as notarize.js writes it (exactly the fields of its type)',
    ),
  );
});

test(`generated: text moved across the border of two fields one hash joins is refused (seed ${seed})`, () => {
  // The metadata hash joins domain_id and time_stamp, the witness hash witness_network and the
  // transaction hash: moving text across such a border changes no hash, and the time stamp or the
  // network would read differently. Values of another type with the same text are refused too.
  const base = signBy(genesis(Buffer.from('hello aqua\n')), VICTIM);
  witness(base, lastKey(base));
  const borders = [
    ['metadata', 'domain_id', 'time_stamp'],
    ['witness', 'witness_network', 'witness_event_transaction_hash'],
  ];
  fc.assert(
    fc.property(
      fc.nat(2),
      fc.nat(borders.length - 1),
      fc.integer({min: -20, max: 20}),
      fc.boolean(),
      (at, b, shift, retype) => {
        const chain = clone(base);
        const rev = Object.values(chain.pages[0].revisions)[at];
        const [part, left, right] = borders[b];
        const holder = rev[part];
        if (!holder) return;
        if (retype) {
          holder[right] = [holder[right]]; // same text, another type
        } else {
          const joined = holder[left] + holder[right];
          const cut = holder[left].length - shift;
          if (shift === 0 || cut < 0 || cut > joined.length) return;
          holder[left] = joined.slice(0, cut);
          holder[right] = joined.slice(cut);
        }
        assert.notDeepEqual(checkChain(chain), []);
      },
    ),
    {seed, numRuns},
  );
});

// From the second blind audit of the v2 pages: each case failed against the pages as they were (FUZZ_AGAINST).
test('regression (audit): what neither verify.js nor the link check verifies makes the file fail, as the page now says', async () => {
  const did = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
  const signature = {
    signature: {payload: 'e30', signatures: []},
    signature_public_key: did,
    signature_wallet_address: did,
    signature_type: 'did:key',
  };
  const previous = Object.keys(aqua().revisions).at(-1);
  const ethereum = witnessFields(previous, 'sepolia', {
    transaction: '0x' + 'cd'.repeat(32),
    sender: VICTIM.address,
    time: 1734372000,
  });
  const annex = aqua();
  const cases = {
    'a scalar did:key signature': [append538(aqua(), 'signature', signature, {scalar: true}), {}],
    'a scalar witness': [append538(aqua(), 'witness', ethereum, {scalar: true}), {}],
    'a scalar link': [
      withLink(aqua(), Object.keys(annex.revisions).at(-1), true),
      {linkedFiles: {'annex.txt.aqua.json': annex}},
    ],
  };
  for (const [label, [file, options]] of Object.entries(cases)) {
    const {problems} = await checkLinks(file, options);
    assert.equal(problems.length, 1, label);
  }
  const paragraph = pageText(LINKS_PAGE)
    .split('\n')
    .find((line) => line.startsWith('Run this check next to `verify.js`.'));
  assert.doesNotMatch(paragraph, /reports as unchecked/);
  assert.match(paragraph, /each is reported as a problem, so a file that holds one never passes/);
});

test('regression (audit): a file in which an object names a key twice is refused, whichever value JSON.parse would keep', () => {
  // JSON.parse keeps the last of two equal keys without a word; the module read a parsed object, so an earlier
  // entry, which another reader may take instead, went unseen.
  const text = readFileSync(join(ROOT, 'tests/content/fixtures/chains/aqua-1.2-logo-erp.json'), 'utf8');
  assert.deepEqual(checkChain(text), []);
  assert.deepEqual(checkChain(Buffer.from(text)), []);
  const real = '"time_stamp": "20241105114946"';
  assert.equal(text.split(real).length, 2);
  const forged = {
    'the same key twice': text.replace(real, `"time_stamp": "20000101000000", ${real}`),
    'the same key, once written with an escape': text.replace(real, `"\\u0074ime_stamp": "20000101000000", ${real}`),
    'the same key twice at the top': text.replace('{', '{"site_info": {"x": 1},'),
  };
  for (const [label, file] of Object.entries(forged)) {
    assert.deepEqual(JSON.parse(file), JSON.parse(text), label); // what JSON.parse keeps is the genuine chain
    const problems = checkChain(file);
    assert.equal(problems.length, 1, label);
    assert.match(problems[0], /appears twice in one object/, label);
  }
  // Equal keys in different objects, and quotes, braces and commas inside strings, are no duplicates.
  const chain = JSON.parse(text);
  for (const [, rev] of Object.entries(chain.pages[0].revisions))
    rev.content.file.filename = 'a "x": {"y": [1, "z"]}, \\';
  assert.deepEqual(checkChain(JSON.stringify(chain, null, 2)), []);
  assert.match(checkChain('{"pages": [')[0], /cannot be read as JSON/);
  assert.match(pageText(CHAIN_PAGE), /refuses any file in which an object names a key twice/);
});

test('regression (audit): filename, comment, title, namespace and chain_height are in no hash, as Getting Started now says', () => {
  // content_hash covers file_hash alone (aqua-verifier-rs src/util.rs, content_hash), so these labels can be
  // changed under a genuine signature; size is tied to the bytes of file.data and cannot.
  const chain = fixture('aqua-1.2-logo-erp.json');
  const page = chain.pages[0];
  Object.assign(page, {title: 'contract-final.pdf', namespace: 7, chain_height: 99});
  for (const rev of Object.values(page.revisions))
    Object.assign(rev.content.file, {filename: 'x.pdf', comment: 'signed'});
  assert.deepEqual(checkChain(chain), []);
  const resized = fixture('aqua-1.2-logo-erp.json');
  Object.values(resized.pages[0].revisions)[0].content.file.size += 1;
  assert.notDeepEqual(checkChain(resized), []);
  const started = pageText(`${V2}/getting-started.md`);
  assert.match(started, /`filename`, `size` and `comment` are in no hash/);
  assert.match(
    started,
    /own `title`, `namespace` and `chain_height`, like `filename` and `comment` in each revision, are in no hash/,
  );
});
