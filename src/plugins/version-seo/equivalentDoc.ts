// Which doc of another version is "the same page" as a given doc. Shared by the version dropdown
// (src/theme/NavbarItem/DocsVersionDropdownNavbarItem.tsx), which keeps the reader's place, and by
// this plugin's canonical links, which point older versions at their latest equivalent.
import type {GlobalDoc, GlobalVersion} from '@docusaurus/plugin-content-docs/client';

/**
 * The identity of a doc across versions. Folders were renamed in case only between versions
 * (`Protocol/` in v1 became `protocol/` in next, `Implementations/` became `implementations/`), and a
 * folder's index doc (`sdk/index`) stands for the folder itself, so both are normalised away.
 */
export function docKey(docId: string): string {
  return docId.toLowerCase().replace(/(^|\/)index$/, '');
}

/** The doc of `version` that is the same page as the doc `docId`, if that version has one. */
export function findEquivalentDoc(docId: string, version: GlobalVersion): GlobalDoc | undefined {
  const exact = version.docs.find((doc) => doc.id === docId);
  if (exact) return exact;
  const key = docKey(docId);
  return version.docs.find((doc) => docKey(doc.id) === key);
}

/** The landing doc of a version. */
export function mainDoc(version: GlobalVersion): GlobalDoc {
  const doc = version.docs.find((candidate) => candidate.id === version.mainDocId);
  if (!doc) throw new Error(`Version ${version.name} has no main doc "${version.mainDocId}".`);
  return doc;
}
