// Reference implementation of the Aqua hashing rules of protocol 1.1, 1.2 and 1.3, written from the
// reference code of each era (cited per rule below), not from the documentation pages. Only
// node:crypto is used. The docs' hash checker (scripts/check/hash-examples.mjs) and the content tests
// (tests/content/reference-hashing.test.mjs) recompute every worked example and real chain with it.
//
// Sources (full commits):
//   MW11  inblockio/mediawiki-extensions-Aqua@a7274438b3f8eff31f7d74940c52db0cce146b73 (v1.0.0-alpha.2, Jan 2022)
//   VJS11 inblockio/aqua-verifier-js@10fb34f204dfd360508961bd78167bfc0300948f (Feb 2022)
//   MW12  inblockio/mediawiki-extensions-Aqua@d6710853d06966c5840df483a304c0f0f7430064 (Sep 2024)
//   VJS12 inblockio/aqua-verifier-js@d971d0372f86f6a98ca2b8f4ea12b539bc2851e6 (tag v1.1.0-alpha, Oct 2024)
//         (inblockio/aqua-verifier-js@538eab0a88dd665d7859536d8198f79546b92029, Dec 2024, already has
//         the 1.3 leaf structure with SHA-256 and scalar revisions; it holds no 1.2 rule.)
//   VJS13 inblockio/aqua-verifier-js@7e9f4ec27cafc3356ada68e36ddc6e7801c27f59 (Nov 2024, SHA3-512 leaves)
//   SDK   aqua-js-sdk@3.2.1-45 dist/chunk-Q5SPQIUG.js (schema 2, SHA-256, scalar and tree)
import {Buffer} from 'node:buffer';
import {createHash} from 'node:crypto';

const hex = (algorithm, data) => createHash(algorithm).update(data).digest('hex');

// ---------------------------------------------------------------------------------------------
// 1.1 and 1.2 share the hash helper: SHA3-512 as lowercase hex, and "" for an empty input.
// MW11 includes/Verification/Hasher.php getHashSum(); VJS11 index.js getHashSum(); VJS12 index.ts
// getHashSum().
export const sha3Legacy = (input) => (input === '' ? '' : hex('sha3-512', input));

// Content hash: the serialised text of every slot, slots sorted by role name, joined, hashed.
// MW11 and MW12 includes/Verification/Hasher.php calculateContentHash() (sort($slots), then
// ->serialize() of each). A verifier concatenates the exported slots in export order (VJS11 index.js
// verifyRevision, VJS12 index.ts verifyContent), which is the sorted order the PKC writes.
// Slot texts as stored: `signature-slot` is pretty-printed JSON (see signatureSlotText below);
// `transclusion-hashes` is compact json_encode() output, or '' when the page transcludes nothing
// (MW12 includes/Content/TransclusionHashes.php setHashmap(), which writes the text after the
// pre-save transform), so an empty slot adds nothing to the hash.
export function contentHash(slots) {
  return sha3Legacy(
    Object.keys(slots)
      .sort()
      .map((role) => slots[role])
      .join(''),
  );
}

// Metadata hash: domain_id + time_stamp + previous_verification_hash (+ merge_hash from 1.2 on).
// MW11 VerificationEngine.php buildAndUpdateVerificationData(); VJS11 calculateMetadataHash();
// MW12 VerificationEngine.php $metadataHashParts; VJS12 calculateMetadataHash(..., mergeHash).
export function metadataHash({domain_id, time_stamp, previous_verification_hash = '', merge_hash = ''}) {
  return sha3Legacy(`${domain_id}${time_stamp}${previous_verification_hash ?? ''}${merge_hash ?? ''}`);
}

// Signature hash: signature + public_key as stored (both with 0x). MW11 and MW12
// VerificationEngine.php ($signature . $publicKey); VJS11/VJS12 calculateSignatureHash().
export function signatureHash({signature = '', public_key = ''} = {}) {
  return sha3Legacy(`${signature ?? ''}${public_key ?? ''}`);
}

// Witness hash: snapshot genesis hash + merkle root + network + transaction hash. MW11 and MW12
// VerificationEngine.php; VJS11/VJS12 calculateWitnessHash().
export function witnessHash(w) {
  if (!w) return '';
  return sha3Legacy(
    `${w.domain_snapshot_genesis_hash}${w.merkle_root}${w.witness_network}${w.witness_event_transaction_hash}`,
  );
}

