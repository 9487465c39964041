// Everything the playground does with AquaTrees, on top of aqua-js-sdk 3.2.1-45. This module is
// loaded with import() when the reader first reaches for the playground, so no page pays for the
// SDK before that. Every hash, signature and check below is an SDK call; the page only arranges
// inputs and reads results. Bundlers pick the SDK's web build through its "browser" export.
import './buffer-global';
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

/** verifyAquaTree, with the log it writes. A throw inside the SDK is reported as a failed check. */
export async function verifyWithSdk(tree: AquaTree, files: FileObject[]): Promise<SdkReport> {
  try {
    const result = await aquafier.verifyAquaTree(structuredClone(tree), files);
    const logs = logsOf(result)
      .filter((entry) => entry.log.trim() !== '')
      .map((entry) => ({type: String(entry.logType), text: entry.log.trim()}));
    return {ok: result.isOk(), logs};
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
    const mode = Array.isArray(stored) ? 'tree' : 'scalar';
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

/**
 * The check the verification docs recommend on top of verifyAquaTree in 3.2.1-45: recompute every
 * field's leaf and every revision's hash from its fields, and walk the chain.
 */
export function extraChecks(tree: AquaTree): ExtraCheck[] {
  const checks: ExtraCheck[] = [];
  const hashes = Object.keys(tree.revisions);
  describe(tree).forEach((view, index) => {
    const label = `Revision ${index + 1} (${view.type})`;
    if (view.mode === 'tree') {
      const changed = view.fields.filter((field) => field.storedLeaf !== field.leaf).map((field) => field.name);
      checks.push({
        ok: changed.length === 0,
        title: `${label}: field leaves`,
        detail:
          changed.length === 0
            ? `All ${view.fields.length} fields hash to their stored leaves.`
            : `These fields no longer hash to their stored leaves: ${changed.join(', ')}.`,
      });
    }
    checks.push({
      ok: view.recomputed === view.hash,
      title: `${label}: revision hash`,
      detail:
        view.recomputed === view.hash
          ? `The fields hash to ${view.hash}, the revision's key.`
          : `The fields hash to ${view.recomputed}, but the revision is stored as ${view.hash}.`,
    });
    // The rule the verification docs give: only the genesis revision has an empty predecessor, and
    // every other predecessor is a revision of the same tree.
    const previous = String(tree.revisions[view.hash].previous_verification_hash ?? '');
    const chainOk =
      index === 0 ? previous === '' : previous !== '' && previous !== view.hash && hashes.includes(previous);
    checks.push({
      ok: chainOk,
      title: `${label}: chain`,
      detail:
        index === 0
          ? chainOk
            ? 'Empty previous_verification_hash: the genesis revision.'
            : 'The first revision names a predecessor, so the chain has lost its start.'
          : chainOk
            ? 'previous_verification_hash names a revision of this tree.'
            : previous === ''
              ? 'A second revision with an empty previous_verification_hash: the tree holds two chains.'
              : 'previous_verification_hash names a revision that is not in the tree: one is missing.',
    });
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
