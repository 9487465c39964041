// The 1.3 check that docs/protocol/aqua-protocol-version_1.3.md hands to readers, run against the page's own
// worked example (read from its hash-example blocks), a real 1.3 draft chain written in November 2024 (the
// license chain and its RFC 3161 witness, fixtures/chains), revisions built the way notarize.js builds them,
// and forgeries, including the ones the November 2024 verifier lets through.
//
// The guarantee the page states: checkFile accepts a file only when its revisions form one line from a
// content genesis, and each revision is in the one form notarize.js wrote (aqua-verifier-js, November 2024,
// before and after the mandatory nonce): exactly the fields of its type, own properties only, each value of
// the JSON type and grammar the tool wrote; every leaf recomputes and the root is the revision's key; an
// Ethereum signature was made over the previous hash by signature_wallet_address with signature_public_key;
// a witness's root is the revision before it. It proves no time and checks no did:key signature: those are
// notes. A leaf joins a key and its value as "key:value", and ":" may occur in a value; this file cuts every
// leaf of every revision at every ":" (the field named by the text before the cut), gives every field each
// value of another JSON type with the same text, and adds keys named like Object.prototype members: only
// the revision as written passes. The generated attacks below run the same classes at random (fast-check;
// FUZZ_AGAINST=<commit> runs them against the page at that commit, FUZZ_SURVEY=1 counts what they find).
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {createPrivateKey, randomBytes, sign as edSign} from 'node:crypto';
import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';
import {HDNodeWallet, Wallet} from 'ethers';
import fc from 'fast-check';
import {runs, seed} from '../../scripts/lib/fuzz.mjs';
import {clone, fixture} from './chains-1-2.mjs';
import {nevent, npub, signedEvent} from './nostr-support.mjs';
import {ROOT, docBlock} from './doc-blocks.mjs';
import {sameTextValues} from './partitions.mjs';
import {AGAINST, attack, publishedBlock} from './published.mjs';

const PAGE = 'docs/protocol/aqua-protocol-version_1.3.md';
const {checkFile, leavesOf, merkleRoot, verificationHash} = await publishedBlock(PAGE, 'check-chain-1.3.mjs');

const MNEMONIC = 'test test test test test test test test test test test junk';
const DEV_WALLET = Wallet.fromPhrase(MNEMONIC);
const OTHER_WALLET = HDNodeWallet.fromPhrase(MNEMONIC, undefined, "m/44'/60'/0'/0/1");
const nonce = () => randomBytes(32).toString('base64url');
const message = (hash) => `I sign the following page verification_hash: [0x${hash}]`;

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
const helloFile = () => clone({revisions: {[VH1]: GENESIS, [VH2]: SIGNED}});
/** The November 2024 license chain: content, Ethereum signature, did:key signature and an RFC 3161 witness. */
const licenseFile = () => ({
  revisions: {
    ...fixture('aqua-1.3-draft-license.json').revisions,
    ...fixture('aqua-1.3-draft-tsa-witness.json').revisions,
  },
});

