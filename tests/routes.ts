// The routes of the site. The lists below are the spec's routes, grouped by kind (routes.spec.ts
// checks that each is built); BUILT_ROUTES is every page of the build in build/, so that a page a
// writer adds is crawled, checked by axe and served without a list to keep up to date.
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';

export const SITE_ROUTES = ['/', '/community'];

export const BLOG_POSTS = ['/blog/first-blog-post', '/blog/long-blog-post', '/blog/mdx-blog-post', '/blog/welcome'];
export const BLOG_TAGS = ['docusaurus', 'facebook', 'hello', 'hola'];
export const BLOG_AUTHORS = ['aqua-team', 'inblockio'];
export const BLOG_ROUTES = [
  '/blog',
  '/blog/archive',
  '/blog/authors',
  ...BLOG_AUTHORS.map((author) => `/blog/authors/${author}`),
  '/blog/tags',
  ...BLOG_TAGS.map((tag) => `/blog/tags/${tag}`),
  ...BLOG_POSTS,
];

/** Doc ids per version path; each version's main doc comes first. */
export const DOCS: Record<'v3' | 'v2' | 'v1' | 'next', string[]> = {
  v3: [
    'intro',
    'AccessControl',
    'AquaIdentity',
    'Cheque',
    'cli-tool',
    'RestAPI',
    'schema_2',
    'VerifierTests',
    'sdk',
    'sdk/api/chainable',
    'sdk/api/signing',
    'sdk/api/verification',
    'sdk/api/witnessing',
    'sdk/core-concepts',
    'sdk/getting-started',
  ],
  v2: [
    'prologue',
    'getting-started',
    'references',
    'contribution-guidelines',
    'Components/intro',
    'Components/containers/aquafier',
    'Components/containers/media-wiki',
    'Components/verifier',
    'Components/verifier/aqua-cli-javascript',
    'Components/verifier/aqua-cli-rust',
    'Components/verifier/webextension',
  ],
  v1: [
    'intro',
    'Implementations/reference-architecture',
    ...[
      'aqua-identity-protocol',
      'aqua-name-resolution',
      'assurance-levels-aal',
      'data-accounting',
      'data-governance',
      'delegated-witnessing',
      'design-principles',
      'guardian',
      'immutable-hyperlinks',
      'whitepaper',
    ].map((p) => `Protocol/${p}`),
  ],
  next: [
    'intro',
    'implementations/reference-architecture',
    ...[
      'aqua_protocol_v1_2',
      'aqua-identity-protocol',
      'aqua-name-resolution',
      'aqua-protocol-version_1.3',
      'assurance-levels-aal',
      'data-accounting',
      'data-governance',
      'delegated-witnessing',
      'design-principles',
      'guardian',
      'immutable-hyperlinks',
      'whitepaper',
    ].map((p) => `protocol/${p}`),
  ],
};

export const DOC_ROUTES = Object.entries(DOCS).flatMap(([version, ids]) => ids.map((id) => `/docs/${version}/${id}`));

/** The spec's routes. */
export const SPEC_ROUTES = [...SITE_ROUTES, ...BLOG_ROUTES, ...DOC_ROUTES];

/**
 * Every page of the build (an HTML file that hydrates: not the redirect pages) but the not-found
 * page, which the tests reach at an unknown path.
 */
function builtRoutes(dir: string): string[] {
  const routes = readdirSync(dir, {recursive: true})
    .map(String)
    .filter((file) => file.endsWith('.html') && readFileSync(join(dir, file), 'utf8').includes('data-has-hydrated'))
    .map((file) => `/${file}`.replace(/(\/index)?\.html$/, '') || '/');
  return routes.filter((route) => route !== '/404').sort();
}
export const BUILT_ROUTES = builtRoutes('build');
export const BUILT_DOC_ROUTES = BUILT_ROUTES.filter((route) => route.startsWith('/docs/'));
