// What the playground shows about a tree, computed with aqua-js-sdk's own hash functions: each
// revision with the inputs of its hash, and the recommended extra check of the verification
// reference. Part of the SDK's chunk: ./engine re-exports it.
import {computeAddress} from 'ethers';
import {dict2Leaves, getHashSum, getMerkleRoot, reorderRevisionsProperties} from 'aqua-js-sdk';
import type {AquaTree, Content, FileObject, Revision} from './engine';

export interface FieldInput {
  name: string;
  value: string;
  /** The leaf the SDK computes for this field now. */
  leaf: string;
  /** The leaf stored in the revision (tree mode), or undefined. */
  storedLeaf?: string;
}

export interface RevisionView {
  hash: string;
  type: string;
  mode: 'tree' | 'scalar';
  fields: FieldInput[];
  /** What the fields hash to now: the Merkle root (tree mode) or the scalar hash. */
  recomputed: string;
}

function fieldsOf(revision: Revision): Record<string, unknown> {
  const {leaves: _leaves, ...rest} = revision as Revision & {leaves?: string[]};
  return rest;
}

/**
 * Each revision with the inputs of its hash. Tree mode: the SDK's dict2Leaves makes one leaf per
 * field (sorted by name) and getMerkleRoot joins them. Scalar mode: getHashSum over the key-sorted
 * JSON, as the SDK's verifier does.
 */
export function describe(tree: AquaTree): RevisionView[] {
  return Object.entries(tree.revisions).map(([hash, revision]) => {
    const stored = (revision as {leaves?: string[]}).leaves;
    const fields = fieldsOf(revision);
    // A hidden field (forms_x.deleted) keeps the leaf, and the place among the leaves, of forms_x.
    const shown = (name: string) => (name.startsWith('forms_') && name.endsWith('.deleted') ? name.slice(0, -8) : name);
    const names = Object.keys(fields).sort((a, b) => (shown(a) < shown(b) ? -1 : shown(a) > shown(b) ? 1 : 0));
    const computed = dict2Leaves(Object.fromEntries(names.map((name) => [shown(name), fields[name]]))) as string[];
    const leaves = names.map((name, index) =>
      name === shown(name) ? computed[index] : (stored?.[index] ?? computed[index]),
    );
    // The method is the one the revision's version names, as the docs' strict check reads it; a batch
    // witness revision has no version and is hashed as a Merkle root, as witnessMultipleAquaTrees does.
    const version = String(revision.version ?? '');
    const batchWitness = revision.revision_type === 'witness' && revision.version === undefined;
    const mode = version.endsWith('Method: scalar')
      ? 'scalar'
      : version.endsWith('Method: tree') || batchWitness
        ? 'tree'
        : stored
          ? 'tree'
          : 'scalar';
    const recomputed =
      mode === 'tree' ? getMerkleRoot(leaves) : `0x${getHashSum(JSON.stringify(reorderRevisionsProperties(revision)))}`;
    return {
      hash,
      type: String(revision.revision_type),
      mode,
      recomputed,
      fields: names.map((name, index) => ({
        name,
        value: typeof fields[name] === 'string' ? (fields[name] as string) : JSON.stringify(fields[name]),
        leaf: leaves[index],
        storedLeaf: stored?.[index],
      })),
    };
  });
}

export interface ExtraCheck {
  ok: boolean;
  title: string;
  detail: string;
}

function findFile(files: FileObject[], name: string | undefined): FileObject | undefined {
  const base = name?.split('/').pop();
  return base ? files.find((f) => f.fileName.split('/').pop() === base) : undefined;
}

/** The bytes the SDK hashes for a file object: text, bytes, or the JSON of an object. */
function contentOf(file: FileObject): Content {
  const content = file.fileContent;
  return typeof content === 'string' || content instanceof Uint8Array ? content : JSON.stringify(content);
}

/**
 * The checks the verification reference ("Closing the gaps", verifyStrict) adds to verifyAquaTree in
 * 3.2.1-45, one line per revision and check: one chain; every leaf and every hash recomputed with the
 * SDK's dict2Leaves, getMerkleRoot and getHashSum; form files against their forms_* fields; the
 * signer's public key against its address; linked files and linked trees. Signatures themselves and
 * file hashes are left to the SDK's report, which the page shows next to this one.
 */
