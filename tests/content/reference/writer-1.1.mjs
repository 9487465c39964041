// Protocol 1.1 revisions in exactly the form the MediaWiki extension of 2021-2022 wrote and served
// them (inblockio/mediawiki-extensions-Aqua@a7274438b3f8eff31f7d74940c52db0cce146b73, v1.0.0-alpha.2),
// for the v1 content tests: a writer that builds such revisions from their inputs, and the genuine
// 1.1 chains of tests/content/fixtures/chains/ in that form. Written from the extension's code, not
// from the pages under test:
//   the parts and their keys     includes/Transfer/TransferEntityFactory.php
//                                newRevisionEntityFromVerificationEntity(), prepareContent()
//   the hashes                   includes/Verification/VerificationEngine.php
//                                buildAndUpdateVerificationData(), signRevision()
//   file_hash                    includes/Content/FileHashContent.php setHashFromFile(), set on every
//                                save of a File: page (includes/Hook/AddTransclusionHashesOnSave.php)
//   signature-slot               VerificationEngine::storeSignature(): json_encode, then MediaWiki's
//                                JSON pre-save transform (SignatureHandler keeps it): pretty-printed
//   transclusion-hashes          AddTransclusionHashesOnSave: an empty text on every save with main
//                                text, then TransclusionHashes::setHashmap(): json_encode of the list
//                                or '' when it is empty; TransclusionHashesHandler skips the pre-save
//                                transform, so the text stays compact; TransclusionHashExtractor
//                                retrieveHashes() writes {dbkey, ns, verification_hash}
//   the witness                  the witness event row plus structured_merkle_proof
import {Buffer} from 'node:buffer';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {ROOT} from '../doc-blocks.mjs';
import {
  contentHash,
  metadataHash,
  sha3Legacy as H,
  signatureHash,
  signatureSlotText,
  witnessEventVerificationHash,
  witnessHash,
} from './aqua-hashing.mjs';
import {extensionSnapshot} from './snapshot-tree.mjs';

export {H};
export const WITNESS_CONTRACT = '0x45f59310ADD88E6d23ca58A0Fa7A55BEE6d2a611';

/**
 * PHP's json_encode() with its default flags, as the extension calls it for transclusion-hashes:
 * compact, "/" written as "\/", and every character beyond ASCII as \u and four lowercase hex digits
 * (a UTF-16 unit each).
 */
export function phpJsonEncode(value) {
  if (value === null) return 'null';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const SHORT = {
      '"': '\\"',
      '\\': '\\\\',
      '/': '\\/',
      '\b': '\\b',
      '\f': '\\f',
      '\n': '\\n',
      '\r': '\\r',
      '\t': '\\t',
    };
    let out = '"';
    for (let i = 0; i < value.length; i++) {
      const c = value[i];
      const code = value.charCodeAt(i);
      if (SHORT[c]) out += SHORT[c];
      else if (code < 0x20 || code > 0x7f) out += '\\u' + code.toString(16).padStart(4, '0');
      else out += c;
    }
    return out + '"';
  }
  if (Array.isArray(value)) return `[${value.map(phpJsonEncode).join(',')}]`;
  return `{${Object.entries(value)
    .map(([k, v]) => `${phpJsonEncode(k)}:${phpJsonEncode(v)}`)
    .join(',')}}`;
}

const EMPTY_SIGNATURE = {signature: '', public_key: '', wallet_address: '', signature_hash: ''};

/**
 * Writes a page's chain as the extension served it (get_revision), one spec per revision:
 *   {domainId, timeStamp, main, file?: Buffer, signers?: [{user, timestamp}],
 *    transclusions?: [{dbkey, ns, verification_hash}] (an empty list is the empty slot),
 *    fileExported?: false (no bytes: an older revision no file version matches), archivename?,
 *    mergeHash?: true (the empty merge_hash of 2024 exports), revId?,
 *    signature?: {signature, public_key, wallet_address} (sealed by the next revision),
 *    witness?: {domain_snapshot_genesis_hash, merkle_root, witness_network,
 *               witness_event_transaction_hash, structured_merkle_proof?, ...other witness fields}}
 */