/** Seals a revision the way notarize.js does: leaves from the fields, key = Merkle root. */
function seal(fields) {
  const revision = {...fields};
  delete revision.leaves;
  revision.leaves = leavesOf(revision);
  return [merkleRoot(revision.leaves), revision];
}
/** The example file with `fields` appended after its signature revision. */
function appended(fields) {
  const [vh, rev] = seal({previous_verification_hash: VH2, nonce: nonce(), domain_id: '5e5a1ec586', ...fields});
  const file = helloFile();
  file.revisions[vh] = rev;
  return file;
}
const NOSTR_EVENT = signedEvent('a1'.repeat(32), VH2, 1731241800);
const witnessFields = (network) => ({
  local_timestamp: '20241110123000',
  revision_type: 'witness',
  witness_merkle_root: VH2,
  witness_timestamp: network === 'sepolia' ? 1731241800.123 : 1731241800,
  witness_network: network,
  witness_smart_contract_address: {sepolia: '0x45f59310ADD88E6d23ca58A0Fa7A55BEE6d2a611', nostr: 'N/A'}[network],
  witness_transaction_hash: {sepolia: '0x' + 'cd'.repeat(32), nostr: nevent(NOSTR_EVENT)}[network],
  witness_sender_account_address: {sepolia: DEV_WALLET.address.toLowerCase(), nostr: npub(NOSTR_EVENT.pubkey)}[network],
  witness_merkle_proof: JSON.stringify([{depth: '0', left_leaf: VH2, right_leaf: null, successor: VH2}]),
});
/** A did:key signature revision as notarize.js writes it (did.js: an Ed25519 JWS over {"message": …}). */
function didSignedFile() {
  const seed = Buffer.alloc(32, 7);
  // An Ed25519 private key from its 32-byte seed (PKCS#8 prefix), and its did:key (multicodec 0xed01, base58btc).
  const key = createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const raw = Buffer.from(key.export({format: 'jwk'}).x, 'base64url');
  // cspell:disable-next-line
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let n = BigInt(`0x${Buffer.concat([Buffer.from([0xed, 0x01]), raw]).toString('hex')}`);
  let base58 = '';
  while (n > 0n) [base58, n] = [alphabet[Number(n % 58n)] + base58, n / 58n];
  const did = `did:key:z${base58}`;
  const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = b64({message: message(VH2)});
  const protectedHeader = b64({alg: 'EdDSA', kid: `${did}#z${base58}`});
  const signature = edSign(null, Buffer.from(`${protectedHeader}.${payload}`), key).toString('base64url');
  return appended({
    local_timestamp: '20241110124500',
    revision_type: 'signature',
    signature: {payload, signatures: [{protected: protectedHeader, signature}]},
    signature_public_key: did,
    signature_wallet_address: did,
    signature_type: 'did:key',
  });
}
const witnessedFile = (network = 'sepolia') => appended(witnessFields(network));
const linkedFile = () =>
  appended({
    local_timestamp: '20241126120000',
    revision_type: 'link',
    link_type: 'aqua',
    link_require_indepth_verification: true,
    link_verification_hash: VH1,
    link_uri: 'other.txt.aqua.json',
  });

const problemsOf = (file) => checkFile(file).flatMap(({problems}) => problems);
const passes = (file) => {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return checkFile(file).every(({problems}) => problems.length === 0);
  } catch {
    return false; // refused: not one chain from a genesis
  } finally {
    Error.stackTraceLimit = limit;
  }
};

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

test('the real November 2024 chain passes, with what the check leaves to you as notes', () => {
  const results = checkFile(licenseFile());
  assert.deepEqual(
    results.map(({problems}) => problems),
    [[], [], [], []],
  );
  assert.deepEqual(results[2].notes, [
    'did:key signature not verified here, and no hash covers the JWS: its leaf reads "[object Object]"',
  ]);
  assert.match(results[3].notes[0], /time-stamp token is not verified here: its time is unproven/);
});

