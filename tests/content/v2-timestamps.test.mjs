// The witnesses of check-aqua-links.mjs (versioned_docs/version-1.2.0/Components/verifier/aqua-cli-javascript.md):
// what a time stamp and a Nostr event must be before a file passes.
//
// The guarantee the page states: an RFC 3161 witness counts only when its token's CMS signature verifies, its
// message imprint is SHA-256 of witness_merkle_root, its generation time is witness_timestamp, and its signer's
// certificate is a time-stamping certificate that chains to a trust anchor the caller gives; without an anchor
// the time is unproven and the file does not pass. A Nostr witness counts only when the caller supplies the event
// and its id is the NIP-01 hash of its fields, its BIP-340 signature over that id verifies, its key is
// witness_sender_account_address and it carries the root at witness_timestamp; even then its time is called the
// publisher's claim. verify.js at 538eab0 checks no time-stamp signature (witness_tsa.js lines 66 to 92); for a Nostr
// event, its relay client (nostr-tools 2.7.2) drops an event whose id or signature fails, but nothing compares the
// event's key with witness_sender_account_address (witness_nostr.js lines 70 to 83).
//
// The module must work with the packages `npm ci` installs in the clone at 538eab0 (pkijs 3.2.4, which finds no
// crypto engine of its own in a Node.js ES module) as well as with this site's: V2_CLONE_MODULES runs this file
// against the clone's versions (v2-checks.mjs).
//
// Tokens are made here with a test CA and TSA (tsa-support.mjs); one real token, DigiCert's of 5 November 2024
// (fixtures/chains/aqua-1.3-draft-tsa-witness.json), is verified against the DigiCert root in Node's store.
// Events are signed here with an independent BIP-340 implementation (nostr-support.mjs).
// FUZZ_AGAINST=<commit> runs the generated attacks against the page at that commit (FUZZ_SURVEY=1 counts breaks).
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {X509Certificate} from 'node:crypto';
import {readdirSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import tls from 'node:tls';
import {test} from 'node:test';
import * as asn1js from 'asn1js';
import fc from 'fast-check';
import {runs, seed} from '../../scripts/lib/fuzz.mjs';
import {append, helloFile, witnessFields} from './aqua-js-538eab0.mjs';
import {fixture} from './chains-1-2.mjs';
import {nevent, npub, signedEvent} from './nostr-support.mjs';
import {makeAuthority, makeToken} from './tsa-support.mjs';
import {CLONE, LINKS_PAGE as PAGE, blockBody, linksModule, pageText, scriptFolder} from './v2-checks.mjs';

const published = await linksModule();
/** checkLinks as published; before the time stamps were checked it took the linked files and returned a list. */
async function check(file, options = {}) {
  const result = await published.checkLinks(file, options);
  return Array.isArray(result) ? {problems: result, notes: []} : result;
}
const passes = async (file, options) => (await check(file, options)).problems.length === 0;

const TRUSTED = await makeAuthority('Trusted');
const UNTRUSTED = await makeAuthority('Forger');
const WEB_ONLY = await makeAuthority('Web', {purpose: '1.3.6.1.5.5.7.3.1'}); // a TLS server certificate, trusted
// RFC 3161 section 2.3: the extended key usage of a TSA is critical and holds id-kp-timeStamping alone.
const LAX = await makeAuthority('Lax', {critical: false});
const MANY = await makeAuthority('Many', {purpose: ['1.3.6.1.5.5.7.3.8', '1.3.6.1.5.5.7.3.4']});
const TIME = new Date('2024-12-16T18:00:00Z');
const UNIX = TIME.getTime() / 1000;

/** The real 538eab0 file with an RFC 3161 witness of its last revision. */
async function tsaWitnessed({authority = TRUSTED, imprint, time = UNIX, tokenTime = TIME, tamper} = {}) {
  const file = helloFile();
  const previous = Object.keys(file.revisions).at(-1);
  const token = await makeToken({imprintOf: imprint ?? previous, time: tokenTime, authority, tamper});
  return append(
    file,
    'witness',
    witnessFields(previous, 'TSA_RFC3161', {transaction: token, sender: 'DigiCert', time}),
  );
}
const anchors = (authority = TRUSTED) => ({tsaTrustAnchors: [authority.root]});
const problemsOf = async (file, options) => (await check(file, options)).problems;

test('a token signed by a TSA that chains to your anchor counts, and its time is reported as verified', async () => {
  const result = await check(await tsaWitnessed(), anchors());
  assert.deepEqual(result.problems, []);
  assert.deepEqual(result.notes, [
    'revision 3: time stamp of 2024-12-16T18:00:00.000Z verified against your TSA trust anchor',
  ]);
  // The anchor may be given as PEM text too, as tls.rootCertificates lists them.
  assert.deepEqual(await problemsOf(await tsaWitnessed(), {tsaTrustAnchors: [TRUSTED.rootPem]}), []);
});

test('without a trust anchor the time is unproven, and the file does not pass', async () => {
  assert.deepEqual(await problemsOf(await tsaWitnessed()), [
    'revision 3: the RFC 3161 time stamp does not count: no TSA trust anchor was given, so the time is unproven',
  ]);
});

test('an unsigned token, one signed by a key nobody trusts, or by a non-TSA certificate does not count', async () => {
  assert.deepEqual(await problemsOf(await tsaWitnessed({authority: null}), anchors()), [
    'revision 3: the RFC 3161 time stamp does not count: the token does not have exactly one signer',
  ]);
  const [untrusted] = await problemsOf(await tsaWitnessed({authority: UNTRUSTED}), anchors());
  assert.match(untrusted, /signature or certificate chain does not verify \(.*No valid certificate paths found\)/);
  assert.deepEqual(await problemsOf(await tsaWitnessed({authority: WEB_ONLY}), anchors(WEB_ONLY)), [
    "revision 3: the RFC 3161 time stamp does not count: the signer's certificate is not a time-stamping certificate",
  ]);
});

test('regression (audit): a TSA certificate whose extended key usage is not critical, or names another purpose too, does not count', async () => {
  // The page named this "the time-stamping key usage"; it is the Extended Key Usage extension, critical, holding
  // exactly id-kp-timeStamping, and the page says so now.
  const refusal =
    "revision 3: the RFC 3161 time stamp does not count: the signer's certificate is not a time-stamping certificate";
  assert.deepEqual(await problemsOf(await tsaWitnessed({authority: LAX}), anchors(LAX)), [refusal]);
  assert.deepEqual(await problemsOf(await tsaWitnessed({authority: MANY}), anchors(MANY)), [refusal]);
  const bullet = pageText(PAGE)
    .split('\n')
    .find((line) => line.startsWith('- **An RFC 3161 witness counts only'));
  assert.match(
    bullet,
    /Extended Key Usage extension is marked critical and names exactly one purpose, `id-kp-timeStamping`/,
  );
  assert.doesNotMatch(bullet, /time-stamping key usage/);
});

test('a token over another imprint, at another time, or with a signed attribute changed does not count', async () => {
  assert.deepEqual(await problemsOf(await tsaWitnessed({imprint: 'another root'}), anchors()), [
    'revision 3: the RFC 3161 time stamp does not count: the token does not time-stamp SHA-256 of witness_merkle_root',
  ]);
  assert.deepEqual(await problemsOf(await tsaWitnessed({time: UNIX - 3600}), anchors()), [
    'revision 3: the RFC 3161 time stamp does not count: the token was generated at another time than witness_timestamp',
  ]);
  // The signing time moved to 2001 after signing: the signature over the signed attributes breaks.
  const tamper = (signer) => {
    signer.signedAttrs.attributes[1].values[0] = new asn1js.UTCTime({valueDate: new Date('2001-01-01T00:00:00Z')});
  };
  assert.deepEqual(await problemsOf(await tsaWitnessed({tamper}), anchors()), [
    "revision 3: the RFC 3161 time stamp does not count: the token's signature does not verify",
  ]);
});

test("a real DigiCert token verifies against DigiCert's root in Node's store, and against nothing else", async () => {
  const [[, witness]] = Object.entries(fixture('aqua-1.3-draft-tsa-witness.json').revisions);
  const {witness_transaction_hash: token, witness_merkle_root: root, witness_timestamp: time} = witness;
  const root_ = (cn) =>
    tls.rootCertificates.filter((pem) => new X509Certificate(pem).subject.split('\n').includes(`CN=${cn}`));
  const assured = root_('DigiCert Assured ID Root CA');
  assert.equal(assured.length, 1);
  assert.equal(await published.checkTimeStamp(token, root, time, assured), null);
  assert.equal(new Date(time * 1000).toISOString(), '2024-11-05T10:21:52.000Z');
  // pkijs builds the path through the cross-certificate of Trusted Root G4 that the token carries, so the
  // self-signed G4 alone does not suffice (the page says so); nor does a root that did not issue the chain.
  assert.notEqual(await published.checkTimeStamp(token, root, time, root_('DigiCert Trusted Root G4')), null);
  assert.notEqual(await published.checkTimeStamp(token, root, time, [TRUSTED.root]), null);
  assert.notEqual(await published.checkTimeStamp(token, root.replace('0x8', '0x9'), time, assured), null);
});

// Nostr: events signed here (BIP-340), named by an nevent and an npub as notarize.js stores them.
const PUBLISHER = 'a1'.repeat(32);
const IMPOSTOR = 'b2'.repeat(32);
/** The real 538eab0 file with a Nostr witness of its last revision, and the event a relay would return. */
function nostrWitnessed({signer = PUBLISHER, named = PUBLISHER, content, createdAt = UNIX, stored = UNIX} = {}) {
  const file = helloFile();
  const previous = Object.keys(file.revisions).at(-1);
  const event = signedEvent(signer, content ?? previous, createdAt);
  const author = signedEvent(named, 'x', 1).pubkey;
  append(
    file,
    'witness',
    witnessFields(previous, 'nostr', {transaction: nevent(event), sender: npub(author), time: stored}),
  );
  return {file, event, events: {[event.id]: event}};
}

test("a Nostr event signed by the named publisher counts, and its time is called the publisher's claim", async () => {
  const {file, events} = nostrWitnessed();
  const result = await check(file, {nostrEvents: events});
  assert.deepEqual(result.problems, []);
  assert.deepEqual(result.notes, [
    "revision 3: the Nostr event is signed by witness_sender_account_address; its time, 2024-12-16T18:00:00.000Z, is only the publisher's claim",
  ]);
});

test('a Nostr event that is missing, badly signed, by another key, or for another root or time does not count', async () => {
  const {file} = nostrWitnessed();
  assert.deepEqual(await problemsOf(file), [
    'revision 3: the Nostr witness does not count: the event was not supplied, so its signature is unchecked',
  ]);
  const bad = nostrWitnessed();
  const sig = bad.event.sig;
  bad.event.sig = (sig[0] === '0' ? '1' : '0') + sig.slice(1);
  assert.deepEqual(await problemsOf(bad.file, {nostrEvents: bad.events}), [
    "revision 3: the Nostr witness does not count: the event's signature does not verify",
  ]);
  const impostor = nostrWitnessed({signer: IMPOSTOR});
  assert.deepEqual(await problemsOf(impostor.file, {nostrEvents: impostor.events}), [
    'revision 3: the Nostr witness does not count: the event was not published by witness_sender_account_address',
  ]);
  const elsewhere = nostrWitnessed({content: '0x1220' + 'ab'.repeat(32)});
  const later = nostrWitnessed({stored: UNIX + 60});
  for (const {file: f, events} of [elsewhere, later]) {
    assert.deepEqual(await problemsOf(f, {nostrEvents: events}), [
      'revision 3: the Nostr witness does not count: the event does not carry witness_merkle_root at witness_timestamp',
    ]);
  }
  // An event whose fields were changed after signing no longer hashes to its id.
  const edited = nostrWitnessed();
  edited.event.created_at += 1;
  assert.deepEqual(await problemsOf(edited.file, {nostrEvents: edited.events}), [
    'revision 3: the Nostr witness does not count: the event is not the one witness_transaction_hash names',
  ]);
});

test('an Ethereum witness passes this check with a note that its time is the block time, not witness_timestamp', async () => {
  const file = helloFile();
  const previous = Object.keys(file.revisions).at(-1);
  const transaction = '0x' + 'cd'.repeat(32);
  append(
    file,
    'witness',
    witnessFields(previous, 'sepolia', {
      transaction,
      sender: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      time: 1734372000.5,
    }),
  );
  const result = await check(file);
  assert.deepEqual(result.problems, []);
  assert.match(result.notes[0], /time of the block that holds transaction 0xcdcd/);
});

/** A folder holding check-aqua-links.mjs and check-file.mjs as published, and `files` (name -> parsed file). */
function checkFileFolder(name, files) {
  // Inside the project (or the clone's folder), so that the packages resolve as they do for a reader.
  const dir = scriptFolder(name);
  writeFileSync(join(dir, 'check-aqua-links.mjs'), blockBody(PAGE, 'check-aqua-links.mjs'));
  writeFileSync(join(dir, 'check-file.mjs'), blockBody(PAGE, 'check-file.mjs'));
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.aqua.json'))) rmSync(join(dir, file));
  for (const [file, data] of Object.entries(files)) writeFileSync(join(dir, file), JSON.stringify(data));
  return dir;
}
/** check-file.mjs run on `file` in `dir`: its exit code and what it printed. */
function runCheckFile(dir, file) {
  try {
    return {
      code: 0,
      out: execFileSync(process.execPath, ['check-file.mjs', file], {cwd: dir, encoding: 'utf8'}).trim(),
    };
  } catch (error) {
    return {code: error.status, out: String(error.stdout).trim()};
  }
}
/** The real file with a link revision to the latest revision of `linked` (named `uri`), as notarize.js --link writes it. */
function linking(linked, uri) {
  const link = {
    link_type: 'aqua',
    link_require_indepth_verification: true,
    link_verification_hash: Object.keys(linked.revisions).at(-1),
    link_uri: uri,
  };
  return append(helloFile(), 'link', link);
}

test('check-file.mjs, as the page publishes it, runs the check with the DigiCert anchor on a real file', () => {
  const dir = checkFileFolder('v2-check-file', {'hello.txt.aqua.json': helloFile()});
  assert.deepEqual(runCheckFile(dir, 'hello.txt.aqua.json'), {code: 0, out: 'no problems'});
});

test('regression (audit): check-file.mjs reads the files that link revisions name, as verify.js does, and passes them', () => {
  // It passed no linkedFiles, so every file with a link revision failed with "was not supplied".
  const annex = helloFile();
  const second = linking(annex, 'annex.txt.aqua.json'); // a linked file that links on
  const first = linking(second, 'second.txt.aqua.json');
  const dir = checkFileFolder('v2-check-file-links', {
    'first.txt.aqua.json': first,
    'second.txt.aqua.json': second,
    'annex.txt.aqua.json': annex,
  });
  assert.deepEqual(runCheckFile(dir, 'first.txt.aqua.json'), {code: 0, out: 'no problems'});
  // A linked file that is missing, or lacks the linked hash, still fails the file.
  const broken = checkFileFolder('v2-check-file-missing', {
    'first.txt.aqua.json': first,
    'second.txt.aqua.json': second,
  });
  assert.deepEqual(runCheckFile(broken, 'first.txt.aqua.json'), {
    code: 1,
    out: 'second.txt.aqua.json: revision 3: the linked file annex.txt.aqua.json was not supplied',
  });
  const other = checkFileFolder('v2-check-file-other', {
    'first.txt.aqua.json': first,
    'second.txt.aqua.json': helloFile(),
  });
  assert.deepEqual(runCheckFile(other, 'first.txt.aqua.json'), {
    code: 1,
    out: 'revision 3: the linked file does not contain link_verification_hash',
  });
});

test('regression (audit): the real DigiCert token verifies in a process where pkijs finds no crypto engine of its own', () => {
  // pkijs 3.2.4, which npm ci installs at 538eab0, looks only for self.crypto or crypto.webcrypto, and a Node.js ES
  // module has neither: the module as it was failed every genuine token there ("Please call 'setEngine' before call
  // to 'getEngine'"). Here the same state is made for this site's pkijs by removing globalThis.crypto before it
  // loads; with V2_CLONE_MODULES the clone's pkijs 3.2.4 also runs as it is.
  const [[, witness]] = Object.entries(fixture('aqua-1.3-draft-tsa-witness.json').revisions);
  const dir = scriptFolder('v2-no-engine');
  writeFileSync(join(dir, 'check-aqua-links.mjs'), blockBody(PAGE, 'check-aqua-links.mjs'));
  writeFileSync(join(dir, 'witness.json'), JSON.stringify(witness));
  writeFileSync(
    join(dir, 'run.mjs'),
    [
      "import {X509Certificate} from 'node:crypto';",
      "import {readFileSync} from 'node:fs';",
      "import tls from 'node:tls';",
      "import {checkTimeStamp} from './check-aqua-links.mjs';",
      "const w = JSON.parse(readFileSync('witness.json', 'utf8'));",
      "const cn = (pem) => new X509Certificate(pem).subject.split('\\n');",
      "const anchors = tls.rootCertificates.filter((pem) => cn(pem).includes('CN=DigiCert Assured ID Root CA'));",
      'const result = await checkTimeStamp(w.witness_transaction_hash, w.witness_merkle_root, w.witness_timestamp, anchors);',
      'console.log(JSON.stringify(result));',
    ].join('\n'),
  );
  const run = (...flags) => execFileSync(process.execPath, [...flags, 'run.mjs'], {cwd: dir, encoding: 'utf8'}).trim();
  assert.equal(run('--import', 'data:text/javascript,delete globalThis.crypto'), 'null');
  if (CLONE) assert.equal(run(), 'null');
});

// Named regressions of the audit and of the generated attacks below, run against the page at 1245666.
test('regression (audit): an unsigned token dated 2001-01-01, minted offline, does not count', async () => {
  const time = new Date('2001-01-01T00:00:00Z');
  const file = await tsaWitnessed({authority: null, tokenTime: time, time: time.getTime() / 1000});
  assert.equal(await passes(file, anchors()), false);
  assert.equal(await passes(file), false);
});

test('regression (generated): a token signed by a key nobody trusts does not count', async () => {
  assert.equal(await passes(await tsaWitnessed({authority: UNTRUSTED}), anchors()), false);
});

test('regression (generated): a Nostr event signed by another key than the named publisher does not count', async () => {
  const {file, events} = nostrWitnessed({signer: IMPOSTOR});
  assert.equal(await passes(file, {nostrEvents: events}), false);
});

test('regression (generated): a token over another imprint, at another time, with no anchor given does not count', async () => {
  const file = await tsaWitnessed({imprint: 'another root', time: UNIX + 1});
  assert.equal(await passes(file), false);
});

test('regression (generated): a Nostr witness with a bad signature, another root and time, and no event supplied does not count', async () => {
  const made = nostrWitnessed({content: 'another root', stored: UNIX + 1});
  made.event.sig = made.event.sig.slice(0, -1) + (made.event.sig.endsWith('0') ? '1' : '0');
  assert.equal(await passes(made.file), false);
});

/** Runs an async generated attack: fc.assert, or with FUZZ_SURVEY=1 every case, counting kinds of break. */
async function attackAsync(t, arbitrary, body, numRuns) {
  if (!process.env.FUZZ_SURVEY) {
    await fc.assert(fc.asyncProperty(arbitrary, body), {seed, numRuns});
    return;
  }
  const kinds = new Map();
  for (const drawn of fc.sample(arbitrary, {seed, numRuns})) {
    try {
      await body(drawn);
    } catch (error) {
      const kind = String(error.message).split('\n')[0].split(' | ')[0];
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
  }
  for (const [kind, count] of kinds) t.diagnostic(`${count}× ${kind}`);
  if (kinds.size) throw new Error(`${kinds.size} kinds of break in ${numRuns} cases`);
}

test(`generated attacks: a time-stamp token counts only when signed, trusted, over the root, at its time (seed ${seed})`, async (t) => {
  const SIGNERS = {trusted: TRUSTED, untrusted: UNTRUSTED, 'no signer': null, 'a TLS certificate': WEB_ONLY};
  const case_ = fc.record({
    signer: fc.constantFrom(...Object.keys(SIGNERS)),
    imprint: fc.boolean(),
    time: fc.boolean(),
    tamper: fc.boolean(),
    anchor: fc.boolean(),
  });
  await attackAsync(
    t,
    case_,
    async ({signer, imprint, time, tamper, anchor}) => {
      const authority = SIGNERS[signer];
      const file = await tsaWitnessed({
        authority,
        imprint: imprint ? undefined : 'another root',
        time: time ? UNIX : UNIX + 1,
        tamper: tamper
          ? (s) => (s.signedAttrs.attributes[1].values[0] = new asn1js.UTCTime({valueDate: new Date(0)}))
          : undefined,
      });
      // The anchor is the root of whoever signed (so a TLS certificate is trusted too), or none.
      const options = anchor && authority ? anchors(signer === 'untrusted' ? TRUSTED : authority) : {};
      const genuine = signer === 'trusted' && imprint && time && !tamper && anchor;
      if ((await passes(file, options)) && !genuine) {
        const what = [
          signer,
          !imprint && 'another imprint',
          !time && 'another time',
          tamper && 'a changed attribute',
          !anchor && 'no anchor',
        ];
        assert.fail(`passed: ${what.filter(Boolean).join(', ')}`);
      }
    },
    runs(60),
  );
});

test(`generated attacks: a Nostr event counts only when supplied, signed by the named key, over the root (seed ${seed})`, async (t) => {
  const case_ = fc.record({
    signer: fc.constantFrom(PUBLISHER, IMPOSTOR),
    content: fc.boolean(),
    time: fc.boolean(),
    sig: fc.boolean(),
    supplied: fc.boolean(),
  });
  await attackAsync(
    t,
    case_,
    async ({signer, content, time, sig, supplied}) => {
      const made = nostrWitnessed({
        signer,
        content: content ? undefined : 'another root',
        stored: time ? UNIX : UNIX + 1,
      });
      if (!sig) made.event.sig = made.event.sig.slice(0, -1) + (made.event.sig.endsWith('0') ? '1' : '0');
      const genuine = signer === PUBLISHER && content && time && sig && supplied;
      if ((await passes(made.file, supplied ? {nostrEvents: made.events} : {})) && !genuine) {
        const what = [
          signer === IMPOSTOR && 'another key',
          !content && 'another root',
          !time && 'another time',
          !sig && 'a bad signature',
          !supplied && 'no event',
        ];
        assert.fail(`passed: ${what.filter(Boolean).join(', ')}`);
      }
    },
    runs(60),
  );
});
