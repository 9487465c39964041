// Everything the playground does with AquaTrees, on top of aqua-js-sdk 3.2.1-45. This module is
// loaded with import() when the reader first reaches for the playground, so no page pays for the
// SDK before that. Every hash, signature and check below is an SDK call; the page only arranges
// inputs and reads results. Bundlers pick the SDK's web build through its "browser" export.
import './buffer-global';
import {computeAddress} from 'ethers';
import Aquafier, {
  createCredentials,
  dict2Leaves,
  getHashSum,
  getMerkleRoot,
  getWallet,
  isAquaTree,
  reorderRevisionsProperties,
  type AquaTree,
  type CredentialsData,
  type FileObject,
  type LogData,
  type Revision,
} from 'aqua-js-sdk';

export type {AquaTree, FileObject, Revision};

/** Content the SDK hashes: text as a string (UTF-8), anything else as bytes. */
export type Content = string | Uint8Array;

const aquafier = new Aquafier();

/**
 * Tree (Merkle) mode, so that every field's part in the hash can be shown. The SDK's methods default
 * to scalar mode, but in 3.2.1-45 a scalar form revision is hashed with unsorted keys and its
 * verification throws (verifyFormRevision reads the missing leaves).
 */
const SCALAR = false;

function file(fileName: string, fileContent: Content): FileObject {
  return {fileName, fileContent, path: `./${fileName}`};
}

function logsOf(result: {isOk(): boolean; data: unknown}): LogData[] {
  const data = result.data as {logData?: LogData[]} | LogData[];
  return Array.isArray(data) ? data : (data.logData ?? []);
}

function failure(result: {data: unknown}, what: string): Error {
  const logs = Array.isArray(result.data) ? (result.data as LogData[]) : [];
  const reason = logs.find((entry) => entry.logType === 'error')?.log;
  return new Error(reason ? `${what}: ${reason}` : `${what} failed.`);
}

/** createGenesisRevision: a new tree whose first revision notarises the file. */
export async function notarise(fileName: string, content: Content): Promise<AquaTree> {
  const result = await aquafier.createGenesisRevision(file(fileName, content), false, false, SCALAR);
  if (result.isErr()) throw failure(result, 'Notarising');
  return result.data.aquaTree!;
}

export interface TestKey {
  mnemonic: string;
  address: string;
  credentials: CredentialsData;
}

/** A throwaway key: the SDK's createCredentials draws a random mnemonic from the page's Web Crypto. */
export async function makeTestKey(): Promise<TestKey> {
  const made = createCredentials();
  const credentials: CredentialsData = {...made, alchemy_key: '', witness_method: 'cli'};
  const [, address] = await getWallet(credentials.mnemonic);
  return {mnemonic: credentials.mnemonic, address, credentials};
}

/** signAquaTree with the "cli" signer: an EIP-191 signature of the latest revision hash. */
export async function sign(tree: AquaTree, mainFile: FileObject, key: TestKey): Promise<AquaTree> {
  const result = await aquafier.signAquaTree(
    {aquaTree: structuredClone(tree), fileObject: mainFile, revision: ''},
    'cli',
    key.credentials,
    SCALAR,
  );
  if (result.isErr()) throw failure(result, 'Signing');
  return result.data.aquaTree!;
}

/** createFormRevision: the fields become forms_<name> entries of a new revision; the JSON is its file. */
export async function addForm(
  tree: AquaTree,
  mainFile: FileObject,
  formName: string,
  fields: Record<string, string>,
): Promise<{tree: AquaTree; formFile: FileObject}> {
  const formFile = file(formName, JSON.stringify(fields));
  const result = await aquafier.createFormRevision(
    {aquaTree: structuredClone(tree), fileObject: mainFile, revision: ''},
    formFile,
    SCALAR,
  );
  if (result.isErr()) throw failure(result, 'Adding the form');
  return {tree: result.data.aquaTree!, formFile};
}

/** linkAquaTree: appends a link revision naming the other tree's latest revision and its file. */
export async function link(
  tree: AquaTree,
  mainFile: FileObject,
  other: AquaTree,
  otherFile: FileObject,
): Promise<AquaTree> {
  const result = await aquafier.linkAquaTree(
    {aquaTree: structuredClone(tree), fileObject: mainFile, revision: ''},
    {aquaTree: other, fileObject: otherFile, revision: ''},
    SCALAR,
  );
  if (result.isErr()) throw failure(result, 'Linking');
  return result.data.aquaTree!;
}

