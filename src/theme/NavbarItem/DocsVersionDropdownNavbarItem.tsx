// Replaces the stock version dropdown so that switching versions keeps the reader's place: the same
// page in the other version when it has one, even where its id changed case. Stock 3.6.3 matches docs across versions by exact id, so
// `Protocol/guardian` (v1) never finds `protocol/guardian` (next) and the reader lands on the main
// doc. Stock resolves targets inside the component, so a wrapper cannot change them; this keeps
// stock's rendering (DropdownNavbarItem), labels and preferred-version saving, built on public
// hooks, and only swaps the target lookup for findEquivalentDoc. It also keeps ?query#hash in the
// rendered hrefs after hydration, not only on click, so "open in new tab" keeps them too.
import React from 'react';
import {
  useActiveDocContext,
  useDocsPreferredVersion,
  useDocsVersionCandidates,
  useVersions,
  type ActiveDocContext,
  type GlobalDoc,
  type GlobalVersion,
} from '@docusaurus/plugin-content-docs/client';
import {useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {translate} from '@docusaurus/Translate';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import DropdownNavbarItem from '@theme/NavbarItem/DropdownNavbarItem';
import type {Props} from '@theme/NavbarItem/DocsVersionDropdownNavbarItem';
import type {LinkLikeNavbarItemProps} from '@theme/NavbarItem';

/**
 * The identity of a doc across versions. Folders were renamed in case only between versions
 * (`Protocol/` in v1 became `protocol/` in next, `Implementations/` became `implementations/`), and a
 * folder's index doc (`sdk/index`) stands for the folder itself, so both are normalised away.
 */
function docKey(docId: string): string {
  return docId.toLowerCase().replace(/(^|\/)index$/, '');
}

/** The doc of `version` that is the same page as the doc `docId`, if that version has one. */
function findEquivalentDoc(docId: string, version: GlobalVersion): GlobalDoc | undefined {
  const exact = version.docs.find((doc) => doc.id === docId);
  if (exact) return exact;
  const key = docKey(docId);
  return version.docs.find((doc) => docKey(doc.id) === key);
}

/** The landing doc of a version. */
function mainDoc(version: GlobalVersion): GlobalDoc {
  const doc = version.docs.find((candidate) => candidate.id === version.mainDocId);
  if (!doc) throw new Error(`Version ${version.name} has no main doc "${version.mainDocId}".`);
  return doc;
}

/** The same doc in `version` when it has one, else that version's main doc. */
function targetDoc(version: GlobalVersion, {activeDoc}: ActiveDocContext): GlobalDoc {
  return (activeDoc && findEquivalentDoc(activeDoc.id, version)) || mainDoc(version);
}

export default function DocsVersionDropdownNavbarItem({
  mobile,
  docsPluginId,
  dropdownActiveClassDisabled,
  dropdownItemsBefore,
  dropdownItemsAfter,
  ...props
}: Props): JSX.Element {
  const {search, hash} = useLocation();
  // The server render has no query or hash; adding them once hydrated updates the hrefs.
  const suffix = useIsBrowser() ? `${search}${hash}` : '';
  const activeDocContext = useActiveDocContext(docsPluginId);
  const versions = useVersions(docsPluginId);
  const {savePreferredVersionName} = useDocsPreferredVersion(docsPluginId);

  const versionLinks = versions.map(
    (version): LinkLikeNavbarItemProps => ({
      label: version.label,
      to: `${targetDoc(version, activeDocContext).path}${suffix}`,
      isActive: () => version === activeDocContext.activeVersion,
      onClick: () => savePreferredVersionName(version.name),
    }),
  );
  const items = [...dropdownItemsBefore, ...versionLinks, ...dropdownItemsAfter];

  const dropdownVersion = useDocsVersionCandidates(docsPluginId)[0];
  const asMobileMenu = mobile && items.length > 1;
  const label = asMobileMenu
    ? translate({
        id: 'theme.navbar.mobileVersionsDropdown.label',
        message: 'Versions',
        description: 'The label for the navbar versions dropdown on mobile view',
      })
    : dropdownVersion.label;
  const to = asMobileMenu ? undefined : targetDoc(dropdownVersion, activeDocContext).path;
  const isActive = dropdownActiveClassDisabled ? () => false : undefined;

  // A single version needs no menu: a plain link, as stock does.
  if (items.length <= 1) {
    return <DefaultNavbarItem {...props} mobile={mobile} label={label} to={to} isActive={isActive} />;
  }
  return <DropdownNavbarItem {...props} mobile={mobile} label={label} to={to} items={items} isActive={isActive} />;
}