export function writeChain(specs) {
  let previous = null;
  return specs.map((spec, i) => {
    const slots = {};
    if (spec.file) slots.file_hash = H(spec.file);
    slots.main = spec.main;
    if (spec.signers) slots['signature-slot'] = signatureSlotText(spec.signers);
    if (spec.transclusions) {
      slots['transclusion-hashes'] = spec.transclusions.length ? phpJsonEncode(spec.transclusions) : '';
    }
    const content = {rev_id: spec.revId ?? i + 1, content: slots, content_hash: contentHash(slots)};
    // The bytes only when getFileForVerificationEntity finds a version of the file for the revision: the
    // current file for the current revision, a replaced version (with its archivename) for an older one.
    if (spec.file && spec.fileExported !== false) {
      content.file = {
        data: spec.file.toString('base64'),
        filename: spec.filename ?? 'Upload.bin',
        size: spec.file.length,
        comment: spec.comment ?? '',
        ...(spec.archivename === undefined ? {} : {archivename: spec.archivename}),
      };
    }
    const fields = {
      domain_id: spec.domainId,
      time_stamp: spec.timeStamp,
      previous_verification_hash: previous?.verificationHash ?? '',
      ...(spec.mergeHash ? {merge_hash: ''} : {}),
    };
    const metadata = {...fields, metadata_hash: metadataHash(fields)};
    const before = {signatureHash: previous?.signatureHash ?? '', witnessHash: previous?.witnessHash ?? ''};
    metadata.verification_hash = H(
      content.content_hash + metadata.metadata_hash + before.signatureHash + before.witnessHash,
    );
    const signature = spec.signature
      ? {...spec.signature, signature_hash: signatureHash(spec.signature)}
      : EMPTY_SIGNATURE;
    const witness = spec.witness ? witnessRecord(spec.witness, spec.domainId) : null;
    previous = {
      verificationHash: metadata.verification_hash,
      signatureHash: signature.signature_hash,
      witnessHash: witness ? witness.witness_hash : '',
    };
    return {
      verification_context: {
        has_previous_signature: before.signatureHash !== '',
        has_previous_witness: before.witnessHash !== '',
      },
      content,
      metadata,
      signature: {...signature},
      witness,
    };
  });
}

function witnessRecord(w, domainId) {
  return {
    // A number: WitnessLookup casts it to int since 2a57bb9 (January 2022); exports before carry a string.
    witness_event_id: w.witness_event_id ?? 1,
    domain_id: w.domain_id ?? domainId,
    domain_snapshot_title:
      w.domain_snapshot_title ?? `Data Accounting:DomainSnapshot:${w.domain_snapshot_genesis_hash}`,
    witness_hash: witnessHash(w),
    domain_snapshot_genesis_hash: w.domain_snapshot_genesis_hash,
    merkle_root: w.merkle_root,
    witness_event_verification_hash: witnessEventVerificationHash(w),
    witness_network: w.witness_network,
    smart_contract_address: w.smart_contract_address ?? WITNESS_CONTRACT,
    witness_event_transaction_hash: w.witness_event_transaction_hash,
    sender_account_address: w.sender_account_address ?? '0xa2026582b94feb9124231fbf7b052c39218954c2',
    source: w.source ?? 'default',
    structured_merkle_proof: w.structured_merkle_proof ?? [],
  };
}

// --- The worked chain of the v1 pages (data-accounting.md and whitepaper.md) -------------------

const A =
  '6b99005460b77d94686a36ddee67c174e83e916a570066f0c8ec86e755cf3f5e2255c2a23d31b2672ae19e6fdd8e14c1223bb8343c44049932349939f44ad08f';
const B =
  '116eb1556ecd5a7fa9f8592016a229071d74303bef868f213efed95468c2898d702c741d20671c37455954a09546b9004966b14042314e044f139f96e8bd32f1';
const C =
  '09ffc698495817f62ca0d37e4e9c6d65bc67650536c35f7e3acd9e95d8de11414412e0e494ac8b8739de4ed7b44d5c4bf98c26c3c7bc30709114a097894e924b';
