// The changes the playground can make to a copy of the reader's tree, to show what verification catches.
import type {AquaTree, FileObject} from './engine';
import type {Engine} from './shared';
import {baseName, short, type Session} from './session';

export type TamperKind = 'file' | 'form-value' | 'form-forged' | 'signature' | 'link-hash' | 'drop';

export const TAMPERS: Record<TamperKind, string> = {
  file: 'Change one byte of the notarised file',
  'form-value': 'Rewrite a form value in the tree',
  'form-forged': 'Rewrite a form value, its leaf, file_hash and the form file',
  signature: 'Change one character of a signature',
  'link-hash': 'Rewrite the file hash a link revision records',
  drop: 'Remove a revision from the middle of the chain',
};

/** Applies one change to copies of the tree and its files; returns null when the tree has nothing to change. */
export function tamper(
  engine: Engine,
  session: Session,
  kind: TamperKind,
): {tree: AquaTree; files: FileObject[]; what: string} | null {
  const tree = structuredClone(session.tree);
  const files = session.files.map((f) => ({...f}));
  const hashes = Object.keys(tree.revisions);
  const revisions = tree.revisions as Record<string, Record<string, unknown> & {leaves?: string[]}>;
  const formHash = [...hashes].reverse().find((h) => Object.keys(revisions[h]).some((k) => k.startsWith('forms_')));
  switch (kind) {
    case 'file': {
      const name = tree.file_index[hashes[0]];
      const target = files.find((f) => baseName(f.fileName) === baseName(name ?? ''));
      if (!target) return null;
      const bytes =
        typeof target.fileContent === 'string'
          ? new TextEncoder().encode(target.fileContent)
          : new Uint8Array(target.fileContent as Uint8Array);
      if (bytes.length === 0) return null;
      bytes[0] ^= 0x01;
      target.fileContent = bytes;
      return {tree, files, what: `The first byte of ${name} had one bit flipped; the tree was not touched.`};
    }
    case 'form-value':
    case 'form-forged': {
      if (!formHash) return null;
      const revision = revisions[formHash];
      const field = Object.keys(revision)
        .filter((k) => k.startsWith('forms_'))
        .sort()[0];
      const value = `${String(revision[field])} (changed)`;
      revision[field] = value;
      if (kind === 'form-value') {
        return {tree, files, what: `${field} now reads “${value}”; nothing else changed.`};
      }
      // The forger also recomputes what the SDK compares: the field's leaf, the form file and its hash.
      const formName = tree.file_index[formHash];
      const formFile = files.find((f) => baseName(f.fileName) === baseName(formName ?? ''));
      if (!formFile || typeof formFile.fileContent !== 'string') return null;
      const form = JSON.parse(formFile.fileContent) as Record<string, unknown>;
      form[field.slice('forms_'.length)] = value;
      formFile.fileContent = JSON.stringify(form);
      revision.file_hash = engine.fileHash(formFile.fileContent);
      const names = Object.keys(revision)
        .filter((k) => k !== 'leaves')
        .sort();
      if (revision.leaves) {
        revision.leaves = [...revision.leaves];
        revision.leaves[names.indexOf(field)] = engine.leafOf(field, value);
        revision.leaves[names.indexOf('file_hash')] = engine.leafOf('file_hash', String(revision.file_hash));
      }
      return {
        tree,
        files,
        what: `${field} now reads “${value}”, its leaf and file_hash were recomputed and the form file rewritten to match. The revision keeps its hash, so ${
          hashes.some((h) => revisions[h].revision_type === 'signature' && hashes.indexOf(h) > hashes.indexOf(formHash))
            ? 'the signature over it still holds'
            : 'a signature added over it later would hold'
        }.`,
      };
    }
    case 'signature': {
      const signed = [...hashes].reverse().find((h) => typeof revisions[h].signature === 'string');
      if (!signed) return null;
      const signature = String(revisions[signed].signature);
      const last = signature.at(-3) === '0' ? '1' : '0';
      revisions[signed].signature = `${signature.slice(0, -3)}${last}${signature.slice(-2)}`;
      return {tree, files, what: `One hex digit of the signature in revision ${short(signed)} was changed.`};
    }
    case 'link-hash': {
      const linkHash = [...hashes].reverse().find((h) => revisions[h].revision_type === 'link');
      if (!linkHash) return null;
      const recorded = revisions[linkHash].link_file_hashes as string[];
      const forged = engine.fileHash('a different attachment');
      revisions[linkHash].link_file_hashes = [forged, ...recorded.slice(1)];
      return {
        tree,
        files,
        what: `The link revision ${short(linkHash)} now records ${short(forged)} as the linked file’s hash.`,
      };
    }
    case 'drop': {
      if (hashes.length < 3) return null;
      const dropped = hashes[1];
      delete tree.revisions[dropped];
      return {tree, files, what: `Revision 2 (${short(dropped)}) was removed; every other revision is intact.`};
    }
  }
}
