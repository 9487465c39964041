// One table of permanent redirects. The static build turns each into a small HTML page (via
// @docusaurus/plugin-client-redirects); a production server or host can serve the same table as
// HTTP 301s. Versions come from docs-versions.ts so that a new release updates the roots itself.
import {LATEST_DOCS_PATH, RELEASED_VERSIONS, versionLabel} from './docs-versions';

export interface Redirect {
  from: string;
  to: string;
}

/** The landing doc of each released version, by version name. */
const MAIN_DOC: Record<string, string> = {'1.2.0': 'prologue'};
const mainDocOf = (version: string) => MAIN_DOC[version] ?? 'intro';

export const REDIRECTS: Redirect[] = [
  // Docs roots lead to a page instead of an empty layout.
  {from: '/docs', to: LATEST_DOCS_PATH},
  {from: '/docs/next', to: '/docs/next/intro'},
  ...RELEASED_VERSIONS.map((version) => ({
    from: `/docs/${versionLabel(version)}`,
    to: `/docs/${versionLabel(version)}/${mainDocOf(version)}`,
  })),
  // Some readers know the v3 SDK reference pages without the api/ segment.
  ...['signing', 'verification', 'witnessing'].map((page) => ({
    from: `/docs/v3/sdk/${page}`,
    to: `/docs/v3/sdk/api/${page}`,
  })),
];