export interface SdkReport {
  ok: boolean;
  logs: {type: string; text: string}[];
}

function hasWitness(tree: AquaTree): boolean {
  return Object.values(tree.revisions ?? {}).some((revision) => revision.revision_type === 'witness');
}

function entries(result: {isOk(): boolean; data: unknown}): SdkReport['logs'] {
  return logsOf(result)
    .filter((entry) => entry.log.trim() !== '')
    .map((entry) => ({type: String(entry.logType), text: entry.log.trim()}));
}

/**
 * verifyAquaTree, with the log it writes. A throw inside the SDK is reported as a failed check.
 * The SDK checks a witness revision online (Ethereum, Nostr or a timestamp authority), and the page
 * makes no request: a tree with witnesses, or linking to one, is verified revision by revision with
 * verifyAquaTreeRevision, leaving those revisions out and saying so.
 */
export async function verifyWithSdk(tree: AquaTree, files: FileObject[]): Promise<SdkReport> {
  try {
    const linkedWitness = files.some(
      (f) =>
        f.fileName.endsWith('.aqua.json') && typeof f.fileContent === 'object' && hasWitness(f.fileContent as AquaTree),
    );
    if (!hasWitness(tree) && !linkedWitness) {
      const result = await aquafier.verifyAquaTree(structuredClone(tree), files);
      return {ok: result.isOk(), logs: entries(result)};
    }
    let ok = true;
    const logs: SdkReport['logs'] = [];
    for (const [index, [hash, revision]] of Object.entries(tree.revisions).entries()) {
      const skip = revision.revision_type === 'witness' || (revision.revision_type === 'link' && linkedWitness);
      if (skip) {
        logs.push({
          type: 'warning',
          text: `Revision ${index + 1} (${revision.revision_type}) not checked: ${
            revision.revision_type === 'witness' ? 'a witness' : 'the linked tree has a witness that'
          } needs a network to verify, and the playground makes no request.`,
        });
        continue;
      }
      const result = await aquafier.verifyAquaTreeRevision(structuredClone(tree), revision, hash, files);
      ok &&= result.isOk();
      logs.push(...entries(result));
    }
    return {ok, logs};
  } catch (error) {
    return {ok: false, logs: [{type: 'error', text: `The SDK stopped with an exception: ${String(error)}`}]};
  }
}

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
    const names = Object.keys(fields).sort();
    const leaves = dict2Leaves(fields) as string[];
    // The method is the one the revision's version names, as the docs' strict check reads it.
    const version = String(revision.version ?? '');
    const mode = version.endsWith('Method: scalar')
      ? 'scalar'
      : version.endsWith('Method: tree')
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

/** The file names verifyAquaTree will ask for (fetchFilesToBeRead), plus linked trees as <name>.aqua.json. */
export function neededFiles(tree: AquaTree): string[] {
  const names = new Set<string>(aquafier.fetchFilesToBeRead(tree));
  for (const revision of Object.values(tree.revisions)) {
    if (revision.revision_type !== 'link') continue;
    for (const hash of (revision.link_verification_hashes as string[] | undefined) ?? []) {
      const name = tree.file_index[hash];
      if (name) names.add(`${name.split('/').pop()}.aqua.json`);
    }
  }
  return [...names];
}

/** Parses a dropped .aqua.json; the SDK's isAquaTree decides whether it is one. */
export function parseTree(text: string): AquaTree | null {
  try {
    const value: unknown = JSON.parse(text);
    return isAquaTree(value) && typeof (value as AquaTree).revisions === 'object' ? (value as AquaTree) : null;
  } catch {
    return null;
  }
}

/** The SDK's file hash, for the tamper that rewrites a form file to match a forged value. */
export function fileHash(content: Content): string {
  return getHashSum(content);
}

/** The SDK's leaf for one field, as dict2Leaves computes it. */
export function leafOf(name: string, value: string): string {
  return (dict2Leaves({[name]: value}) as string[])[0];
}
