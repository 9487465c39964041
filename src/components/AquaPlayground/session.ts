// The playground's state between operations, and the helpers that name its files and hashes.
import type {AquaTree, ExtraCheck, FileObject, RevisionView, SdkReport} from './engine';

export interface Session {
  tree: AquaTree;
  /** Every file verification needs: the notarised file, form files, linked files and trees. */
  files: FileObject[];
  name: string;
  views: RevisionView[];
}

/** A verification as the page shows it: the SDK's report and the recommended extra check. */
export interface Report {
  title: string;
  sdk: SdkReport;
  extra: ExtraCheck[];
  note?: string;
}

export function short(hash: string): string {
  return hash.length > 22 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
}

export function baseName(name: string): string {
  return name.split('/').pop() ?? name;
}