// The value sent on chain: H(domain_snapshot_genesis_hash + merkle_root). VJS11 verifyWitness();
// MW11 includes/Verification/WitnessingEngine.php.
export function witnessEventVerificationHash({domain_snapshot_genesis_hash, merkle_root}) {
  return sha3Legacy(`${domain_snapshot_genesis_hash}${merkle_root}`);
}

// A node of the 1.1/1.2 domain snapshot tree: H(left + right) over the hex strings; a missing side
// moves the other one up. VJS11 index.js verifyMerkleIntegrity(); VJS12 index.ts idem.
export function legacyMerkleParent(left, right) {
  if (!left) return right;
  if (!right) return left;
  return sha3Legacy(`${left}${right}`);
}

/** Walks a structured_merkle_proof as VJS11 verifyMerkleIntegrity() does; returns the root or null. */
export function walkLegacyMerkleProof(nodes, start) {
  let expected = start;
  for (const node of nodes) {
    if (![node.left_leaf, node.right_leaf].includes(expected)) return null;
    if (legacyMerkleParent(node.left_leaf, node.right_leaf) !== node.successor) return null;
    expected = node.successor;
  }
  return nodes.length ? expected : null;
}

// Verification hash, 1.1: the revision's own content and metadata hashes, then the signature hash
// and witness hash of the PREVIOUS revision (a signature or witness on revision N is sealed by N+1).
// MW11 VerificationEngine.php buildAndUpdateVerificationData(): $signature = $parentEntity->getSignature(),
// witness from $parentEntity->getWitnessEventId(); VJS11 index.js verifyRevision():
// previousVerificationData.signature.signature_hash and verifyPreviousWitness().
export function verificationHash11(revision, previous = null) {
  const parts = revisionHashes(revision);
  const prevSig = previous ? signatureHash(previous) : '';
  const prevWitness = previous ? witnessHash(previous.witness) : '';
  return sha3Legacy(parts.content_hash + parts.metadata_hash + prevSig + prevWitness);
}

// Verification hash, 1.2: the revision's OWN four hashes. A signature or a witness creates a new
// revision that carries it. MW12 VerificationEngine.php buildAndUpdateVerificationData():
// $entity->getSignature(), $entity->getWitnessEventId(); VJS12 index.ts verifyRevision():
// data.signature.signature_hash, data.witness.witness_hash. The Rust verifier of the same rules does the same when it
// signs: inblockio/aqua-verifier-rs@9889a39530e74e2f0bd99a7f153244e06c245127 src/verifier.rs,
// verification_hash(content_hash, metadata_hash, Some(&sig_hash), None) on the new revision. (MW@6e09b70b, June 2024, still took the
// witness from the parent; main switched to the revision's own witness.)
export function verificationHash12(revision) {
  const parts = revisionHashes(revision);
  return sha3Legacy(parts.content_hash + parts.metadata_hash + signatureHash(revision) + witnessHash(revision.witness));
}

function revisionHashes(revision) {
  const content_hash = revision.content_hash ?? contentHash(revision.slots);
  const metadata_hash = revision.metadata_hash ?? metadataHash(revision);
  return {content_hash, metadata_hash};
}

// Message a wallet signs (EIP-191 personal_sign). 1.1: the revision's own verification hash (VJS11
// verifyCurrentSignature(data, verificationHash)). 1.2: the previous verification hash, and an empty
// one is rejected (VJS12 verifySignature(data, data.metadata.previous_verification_hash)).
export const signedMessage11 = (verificationHash) =>
  `I sign the following page verification_hash: [0x${verificationHash}]`;
export const signedMessage12 = signedMessage11;

// The signature-slot of a PKC page. MW12 VerificationEngine.php storeSignature() appends
// {user, timestamp} and saves new SignatureContent(json_encode($data)) (SignatureContent extends
// JsonContent) through a PageUpdater. Saving applies the JSON pre-save transform,
// JsonContent::beautifyJSON(), i.e. FormatJson::encode($value, true): four-space indentation and
// ": " after keys. (Later MediaWiki, the namespaced JsonContent of 1.43 on, indents with tabs; the
// PKC exports name MediaWiki 1.37, and MW12's extension.json requires 1.39, which its CI tests.) Real exports carry exactly this text: tests/content/fixtures/chains/
// aqua-1.1-aqua-page.json (January 2022), and the June 2024 revisions quoted in
// inblockio/aqua-guardian@9048bc115c42d25f2500cd368c9d72fc6bd3d305 contract-interpreter/src/main.rs.
// JSON.stringify(value, null, 4) gives the same text for these plain string values.
export const signatureSlotText = (entries) => JSON.stringify(entries, null, 4);

