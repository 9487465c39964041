// Every route of the site, grouped by kind.

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

export const ALL_ROUTES = [...SITE_ROUTES, ...BLOG_ROUTES, ...DOC_ROUTES];
