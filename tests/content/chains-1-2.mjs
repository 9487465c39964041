// 1.2 chains for the content tests of the 1.2 check scripts: the real ones (the page's example, the
// fixtures in fixtures/chains/) and revisions this file builds the way the two writers build them (a
// content edit, a witness revision and a file page of the MediaWiki extension, a witness revision of the
// Rust crate), for the kinds no real 1.2 chain in the pinned repositories shows.
//
// The extension: inblockio/mediawiki-extensions-Aqua@d671085, VerificationEngine::buildAndUpdateVerificationData,
// ::storeSignature and ::witnessPage, exported by TransferEntityFactory. The Rust crate: aqua-verifier-rs@9889a39
// src/verifier.rs generate_aqua_chain, sign_aqua_chain and witness_aqua_chain, serialised by aqua-verifier-rs-types.
import {Buffer} from 'node:buffer';
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {Wallet} from 'ethers';
import {ROOT, docBlock} from './doc-blocks.mjs';

export const PAGE_1_2 = 'docs/protocol/aqua_protocol_v1_2.md';
const sha3 = (data) => createHash('sha3-512').update(data).digest('hex');
export const H = (text) => (text === '' ? '' : sha3(text));
/** The first 96 hex digits of SHA3-512 of the empty text, which the extension stores as a blank page's content hash. */
export const BLANK = sha3('').slice(0, 96);
export const clone = (value) => globalThis.structuredClone(value);
export const fixture = (name) => JSON.parse(readFileSync(join(ROOT, 'tests/content/fixtures/chains', name), 'utf8'));

/** A fresh copy of the page's example page (two revisions: genesis, then a signature revision). */
export const helloPage = () => clone(JSON.parse(docBlock(PAGE_1_2, 'hello-aqua.json').body).pages[0]);
export const daaPage = () => fixture('aqua-1.2-pkc-template-DataAccessAgreement.json').pages[0];
export const logoPage = () => fixture('aqua-1.2-logo-erp.json').pages[0];