test('witness and link revisions as notarize.js writes them pass, each with its note', () => {
  assert.match(checkFile(witnessedFile('sepolia'))[2].notes[0], /no time is proven/);
  assert.match(checkFile(witnessedFile('nostr'))[2].notes[0], /only the publisher's claim/);
  assert.deepEqual(problemsOf(linkedFile()), []);
});

test(
  'check-aqua-file.mjs, as the page publishes it, prints each revision of the real chain with its notes',
  {skip: Boolean(AGAINST)},
  () => {
    const dir = join(ROOT, 'node_modules', '.cache', 'check-aqua-file-1.3');
    mkdirSync(dir, {recursive: true});
    writeFileSync(join(dir, 'check-chain-1.3.mjs'), docBlock(PAGE, 'check-chain-1.3.mjs').body);
    writeFileSync(join(dir, 'check-aqua-file.mjs'), docBlock(PAGE, 'check-aqua-file.mjs').body);
    writeFileSync(join(dir, 'LICENSE.aqua.json'), JSON.stringify(licenseFile()));
    const out = execFileSync(process.execPath, ['check-aqua-file.mjs', 'LICENSE.aqua.json'], {
      cwd: dir,
      encoding: 'utf8',
    });
    assert.deepEqual(
      out
        .trimEnd()
        .split('\n')
        .map((line) => line.trimEnd()),
      checkFile(licenseFile()).map(({hash, notes}) => `${hash.slice(0, 10)} ok ${notes.join('; ')}`.trimEnd()),
    );
    assert.equal(out.trimEnd().split('\n').length, 4);
  },
);

test('changed content is caught; resealing it breaks the link to the next revision', () => {
  const file = helloFile();
  file.revisions[VH1].content = 'Hello, Aqua?';
  assert.ok(problemsOf(file).includes('the stored leaves do not match the fields'));
  const [newVh, resealed] = seal({...GENESIS, content: 'Hello, Aqua?'});
  assert.throws(() => checkFile({revisions: {[newVh]: resealed, [VH2]: SIGNED}}), /do not link back to the genesis/);
});

test('regression (audit): a lone surrogate, whose leaf is that of U+FFFD, is refused', () => {
  const LONE = 'a text value holds a lone surrogate, which UTF-8 cannot carry and notarize.js never writes';
  const [replacedVh, replaced] = seal({...GENESIS, content: 'Hello, Aqua! \uFFFD'});
  const [loneVh, lone] = seal({...GENESIS, content: 'Hello, Aqua! \uD800'});
  // Node's SHA3 writes the lone surrogate as the UTF-8 of U+FFFD: the same leaves and the same hash.
  assert.deepEqual(lone.leaves, replaced.leaves);
  assert.equal(loneVh, replacedVh);
  assert.deepEqual(problemsOf({revisions: {[replacedVh]: replaced}}), []);
  assert.deepEqual(problemsOf({revisions: {[loneVh]: lone}}), [LONE]);
  // A surrogate pair is whole and passes; a lone surrogate in a link's URI is refused too.
  const [pairVh, pair] = seal({...GENESIS, content: 'Hello, Aqua! \uD83D\uDE00'});
  assert.deepEqual(problemsOf({revisions: {[pairVh]: pair}}), []);
  const linked = linkedFile();
  const [linkVh, link] = Object.entries(linked.revisions).at(-1);
  assert.ok(passes(linked));
  link.link_uri = 'other\uDFFF.txt.aqua.json';
  link.leaves = leavesOf(link);
  assert.ok(
    checkFile(linked)
      .find(({hash}) => hash === linkVh)
      .problems.includes(LONE),
  );
});

test('extra leaves that no field backs are caught (the November 2024 verifier accepts them)', () => {
  const stored = [...GENESIS.leaves, 'ab'.repeat(64)];
  const forgedKey = merkleRoot(stored);
  const forged = {...GENESIS, leaves: stored};
  assert.ok(leavesOf(forged).every((leaf, i) => leaf === stored[i]));
  assert.ok(
    checkFile({revisions: {[forgedKey]: forged}})[0].problems.includes('the stored leaves do not match the fields'),
  );
});

test('a dropped genesis, a splice and a fork are refused', () => {
  assert.throws(() => checkFile({revisions: {[VH2]: SIGNED}}), /found 0/);
  const [strangerVh, stranger] = seal({...GENESIS, nonce: nonce()});
  assert.throws(() => checkFile({revisions: {...helloFile().revisions, [strangerVh]: stranger}}), /found 2/);
  const [twinVh, twin] = seal({...SIGNED, nonce: nonce()});
  assert.throws(() => checkFile({revisions: {...helloFile().revisions, [twinVh]: twin}}), /two revisions follow/);
});

test('a signature by another key, over the wrong hash, with another key named, or on a genesis is caught', () => {
  const [vhA, byOther] = seal({...SIGNED, signature: OTHER_WALLET.signMessageSync(message(VH1))});
  assert.ok(
    problemsOf({revisions: {[VH1]: GENESIS, [vhA]: byOther}}).includes(
      'the signature over the previous hash was not made by signature_wallet_address',
    ),
  );
  // Without the doubled 0x the message is not the one the 1.3 code signs.
  const [vhB, single0x] = seal({...SIGNED, signature: DEV_WALLET.signMessageSync(message(VH1.slice(2)))});
  assert.ok(
    problemsOf({revisions: {[VH1]: GENESIS, [vhB]: single0x}}).includes(
      'the signature over the previous hash was not made by signature_wallet_address',
    ),
  );
  const [vhC, otherKey] = seal({...SIGNED, signature_public_key: OTHER_WALLET.signingKey.compressedPublicKey});
  assert.ok(
    problemsOf({revisions: {[VH1]: GENESIS, [vhC]: otherKey}}).includes(
      'signature_public_key is not the key that made the signature',
    ),
  );
  const [vhD, signedGenesis] = seal({...SIGNED, previous_verification_hash: ''});
  assert.ok(
    checkFile({revisions: {[vhD]: signedGenesis}})[0].problems.includes('a genesis revision cannot carry a signature'),
  );
});

test('a witness whose root is not the revision before it, or whose proof says otherwise, is refused', () => {
  const file = appended({...witnessFields('sepolia'), witness_merkle_root: VH1});
  assert.ok(problemsOf(file).includes('witness_merkle_root is not in the form notarize.js writes'));
  const proof = JSON.stringify([{depth: '0', left_leaf: VH1, right_leaf: null, successor: VH1}]);
  assert.ok(
    problemsOf(appended({...witnessFields('sepolia'), witness_merkle_proof: proof})).includes(
      'witness_merkle_proof is not in the form notarize.js writes',
    ),
  );
});

test('a did:key signature is noted, not verified: another JWS object gives the same leaves', () => {
  const results = checkFile(licenseFile());
  const [hash, didSigned] = Object.entries(licenseFile().revisions)[2];
  const other = {...didSigned, signature: {payload: 'e30', signatures: [{protected: 'e30', signature: 'AA'}]}};
  assert.deepEqual(leavesOf(other), didSigned.leaves);
  assert.equal(results[2].hash, hash);
  assert.match(results[2].notes[0], /did:key signature not verified here/);
});

test('a garbage Ethereum signature is refused even when signature_wallet_address is empty', () => {
  const [vh, forged] = seal({...SIGNED, signature: '0x00', signature_wallet_address: ''});
  assert.equal(passes({revisions: {[VH1]: GENESIS, [vh]: forged}}), false);
});

test('an unknown or prototype-named revision_type is refused without a lookup on Object.prototype', () => {
  for (const type of ['scalar', 'constructor', 'toString', '__proto__', 'hasOwnProperty']) {
    const [vh, rev] = seal({...GENESIS, revision_type: type});
    assert.ok(checkFile({revisions: {[vh]: rev}})[0].problems.includes(`unknown revision_type ${type}`), type);
  }
});

// Every leaf cut at every ":", every same-text value of another type, every prototype-named key: the check
// refuses each (the revisions are those of the real chain, the page example, and witness and link revisions).
const GENUINE = [
  ['the page example', helloFile],
  ['the November 2024 license chain', licenseFile],
  ['an Ethereum witness', () => witnessedFile('sepolia')],
  ['a Nostr witness', () => witnessedFile('nostr')],
  ['a link', linkedFile],
  ['a did:key signature', didSignedFile],
];
for (const [label, build] of GENUINE) {
  test(`${label}: every leaf read with its key ending at another ":" is refused`, (t) => {
    const file = build();
    let cuts = 0;
    for (const [hash, rev] of Object.entries(file.revisions)) {
      for (const key of Object.keys(rev).filter((k) => k !== 'leaves')) {
        const leaf = `${key}:${rev[key]}`;
        for (let at = leaf.indexOf(':', key.length + 1); at !== -1; at = leaf.indexOf(':', at + 1)) {
          const changed = clone(rev);
          delete changed[key];
          changed[leaf.slice(0, at)] = leaf.slice(at + 1);
          assert.equal(`${leaf.slice(0, at)}:${changed[leaf.slice(0, at)]}`, leaf);
          const changedFile = {revisions: {...file.revisions, [hash]: changed}};
          if (passes(changedFile)) assert.fail(`${label}: ${key} cut at ${at}`);
          cuts++;
        }
      }
    }
    t.diagnostic(`${cuts} cuts of a leaf at another ":", all refused`);
  });

  test(`${label}: a value of another JSON type with the same text, or a prototype-named key, is refused`, () => {
    const file = build();
    for (const [hash, rev] of Object.entries(file.revisions)) {
      for (const key of Object.keys(rev).filter((k) => k !== 'leaves')) {
        const textForm = `${rev[key]}`;
        // A leaf is a template string: the same text is what `${value}` gives (null reads "null" here).
        const values = [...sameTextValues(textForm), ...(typeof rev[key] === 'string' ? [] : [textForm])];
        for (const value of values.filter((v) => v !== rev[key] && `${v}` === textForm)) {
          const changed = {...rev, [key]: value};
          assert.deepEqual(leavesOf(changed), leavesOf(rev), `${key} as ${JSON.stringify(value)} keeps its leaf`);
          const changedFile = {revisions: {...file.revisions, [hash]: changed}};
          assert.equal(passes(changedFile), false, `${label}: ${key} as ${JSON.stringify(value)}`);
        }
      }
      for (const key of [...Object.getOwnPropertyNames(Object.prototype), '__proto__']) {
        for (const target of ['revision', 'file']) {
          const changed = clone(rev);
          const changedFile = {revisions: {...file.revisions, [hash]: changed}};
          const holder = target === 'revision' ? changed : changedFile;
          Object.defineProperty(holder, key, {value: '', enumerable: true, configurable: true, writable: true});
          assert.equal(passes(changedFile), false, `${label}: ${key} on the ${target}`);
        }
      }
    }
  });
}

// Named regressions: what the audits found, and what the generated attacks below found in the script as the
// page published it at 1245666 (FUZZ_AGAINST=1245666).
test('regression (audit): a signed genesis whose link is 0, false or null is refused', () => {
  for (const link of [0, false, null]) {
    const [vh, forged] = seal({
      ...SIGNED,
      previous_verification_hash: link,
      signature: DEV_WALLET.signMessageSync(message(link)),
    });
    assert.equal(passes({revisions: {[vh]: forged}}), false, String(link));
  }
});

test('regression (generated): a time stamp, timestamp or flag written as another type is refused', () => {
  const [vh, numeric] = seal({...GENESIS, local_timestamp: Number(GENESIS.local_timestamp)});
  assert.equal(passes({revisions: {[vh]: numeric}}), false);
  const link = Object.entries(linkedFile().revisions).at(-1)[1];
  const file = linkedFile();
  const [vhL, stringFlag] = seal({...link, link_require_indepth_verification: 'true'});
  delete file.revisions[Object.keys(file.revisions).at(-1)];
  file.revisions[vhL] = stringFlag;
  assert.equal(passes(file), false);
});

test('regression (generated): a witness leaf read with its key ending at the ":" of its URL is refused', () => {
  const file = licenseFile();
  const [hash, rev] = Object.entries(file.revisions).at(-1);
  const changed = clone(rev);
  delete changed.witness_smart_contract_address;
  changed['witness_smart_contract_address:http'] = '//timestamp.digicert.com';
  assert.deepEqual(leavesOf(changed).sort(), [...rev.leaves].sort());
  assert.equal(passes({revisions: {...file.revisions, [hash]: changed}}), false);
});

test('regression (generated): a did:key revision whose signature_type leaf is read as the field "signature_type:did" is refused', () => {
  const file = didSignedFile();
  const [hash, rev] = Object.entries(file.revisions).at(-1);
  const changed = clone(rev);
  delete changed.signature_type;
  changed['signature_type:did'] = 'key';
  assert.deepEqual(leavesOf(changed), rev.leaves);
  assert.equal(passes({revisions: {...file.revisions, [hash]: changed}}), false);
});

test('regression (generated): a witness revision resealed with a field named constructor is refused', () => {
  const file = witnessedFile('sepolia');
  const [hash, rev] = Object.entries(file.revisions).at(-1);
  const [vh, sealed] = seal({...rev, constructor: ''});
  const revisions = {...file.revisions};
  delete revisions[hash];
  revisions[vh] = sealed;
  assert.equal(passes({revisions}), false);
});

// The generated attacks: a holder's changes that keep every leaf (a leaf cut at another ":", the same text as
// another JSON type), or that add a key named like an Object.prototype member and reseal the revision.
const numRuns = runs(300);
const FILES = GENUINE.map(([, build]) => build);
const target = fc.record({file: fc.nat(FILES.length - 1), revision: fc.nat(), field: fc.nat()});
function pick({file: f, revision, field}) {
  const file = FILES[f]();
  const hashes = Object.keys(file.revisions);
  const hash = hashes[revision % hashes.length];
  const rev = file.revisions[hash];
  const keys = Object.keys(rev).filter((k) => k !== 'leaves');
  return {file, hash, rev, key: keys[field % keys.length], last: hash === hashes.at(-1)};
}

test(`generated attacks: a leaf cut at another ":" passes never (seed ${seed})`, (t) => {
  attack(
    t,
    fc,
    fc.tuple(target, fc.nat()),
    ([where, n]) => {
      const {file, hash, rev, key} = pick(where);
      const leaf = `${key}:${rev[key]}`;
      const colons = [...leaf.matchAll(/:/g)].map((m) => m.index).filter((i) => i > key.length);
      if (colons.length === 0) return;
      const at = colons[n % colons.length];
      const changed = clone(rev);
      delete changed[key];
      changed[leaf.slice(0, at)] = leaf.slice(at + 1);
      if (passes({revisions: {...file.revisions, [hash]: changed}}))
        assert.fail(`passed with ${key} cut at a ":" | ${at}`);
    },
    {seed, numRuns},
  );
});

test(`generated attacks: a field of another JSON type with the same text passes never (seed ${seed})`, (t) => {
  attack(
    t,
    fc,
    fc.tuple(target, fc.nat()),
    ([where, n]) => {
      const {file, hash, rev, key} = pick(where);
      const textForm = `${rev[key]}`;
      const values = [...sameTextValues(textForm), ...(typeof rev[key] === 'string' ? [] : [textForm])].filter(
        (v) => v !== rev[key] && `${v}` === textForm,
      );
      const value = values[n % values.length];
      const type = value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value;
      if (passes({revisions: {...file.revisions, [hash]: {...rev, [key]: value}}}))
        assert.fail(`passed with ${key} as ${type} | ${JSON.stringify(value)}`);
    },
    {seed, numRuns},
  );
});

test(`generated attacks: a resealed revision with a prototype-named key passes never (seed ${seed})`, (t) => {
  attack(
    t,
    fc,
    fc.tuple(target, fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype)), fc.jsonValue()),
    ([where, key, value]) => {
      const {file, hash, rev, last} = pick(where);
      if (!last) return; // resealing an earlier revision would break the link of the next one
      const changed = {...rev};
      Object.defineProperty(changed, key, {value, enumerable: true, configurable: true, writable: true});
      const [vh, sealed] = seal(changed);
      const revisions = {...file.revisions};
      delete revisions[hash];
      revisions[vh] = sealed;
      if (passes({revisions})) assert.fail(`passed with a field named ${key} | ${JSON.stringify(value)}`);
    },
    {seed, numRuns},
  );
});