export function extraChecks(tree: AquaTree, files: FileObject[] = [], prefix = ''): ExtraCheck[] {
  const checks: ExtraCheck[] = [];
  const hashes = Object.keys(tree.revisions);
  const add = (ok: boolean, title: string, detail: string) => checks.push({ok, title: `${prefix}${title}`, detail});
  describe(tree).forEach((view, index) => {
    const label = `Revision ${index + 1} (${view.type})`;
    const revision = tree.revisions[view.hash] as Revision & Record<string, unknown>;

    const previous = String(revision.previous_verification_hash ?? '');
    const earlier = hashes.slice(0, index);
    const chainOk = index === 0 ? previous === '' : earlier.includes(previous);
    add(
      chainOk,
      `${label}: chain`,
      index === 0
        ? chainOk
          ? 'Empty previous_verification_hash: the genesis revision.'
          : 'The first revision names a predecessor, so the chain has lost its start.'
        : chainOk
          ? 'previous_verification_hash names an earlier revision of this tree.'
          : previous === ''
            ? 'A second revision with an empty previous_verification_hash: the tree holds two chains.'
            : 'previous_verification_hash names a revision that is missing or comes later.',
    );

    if (view.mode === 'tree') {
      // A hidden form field (forms_x.deleted) keeps the leaf of its old value, which cannot be rechecked.
      const changed = view.fields
        .filter((field) => !field.name.endsWith('.deleted') && field.storedLeaf !== field.leaf)
        .map((field) => field.name);
      add(
        changed.length === 0,
        `${label}: field leaves`,
        changed.length === 0
          ? `All ${view.fields.length} fields hash to their stored leaves.`
          : `These fields no longer hash to their stored leaves: ${changed.join(', ')}.`,
      );
    }
    add(
      view.recomputed === view.hash,
      `${label}: revision hash`,
      view.recomputed === view.hash
        ? `The fields hash to ${view.hash}, the revision's key.`
        : `The fields hash to ${view.recomputed}, but the revision is stored as ${view.hash}.`,
    );

    if (view.type === 'form') {
      const file = findFile(files, tree.file_index[view.hash]);
      let differ: string[] = [];
      try {
        const content = file ? contentOf(file) : '{}';
        const text = typeof content === 'string' ? content : new TextDecoder().decode(content);
        const form = JSON.parse(text) as Record<string, unknown>;
        differ = Object.entries(form)
          .filter(([key]) => !(`forms_${key}.deleted` in revision))
          .filter(([key, value]) => {
            const stored = revision[`forms_${key}`];
            return !(
              stored === value ||
              stored === JSON.stringify(value) ||
              JSON.stringify(stored) === JSON.stringify(value)
            );
          })
          .map(([key]) => `forms_${key}`);
      } catch {
        differ = ['(the form file is not JSON)'];
      }
      if (file) {
        add(
          differ.length === 0,
          `${label}: form file`,
          differ.length === 0
            ? 'Every field of the form file equals its forms_* value.'
            : `The form file disagrees with: ${differ.join(', ')}.`,
        );
      }
    }

    if (view.type === 'signature' && revision.signature_type === 'ethereum:eip-191') {
      let keyOk = false;
      try {
        keyOk =
          computeAddress(String(revision.signature_public_key)).toLowerCase() ===
          String(revision.signature_wallet_address).toLowerCase();
      } catch {
        keyOk = false;
      }
      add(
        keyOk,
        `${label}: signer's key`,
        keyOk
          ? 'signature_public_key belongs to signature_wallet_address.'
          : 'signature_public_key is not the key of signature_wallet_address.',
      );
    }

    if (view.type === 'witness') {
      const proof = (revision.witness_merkle_proof as string[] | undefined) ?? [];
      const root = proof.length === 1 ? proof[0] : proof.length > 1 ? getMerkleRoot(proof) : '';
      const rootOk = proof.includes(previous) && root === revision.witness_merkle_root;
      add(
        rootOk,
        `${label}: witnessed hash`,
        rootOk
          ? 'witness_merkle_root is built from witness_merkle_proof, which holds the previous revision. The anchor itself needs a network and is not checked here.'
          : 'witness_merkle_root is not built from witness_merkle_proof, or the proof does not hold the previous revision.',
      );
    }

    if (view.type === 'link') {
      const linked = (revision.link_verification_hashes as string[] | undefined) ?? [];
      const recorded = (revision.link_file_hashes as string[] | undefined) ?? [];
      linked.forEach((linkedHash, i) => {
        const name = tree.file_index[linkedHash];
        const file = findFile(files, name);
        const fileOk = file !== undefined && getHashSum(contentOf(file)) === recorded[i];
        add(
          fileOk,
          `${label}: linked file`,
          fileOk
            ? `link_file_hashes names the SHA-256 of ${name}.`
            : file
              ? `link_file_hashes does not match ${name}.`
              : `The linked file ${name ?? linkedHash} was not supplied.`,
        );
        const linkedTree = findFile(files, name && `${name}.aqua.json`)?.fileContent as AquaTree | undefined;
        if (linkedTree?.revisions?.[linkedHash]) {
          checks.push(...extraChecks(linkedTree, files, `${prefix}Linked ${name}: `));
        } else {
          add(false, `${label}: linked tree`, `The linked tree ${name ?? linkedHash}.aqua.json was not supplied.`);
        }
      });
    }
  });
  return checks;
}
