// The table of documentation versions, derived from versions.json so that cutting a version with
// `npm run docusaurus docs:version X.Y.Z` needs no other edit. Read by docusaurus.config.ts.
import type {VersionOptions} from '@docusaurus/plugin-content-docs';
import versions from './versions.json';

/** Released versions, newest first, exactly as `docs:version` writes them. */
export const RELEASED_VERSIONS: readonly string[] = versions;

/** The newest release is the one visitors get by default. */
export const LATEST_VERSION = RELEASED_VERSIONS[0];

/**
 * The short label of a released version, also used as its URL segment: protocol 1.x releases are
 * named after their minor number (1.3.2 → v3), later majors after major and minor (2.0.0 → v2.0).
 */
export function versionLabel(version: string): string {
  const [major, minor] = version.split('.');
  return major === '1' ? `v${minor}` : `v${major}.${minor}`;
}

/**
 * Labels, paths and banners for every version, as the docs plugin expects them. Every version but the
 * latest tells search engines not to index it (`noIndex`), so that a search lands on the latest docs.
 */
export const VERSIONS: Record<string, VersionOptions> = {
  current: {label: 'Next', path: 'next', banner: 'unreleased', noIndex: true},
  ...Object.fromEntries(
    RELEASED_VERSIONS.map((version) => [
      version,
      {label: versionLabel(version), path: versionLabel(version), banner: 'none', noIndex: version !== LATEST_VERSION},
    ]),
  ),
};

/** Where the latest documentation starts, e.g. `/docs/v3/intro`. */
export const LATEST_DOCS_PATH = `/docs/${versionLabel(LATEST_VERSION)}/intro`;
