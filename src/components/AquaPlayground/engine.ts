// Everything the playground does with AquaTrees, on top of aqua-js-sdk 3.2.1-45. This module is
// loaded with import() when the reader first reaches for the playground, so no page pays for the
// SDK before that. Every hash and signature below is an SDK call, and so is the SDK check; the
// recommended extra check (inspect.ts) adds rules of its own and ethers' computeAddress. Bundlers pick the SDK's web build through its "browser" export.
import './buffer-global';
import Aquafier, {
  createCredentials,
  dict2Leaves,
  getHashSum,
  getWallet,
  isAquaTree,
  type AquaTree,
  type CredentialsData,
  type FileObject,
  type LogData,
  type Revision,
} from 'aqua-js-sdk';

export type {AquaTree, FileObject, Revision};
export {describe, extraChecks, type ExtraCheck, type FieldInput, type RevisionView} from './inspect';

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
  /** Revisions left out because checking them needs a network (witnesses, links to witnessed trees). */
  skipped?: number;
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
    let skipped = 0;
    const logs: SdkReport['logs'] = [];
    for (const [index, [hash, revision]] of Object.entries(tree.revisions).entries()) {
      const skip = revision.revision_type === 'witness' || (revision.revision_type === 'link' && linkedWitness);
      if (skip) {
        skipped++;
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
    return {ok, logs, skipped};
  } catch (error) {
    return {ok: false, logs: [{type: 'error', text: `The SDK stopped with an exception: ${String(error)}`}]};
  }
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