export const WORKED = {
  text1: 'Aqua makes data accountable.',
  text2: 'Aqua makes data accountable. Every edit becomes a new revision.',
  text3: 'Aqua makes data accountable. Every edit becomes a new revision. Witnessed.',
  leaves: {A, B, C},
  snapshotGenesis:
    'dff3d56a2dbd5898fa65d6060e7196ba9dbf49b54e435ef263d2a2337ca2ff0d4b46b3c303efb69192fd755a983dceed572b3c3cd086f8f2070990745d725313',
  txHash: '0x5914d15ebd0f57fd0a37c1ccbf24612c8088d05ccb240c2eae8b38f4791eebb4',
  // The throwaway key of the data-accounting page, signing revision 1.
  signature: {
    signature:
      '0x140a919f538197dbf659e7dd6f7d44a01a00f8bc2680fc38c24de64c52dac3eb21e37f4435043f9e5fd00d56268ab74ef98ae86b53b0adfdb3c1df9b2d165f811b',
    public_key:
      '0x04acaac73721d6717f33613da9442e851bad9b1fc0d2c7e850a20d1c93989ce9a07c82fe4f5535d5065d95bd541be6d38beffcc000c5ba0827fd59af45c1184917',
    wallet_address: '0xed570089f741f9308f48f88b9bbeed3f7d02c24f',
  },
};
const AB = H(A + B);
WORKED.root = H(AB + C);
// As requestMerkleProof exports it at a7274438: with the event's hash, depth as a number, and id and
// witness_event_id as 0 (the query does not select them).
WORKED.proof = extensionSnapshot([A, B, C], {
  form: '2022',
  eventHash: H(WORKED.snapshotGenesis + WORKED.root),
}).proofOf(A);
if (WORKED.proof[0].successor !== AB) throw new Error('the worked proof does not start with H(A + B)');

/** The three revisions of the worked chain: revision 1 signed, revision 2 witnessed on goerli. */
export function workedChain() {
  return writeChain([
    {
      domainId: '5a1b9c3e7d',
      timeStamp: '20220110093000',
      main: WORKED.text1,
      transclusions: [],
      signature: WORKED.signature,
    },
    {
      domainId: '5a1b9c3e7d',
      timeStamp: '20220110101500',
      main: WORKED.text2,
      transclusions: [],
      witness: {
        domain_snapshot_genesis_hash: WORKED.snapshotGenesis,
        merkle_root: WORKED.root,
        witness_network: 'goerli',
        witness_event_transaction_hash: WORKED.txHash,
        structured_merkle_proof: WORKED.proof,
      },
    },
    {domainId: '5a1b9c3e7d', timeStamp: '20220110120000', main: WORKED.text3, transclusions: []},
  ]);
}

/**
 * A page witnessed in a snapshot of three pages where its hash is the third leaf: it has no partner at depth 1,
 * so its proof starts with the node that passes it up ({left_leaf: hash, right_leaf: null, successor: hash}),
 * as storeMerkleTree and requestMerkleProof write it. The other two leaves are those of the worked example.
 */
export function passUpChain() {
  const specs = [
    {domainId: '5a1b9c3e7d', timeStamp: '20220111080000', main: 'Invoice 2022-017: 100 EUR.', transclusions: []},
    {domainId: '5a1b9c3e7d', timeStamp: '20220112080000', main: 'Invoice 2022-017: 100 EUR. Paid.', transclusions: []},
  ];
  const leaf = writeChain(specs)[0].metadata.verification_hash;
  const snapshotGenesis = H('DomainSnapshot 2 of 5a1b9c3e7d');
  const root = extensionSnapshot([A, B, leaf]).root;
  const eventHash = H(snapshotGenesis + root);
  const {proofOf} = extensionSnapshot([A, B, leaf], {form: '2022', eventHash});
  specs[0].witness = {
    domain_snapshot_genesis_hash: snapshotGenesis,
    merkle_root: root,
    witness_network: 'goerli',
    witness_event_transaction_hash: `0x${H('a transaction').slice(0, 64)}`,
    structured_merkle_proof: proofOf(leaf),
  };
  return writeChain(specs);
}

/**
 * A file page as the extension exports it after a re-upload: revision 1 uploaded version 1 (since replaced:
 * its bytes with an archivename), revision 2 edited the description and revision 3 uploaded version 2, both
 * without bytes (no replaced version has their time stamps, and neither is current), and revision 4, the
 * current one, edited the description again and carries the current file. file_hash is set on every save
 * from the file current at that moment.
 */
export function filePageChain() {
  const v1 = Buffer.from('%PDF-1.4 report, first version\n');
  const v2 = Buffer.from('%PDF-1.4 report, second version\n');
  const page = (timeStamp, main, file, exported) => ({
    domainId: '5a1b9c3e7d',
    timeStamp,
    main,
    transclusions: [],
    file,
    filename: 'Report.pdf',
    comment: 'Quarterly report',
    ...exported,
  });
  return writeChain([
    page('20220113090000', 'The quarterly report.', v1, {archivename: '20220114090000!Report.pdf'}),
    page('20220113100000', 'The quarterly report, first quarter.', v1, {fileExported: false}),
    page('20220114090000', 'The quarterly report, first quarter.', v2, {fileExported: false}),
    page('20220114100000', 'The quarterly report, first quarter, corrected.', v2, {}),
  ]);
}