// ---------------------------------------------------------------------------------------------
// 1.3: one leaf per field, H("key:value") over the keys sorted with JavaScript's default sort, the
// `leaves` field excluded; the verification hash is "0x" + the Merkle root, where each pair of
// digests is joined as raw bytes and hashed and an odd node moves up unchanged (merkletreejs,
// duplicateOdd false).
//   VJS13 index.ts: dict2Leaves(), verifyRevisionMerkleTreeStructure() (SHA3-512, js-sha3),
//     new MerkleTree(leaves, getHashSum).
//   SDK dist/chunk-Q5SPQIUG.js: dict2Leaves(), getHashSum() (sha256), getMerkleRoot()
//     (MerkleTree(leaves, getHashSum, {duplicateOdd: false})).
export function leaves13(algorithm, revision) {
  const {leaves: _leaves, ...fields} = revision;
  return Object.keys(fields)
    .sort()
    .map((key) => hex(algorithm, `${key}:${fields[key]}`));
}

export function merkleRoot13(algorithm, leafHex) {
  if (leafHex.length === 0) throw new Error('no leaves');
  let level = leafHex.map((l) => Buffer.from(l, 'hex'));
  while (level.length > 1) {
    const up = [];
    for (let i = 0; i < level.length; i += 2) {
      up.push(
        i + 1 < level.length
          ? createHash(algorithm)
              .update(Buffer.concat([level[i], level[i + 1]]))
              .digest()
          : level[i],
      );
    }
    level = up;
  }
  return '0x' + level[0].toString('hex');
}

/** 1.3 (November 2024 verifier, SHA3-512): always the tree. */
export const verificationHash13 = (revision) => merkleRoot13('sha3-512', leaves13('sha3-512', revision));

// Schema 2 as aqua-js-sdk 3.2.1-45 writes it. The method is named in `version`.
// Scalar: "0x" + SHA-256 of JSON.stringify of the revision with its keys sorted
//   (createGenesisRevision, signAquaTreeUtil: reorderRevisionsProperties() then JSON.stringify;
//   verifyRevision(): reorderRevisionsProperties(revisionPar) then JSON.stringify).
// Tree: the 1.3 tree above with SHA-256 (createGenesisRevision: getMerkleRoot(dict2Leaves(...))).
export function verificationHashSdk(revision) {
  const method = /Method: (scalar|tree)/.exec(revision.version ?? '')?.[1];
  if (!method) throw new Error('revision.version names no method');
  if (method === 'tree') return merkleRoot13('sha256', leaves13('sha256', revision));
  const {leaves: _leaves, ...fields} = revision;
  const sorted = Object.fromEntries(
    Object.keys(fields)
      .sort()
      .map((k) => [k, fields[k]]),
  );
  return '0x' + hex('sha256', JSON.stringify(sorted));
}

/** Message signed in schema 2 (SDK dist/chunk-Q5SPQIUG.js: `I sign this revision: [${hash}]`). */
export const signedMessageSdk = (verificationHash) => `I sign this revision: [${verificationHash}]`;

/** 1.3 (VJS13 index.ts verifySignature, "Ethereum"): the 0x-prefixed hash gets a second "0x". */
export const signedMessage13 = signedMessage11;

// ---------------------------------------------------------------------------------------------
// Rules by name, as a `hash-example` fence names them in its `recompute` object (see the header of
// scripts/check/hash-examples.mjs). Each takes the fence's resolved `recompute` object and returns
// the hash the fence must publish.
export const RULES = {
  'aqua-1.1/content_hash': ({slots}) => contentHash(slots),
  'aqua-1.1/metadata_hash': (r) => metadataHash(r),
  'aqua-1.1/signature_hash': (r) => signatureHash(r),
  'aqua-1.1/witness_hash': ({witness}) => witnessHash(witness),
  'aqua-1.1/witness_event_verification_hash': (r) => witnessEventVerificationHash(r),
  'aqua-1.1/merkle_parent': ({left, right}) => legacyMerkleParent(left, right),
  'aqua-1.1/verification_hash': ({revision, previous}) => verificationHash11(revision, previous),
  'aqua-1.2/verification_hash': ({revision}) => verificationHash12(revision),
  'aqua-1.3/verification_hash': ({revision}) => verificationHash13(revision),
  'aqua-sdk-3.2/verification_hash': ({revision}) => verificationHashSdk(revision),
};