/** Recomputes every stored hash of a revision from its fields, as its writer does; returns its new key. */
export function reseal(rev) {
  const {content, metadata: meta, signature, witness} = rev;
  const slots = content.content;
  const joined = Object.keys(slots)
    .sort()
    .map((k) => slots[k])
    .join('');
  // The extension (the writer of merge_hash) stores a fixed value when PHP's `!` counts the joined slots as
  // false, the empty text or "0" (Hasher::calculateContentHash at d671085); the Rust crate always hashes.
  const pkc = Object.hasOwn(meta, 'merge_hash');
  content.content_hash = pkc && (joined === '' || joined === '0') ? BLANK : H(joined);
  meta.metadata_hash = H(
    meta.domain_id + meta.time_stamp + (meta.previous_verification_hash ?? '') + (meta.merge_hash ?? ''),
  );
  let sh = '';
  if (signature) sh = signature.signature_hash = H(signature.signature + signature.public_key);
  let wh = '';
  if (witness) {
    witness.witness_event_verification_hash = H(witness.domain_snapshot_genesis_hash + witness.merkle_root);
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

/** `page` with `rev` appended after its last revision, sealed and linked. */
export function append(page, rev) {
  const last = Object.keys(page.revisions).at(-1);
  rev.metadata.previous_verification_hash = last;
  const hash = reseal(rev);
  return {...page, revisions: {...page.revisions, [hash]: rev}};
}

/** The example chain with a third revision: an edit of the page text, as the extension writes it. */
export function helloEdited() {
  const page = helloPage();
  const rev = clone(Object.values(page.revisions).at(-1));
  rev.content.rev_id = 3;
  rev.content.content.main = 'Hello, Aqua! Edited.';
  rev.metadata.time_stamp = '20241002090000';
  rev.signature = null;
  return append(page, rev);
}

/** An unsigned two-revision page of the extension: a genesis and an edit. */
export function editedPage() {
  const page = helloPage();
  const [genesisHash, genesis] = Object.entries(page.revisions)[0];
  const rev = clone(genesis);
  rev.content.rev_id = 2;
  rev.content.content.main = 'Hello, Aqua! Edited.';
  rev.metadata.time_stamp = '20241002090000';
  return append({...page, chain_height: 2, revisions: {[genesisHash]: genesis}}, rev);
}

export const OTHER_PAGE_HASH = H('the latest revision of another page');
export const SNAPSHOT_GENESIS = H('the genesis revision of DomainSnapshot 1');

/** The example chain with a witness of its last revision, in a two-page snapshot, as the extension writes it. */
export function helloWitnessed({proof, tamper} = {}) {
  const page = helloPage();
  const last = Object.keys(page.revisions).at(-1);
  const rev = clone(page.revisions[last]);
  const root = H(last + OTHER_PAGE_HASH);
  rev.content.rev_id = 3;
  rev.content.content['witness-slot'] = JSON.stringify(
    {domain_snapshot_title: 'DomainSnapshot 1', timestamp: '20241001123000'},
    null,
    4,
  );
  rev.metadata.time_stamp = '20241001123000';
  rev.signature = null;
  rev.witness = {
    witness_event_id: 1,
    domain_id: '5e5a1ec586',
    domain_snapshot_title: 'DomainSnapshot 1',
    witness_hash: '',
    domain_snapshot_genesis_hash: SNAPSHOT_GENESIS,
    merkle_root: root,
    witness_event_verification_hash: '',
    witness_network: 'sepolia',
    smart_contract_address: '0x45f59310ADD88E6d23ca58A0Fa7A55BEE6d2a611',
    witness_event_transaction_hash: '0x' + 'ab'.repeat(32),
    sender_account_address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    source: 'default',
    structured_merkle_proof: proof ?? [
      {
        id: 1,
        witness_event_verification_hash: '',
        depth: 1,
        left_leaf: last,
        right_leaf: OTHER_PAGE_HASH,
        successor: root,
        witness_event_id: 1,
      },
    ],
  };
  tamper?.(rev);
  return append(page, rev);
}

const EMPTY_DIGEST = sha3('');
/** The Rust sample chain with a witness of its last revision, as witness_aqua_chain builds it. */
export function logoWitnessed() {
  const page = clone(logoPage());
  const last = Object.keys(page.revisions).at(-1);
  const rev = clone(page.revisions[last]);
  rev.metadata.time_stamp = '20241105130000';
  rev.signature = null;
  rev.witness = {
    domain_snapshot_genesis_hash: EMPTY_DIGEST,
    merkle_root: last,
    witness_network: 'sepolia',
    witness_event_transaction_hash: '0x' + 'cd'.repeat(32),
    witness_event_verification_hash: '',
    witness_hash: '',
    structured_merkle_proof: [{left_leaf: last, right_leaf: EMPTY_DIGEST, successor: sha3(last + EMPTY_DIGEST)}],
  };
  return append(page, rev);
}

// --- A file page of the extension, exported as TransferEntityFactory exports it ----------------------------
// Every revision of a page in the File namespace (6) has a file_hash slot, set on each save from the file
// current at that moment (AddTransclusionHashesOnSave, DARevisionStore::newNullRevision for a re-upload). The
// export carries the file's bytes only where VerificationEngine::getFileForVerificationEntity finds a version
// for the revision: the current file for the current revision, and for an older revision the replaced version
// whose time stamp equals the revision's (then with its archivename). When file_get_contents cannot read that
// replaced version, `file` holds the archivename alone.
// The public development mnemonic, derived when a file page is first built (not on every import of this file).
let cachedSigner;
const devSigner = () =>
  (cachedSigner ??= Wallet.fromPhrase('test test test test test test test test test test test junk'));
export const REPORT_V1 = Buffer.from('%PDF-1.4 report, first version\n');
export const REPORT_V2 = Buffer.from('%PDF-1.4 report, second version\n');

const fileEntry = (bytes, comment, archivename) => ({
  data: bytes.toString('base64'),
  filename: 'Report.pdf',
  size: bytes.length,
  comment,
  ...(archivename === undefined ? {} : {archivename}),
});
function fileRevision(revId, timeStamp, slots, file) {
  return {
    content: {rev_id: revId, content: slots, content_hash: '', ...(file ? {file} : {})},
    metadata: {
      domain_id: '5e5a1ec586',
      time_stamp: timeStamp,
      previous_verification_hash: '',
      merge_hash: '',
      metadata_hash: '',
      verification_hash: '',
    },
    signature: null,
    witness: null,
  };
}
/** The revision `rev` as a signature revision by the development wallet over the last revision of `page`, appended. */
function signed(page, rev, signers) {
  const wallet = devSigner();
  const last = Object.keys(page.revisions).at(-1);
  rev.content.content['signature-slot'] = JSON.stringify(signers, null, 4);
  rev.signature = {
    signature: wallet.signMessageSync(`I sign the following page verification_hash: [0x${last}]`),
    public_key: wallet.signingKey.publicKey,
    wallet_address: wallet.address,
    signature_hash: '',
  };
  return append(page, rev);
}

/**
 * `Report.pdf`: revision 1 uploads version 1, revision 2 signs it, revision 3 uploads version 2 (a re-upload, which
 * changes only file_hash), revision 4 signs again and is the current revision. `firstUpload` says how the export
 * carries revision 1: 'replaced' (the bytes of version 1 with its archivename, as once version 2 replaced it),
 * 'unread' (the archivename alone: the vault could not read version 1) or 'none' (no bytes). Revisions 2 and 3 come
 * without bytes, revision 4 with those of version 2.
 */
export function reportPage({firstUpload = 'replaced'} = {}) {
  const wallet = devSigner();
  const archivename = '20241003110000!Report.pdf';
  const upload = {
    replaced: fileEntry(REPORT_V1, 'Quarterly report', archivename),
    unread: {archivename},
    none: undefined,
  }[firstUpload];
  const text = 'The quarterly report.';
  const slots = (fileHash) => ({file_hash: fileHash, main: text, 'transclusion-hashes': ''});
  const genesis = fileRevision(1, '20241003090000', slots(H(REPORT_V1)), upload);
  const genesisHash = reseal(genesis);
  let page = {
    genesis_hash: genesisHash,
    domain_id: '5e5a1ec586',
    title: 'Report.pdf',
    namespace: 6,
    chain_height: 4,
    revisions: {[genesisHash]: genesis},
  };
  const first = [{user: wallet.address, timestamp: '20241003100000'}];
  page = signed(page, fileRevision(2, '20241003100000', slots(H(REPORT_V1))), first);
  const reupload = fileRevision(3, '20241003110000', slots(H(REPORT_V2)));
  reupload.content.content['signature-slot'] = JSON.stringify(first, null, 4);
  page = append(page, reupload);
  const both = [...first, {user: wallet.address, timestamp: '20241003120000'}];
  const current = fileRevision(
    4,
    '20241003120000',
    slots(H(REPORT_V2)),
    fileEntry(REPORT_V2, `Page signed by wallet: ${wallet.address}`),
  );
  return signed(page, current, both);
}

/** The audit's case: a file uploaded, then signed; the upload revision, no longer current, comes without bytes. */
export function signedUpload() {
  const wallet = devSigner();
  const page = reportPage({firstUpload: 'none'});
  const [h1, h2] = Object.keys(page.revisions);
  const rev2 = clone(page.revisions[h2]);
  rev2.content.file = fileEntry(REPORT_V1, `Page signed by wallet: ${wallet.address}`);
  const hash = reseal(rev2);
  return {...page, chain_height: 2, revisions: {[h1]: page.revisions[h1], [hash]: rev2}};
}