// --- The genuine 1.1 chains of tests/content/fixtures/chains/ ----------------------------------

const fixture = (name) => readFileSync(join(ROOT, 'tests/content/fixtures/chains', name), 'utf8');

/**
 * The November 2021 XML export (aqua-1.1-pale-blue-dot.xml) in the form get_revision served. The
 * export names the snapshot a "domain manifest" and leaves out the stored hashes that are not
 * verification hashes; those are recomputed here, everything a hash joins is taken as exported.
 */
export function paleBlueDot() {
  const xml = fixture('aqua-1.1-pale-blue-dot.xml');
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
  let previous = null;
  return [...xml.matchAll(/<revision>([\s\S]*?)<\/revision>/g)].map(([, rev]) => {
    const verification = /<verification>([\s\S]*)<\/verification>/.exec(rev)[1];
    const w = /<witness>([\s\S]*?)<\/witness>/.exec(verification)?.[1];
    const witness = w && {
      witness_event_id: tag(verification, 'witness_event_id'),
      domain_id: tag(w, 'domain_id'),
      domain_snapshot_title: tag(w, 'domain_manifest_title'),
      witness_hash: tag(w, 'witness_hash'),
      domain_snapshot_genesis_hash: tag(w, 'domain_manifest_verification_hash'),
      merkle_root: tag(w, 'merkle_root'),
      witness_event_verification_hash: tag(w, 'witness_event_verification_hash'),
      witness_network: tag(w, 'witness_network'),
      smart_contract_address: tag(w, 'smart_contract_address'),
      witness_event_transaction_hash: tag(w, 'witness_event_transaction_hash'),
      sender_account_address: tag(w, 'sender_account_address'),
      source: tag(w, 'source'),
      structured_merkle_proof: JSON.parse(tag(w, 'structured_merkle_proof')),
    };
    const slots = {main: decode(/<text[^>]*>([\s\S]*?)<\/text>/.exec(rev)[1])};
    const signature = {
      signature: tag(verification, 'signature') ?? '',
      public_key: tag(verification, 'public_key') ?? '',
      wallet_address: tag(verification, 'wallet_address') ?? '',
    };
    const fields = {
      domain_id: tag(verification, 'domain_id'),
      time_stamp: tag(verification, 'time_stamp'),
      previous_verification_hash: previous?.metadata.verification_hash ?? '',
    };
    const revision = {
      verification_context: {
        has_previous_signature: Boolean(previous?.signature.signature),
        has_previous_witness: Boolean(previous?.witness),
      },
      content: {rev_id: Number(tag(verification, 'rev_id')), content: slots, content_hash: contentHash(slots)},
      metadata: {
        ...fields,
        metadata_hash: metadataHash(fields),
        verification_hash: tag(verification, 'verification_hash'),
      },
      signature: {...signature, signature_hash: signatureHash(signature)},
      witness: witness ?? null,
    };
    previous = revision;
    return revision;
  });
}

/** Every genuine 1.1 chain the tests know, in the form get_revision served it. */
export function referenceChains() {
  return [
    {name: 'the worked chain of the v1 pages', revisions: workedChain()},
    {name: 'a page whose Merkle proof passes its hash up (right_leaf null)', revisions: passUpChain()},
    {name: 'a file page whose older revisions come without the bytes', revisions: filePageChain()},
    {
      name: 'the 2022 example (aqua-docs@738f25c Aqua_Protocol.md)',
      revisions: JSON.parse(fixture('aqua-1.1-aqua-page.json')),
    },
    {name: 'the Pale Blue Dot export of November 2021', revisions: paleBlueDot()},
    {
      name: 'the access agreement of July 2024 (aqua-guardian@9048bc1 test data)',
      revisions: ['aqua-1.1-guardian-DAA_SIG_SENDER_NO_WIT.json', 'aqua-1.1-guardian-DAA_SIG_RECEIVER_NO_WIT.json'].map(
        (name) => JSON.parse(fixture(name)),
      ),
    },
  ];
}
