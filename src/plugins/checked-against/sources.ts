// The `checked_against` front matter of a doc page: what its claims were checked against. One entry
// is a source, then optional paths inside it, separated by spaces:
//   inblockio/aqua-verifier-rs@9889a39530e74e2f0bd99a7f153244e06c245127 src/verifier.rs
//   aqua-js-sdk@3.2.1-45 dist/chunk-Q5SPQIUG.js
// A source is a GitHub repository at a full commit, or an npm package at an exact version. The page
// foot shows the list (src/plugins/checked-against) and scripts/check/frontmatter.mjs requires it on
// every doc, with this same parser, so a writer who moves a source can grep which pages to re-check.

export type SourcePath = {path: string; href?: string};
export type CheckedSource = {kind: 'repo' | 'npm'; label: string; href: string; paths: SourcePath[]};

const REPO = /^([A-Za-z0-9][\w.-]*)\/([\w.-]+)@([0-9a-f]{40})$/;
const NPM = /^((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)@(\d+\.\d+\.\d+(?:[-+][\w.-]+)?)$/;

/** Parses one entry; returns an error message (a string) when it is not of the form above. */
export function parseCheckedSource(entry: unknown): CheckedSource | string {
  if (typeof entry !== 'string' || entry.trim() === '') return 'an entry is not a non-empty string';
  const [source, ...paths] = entry.trim().split(/\s+/);
  const badPath = paths.find((p) => p.startsWith('/') || p.includes('..'));
  if (badPath) return `"${entry}": path "${badPath}" must be relative to the source, without ".."`;
  const repo = REPO.exec(source);
  if (repo) {
    const [, owner, name, commit] = repo;
    const base = `https://github.com/${owner}/${name}`;
    return {
      kind: 'repo',
      label: `${owner}/${name}@${commit.slice(0, 7)}`,
      href: `${base}/tree/${commit}`,
      paths: paths.map((path) => ({path, href: `${base}/blob/${commit}/${path}`})),
    };
  }
  const npm = NPM.exec(source);
  if (npm) {
    const [, name, version] = npm;
    return {
      kind: 'npm',
      label: `${name}@${version}`,
      href: `https://www.npmjs.com/package/${name}/v/${version}`,
      paths: paths.map((path) => ({path})),
    };
  }
  return `"${source}" is neither owner/repo@<40-hex commit> nor an npm package@<exact version>`;
}
