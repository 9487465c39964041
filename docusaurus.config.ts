import {execFileSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {themes as prismThemes} from 'prism-react-renderer';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {LATEST_DOCS_PATH, LATEST_VERSION, VERSIONS, versionLabel} from './docs-versions';
import {REDIRECTS} from './redirects';
import remarkCodeLanguages from './src/plugins/remark-code-languages';
import drawnDiagramsPlugin, {remarkDrawnDiagrams} from './src/plugins/drawn-diagrams';
import remarkSdkReference from './src/plugins/sdk-reference';
import remarkCheckedAgainst, {CHECKED_AGAINST_CLASS} from './src/plugins/checked-against';
import securityHeaders from './src/plugins/security-headers';
import type {PluginOptions as SearchOptions} from '@easyops-cn/docusaurus-search-local';
import redirectTablePlugin from './src/plugins/redirect-table';
import codeHighlightPlugin, {rehypeCodeHighlight} from './src/plugins/code-highlight';
import {ssrTemplate} from './src/ssrTemplate';
import {BLOG_DESCRIPTION, BLOG_PATH, BLOG_TITLE} from './src/blog';
import slimClientPlugin from './src/plugins/slim-client';
import afterHydrationPlugin from './src/plugins/after-hydration';
import aquaPlaygroundPlugin from './src/plugins/aqua-playground';
import buildCachePlugin from './src/plugins/build-cache';
import sourceMapsPlugin from './src/plugins/source-maps';
import stagedEntryPlugin from './src/plugins/staged-entry';
import search from './src/plugins/search';
import {GLOSSARY_TABLE, withSearchKeywords} from './src/plugins/search-definitions';

/**
 * The repository and branch that hold these files: "Edit this page" links and the footer's source link
 * point into them. `DOCS_REPO_URL` and `DOCS_REPO_BRANCH` set them; otherwise a build on GitHub Actions
 * takes the repository it runs in, and any other build this clone's `origin` when that is a GitHub
 * repository (else inblock.io's docs repository) and the branch `main`.
 */
const REPO_URL = process.env.DOCS_REPO_URL || githubRepository() || 'https://github.com/inblockio/aqua-docs';
const REPO_BRANCH = process.env.DOCS_REPO_BRANCH || 'main';

function githubRepository(): string | undefined {
  if (process.env.GITHUB_SERVER_URL && process.env.GITHUB_REPOSITORY) {
    return `${process.env.GITHUB_SERVER_URL}/${process.env.GITHUB_REPOSITORY}`;
  }
  try {
    const origin = execFileSync('git', ['remote', 'get-url', 'origin'], {encoding: 'utf8', stdio: 'pipe'}).trim();
    const match = /^(?:https:\/\/github\.com\/|git@github\.com:)([\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(origin);
    return match ? `https://github.com/${match[1]}` : undefined;
  } catch {
    return undefined; // not a git checkout, or no remote called origin
  }
}
/** The organisation that develops the protocol and its tools. */
const ORG_URL = 'https://github.com/inblockio';

/**
 * `DOCS_STRICT=true` turns broken links, markdown links and anchors from build warnings (what a
 * writer sees in `npm run build`) into build failures. The test command and CI set it.
 */
const STRICT = process.env.DOCS_STRICT === 'true';
const onBroken = STRICT ? 'throw' : 'warn';

const announcement = `Protocol ${LATEST_VERSION} is the current release. <a href="${LATEST_DOCS_PATH}">Read the ${versionLabel(LATEST_VERSION)} documentation</a>.`;

/** URL patterns of every docs version but the latest (next included): none of them is indexable. */
const OLDER_DOCS_PATTERNS = Object.entries(VERSIONS)
  .filter(([name]) => name !== LATEST_VERSION)
  .map(([, {path}]) => `/docs/${path}/**`);

/** Code blocks in a language the highlighter lacks: warnings, or failures in strict mode. */
const codeLanguages = [remarkCodeLanguages, {themeConfig: () => config.themeConfig, onUnknownLanguage: onBroken}];
// Mermaid diagrams drawn ahead of time (npm run diagrams); a diagram without drawings fails the strict build.
const drawnDiagrams = [remarkDrawnDiagrams, {mermaidConfig: () => config.themeConfig?.mermaid, onMissing: onBroken}];
/** Highlights code blocks at build time with `themeConfig.prism` (src/plugins/code-highlight). */
const codeHighlight = [rehypeCodeHighlight, {themeConfig: () => config.themeConfig}];

const config: Config = {
  title: 'Aqua Protocol',
  tagline: 'Account and verify data in seconds',
  favicon: 'img/favicon.svg',
  url: 'https://aqua-protocol.org',
  baseUrl: '/',
  // The site's URLs have no trailing slash: /docs/v3/intro, not /docs/v3/intro/.
  trailingSlash: false,
  organizationName: 'inblockio',
  projectName: 'aqua-docs',

  onBrokenLinks: onBroken,
  onBrokenMarkdownLinks: onBroken,
  onBrokenAnchors: onBroken,

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {en: {label: 'English', htmlLang: 'en', direction: 'ltr', calendar: 'gregory'}},
  },

  // Rspack, SWC and Lightning CSS (@docusaurus/faster). `DOCS_BUNDLER=webpack` builds with stock
  // webpack instead, for comparison (npm run bench:build).
  future: {experimental_faster: process.env.DOCS_BUNDLER !== 'webpack'},
  // Stock page template, but the entry scripts load after the first paint (src/ssrTemplate.ts).
  ssrTemplate,

  markdown: {
    // .md files are plain CommonMark, .mdx files are MDX: writers can use < and { freely in .md.
    format: 'detect',
    mermaid: true,
    // A doc's `keywords` are what its Markdown defines (table first columns, code block titles,
    // signatures, error messages) and the glossary's other words for its topics: the site search
    // ranks them after titles and headings, before body text (src/plugins/search-definitions).
    parseFrontMatter: async (params) =>
      withSearchKeywords(params.filePath, await params.defaultParseFrontMatter(params)),
  },
  themes: [
    '@docusaurus/theme-mermaid',
    [
      // @easyops-cn/docusaurus-search-local, wrapped: it forgives typos, keeps --flags whole, and
      // merges its results with a ranking by words and by meaning (src/plugins/search).
      search,
      {
        // Offline search; one index per docs version, each with the blog and pages, used by the
        // version being read (the latest version's index outside the docs).
        docsRouteBasePath: 'docs',
        docsDir: ['docs', 'versioned_docs'], // the index hash covers every version's sources
        indexBlog: true,
        indexPages: true,
        // Older versions tell search engines noindex (docs-versions.ts); readers can still search them.
        forceIgnoreNoIndex: true,
        ignoreFiles: [/^blog\/(archive|authors)(\/|$)/], // lists of posts: every hit is already a post
        // The glossary's table (v3 introduction) is a list of words that point at other pages: the
        // search sends each of them to the pages it names (src/plugins/search-definitions), so the
        // table's own text would only put the introduction above those pages.
        // Also left out: the "Checked against" line (every page would answer for its sources).
        ignoreCssSelectors: [GLOSSARY_TABLE, `.${CHECKED_AGAINST_CLASS}`],
        hashed: 'filename', // a content hash in the index file name, so it can be cached for good
        highlightSearchTermsOnTargetPage: true,
        explicitSearchResultPath: true,
        searchBarShortcutKeymap: 'mod+k',
        searchBarPosition: 'right',
        // Typos: a word that matches nothing is first retried with its closest spelling in the
        // index (src/plugins/search), so lunr's own fuzzy matching only needs one edit: with
        // two, a short stem matched unrelated words ("solv" matched "hold"), and a section holding
        // every word that loosely came before one holding most of them exactly. Measured by
        // test:search on the readers' set (the set tuned on), with the query order of
        // src/plugins/search/smart-queries.mjs: top-1 67.5 -> 70.0 %, top-3 85.8 -> 85.0 %.
        fuzzyMatchingDistance: 1,
      } satisfies SearchOptions,
    ],
  ],
  plugins: [
    ['@docusaurus/plugin-client-redirects', {redirects: REDIRECTS}],
    redirectTablePlugin, // the same table as build/redirects.json and build/_redirects, for HTTP 301s
    [
      '@signalwire/docusaurus-plugin-llms-txt',
      {
        // build/llms.txt and a Markdown copy of each page, for the latest version's docs only: the
        // plugin counts every version but the last (next included) as "versioned".
        siteTitle: 'Aqua Protocol',
        siteDescription: `Documentation of the Aqua Protocol ${LATEST_VERSION} (${versionLabel(LATEST_VERSION)}) and its JavaScript SDK.`,
        depth: 2,
        content: {
          includeDocs: true,
          includeVersionedDocs: false,
          includeBlog: false,
          includePages: false,
          excludeRoutes: ['/search'], // the search page counts as a doc for the plugin
        },
      },
    ],
    securityHeaders, // build/_headers: the server's security headers, for static hosts
    codeHighlightPlugin, // Prism themes as CSS; no Prism in the browser (code is highlighted at build time)
    slimClientPlugin, // keeps tslib out of the browser bundle
    aquaPlaygroundPlugin, // aqua-js-sdk for the home page playground, loaded on first use
    drawnDiagramsPlugin, // the drawings of the diagrams, in the static render only (before build-cache: it keys on aliases)
    sourceMapsPlugin, // DOCS_SOURCE_MAPS=true: hidden source maps for scripts/bench/profile.mjs (before build-cache: it keys on devtool)
    afterHydrationPlugin, // the state learnt right after hydration (window size, isBrowser) renders as a transition (before build-cache: it keys on aliases)
    buildCachePlugin, // persistent Rspack cache: warm builds reuse compiled modules
    stagedEntryPlugin, // production: the client starts in a few short tasks instead of one long one
  ],

  headTags: [
    {tagName: 'link', attributes: {rel: 'icon', href: '/favicon.ico', sizes: '32x32'}},
    {tagName: 'link', attributes: {rel: 'apple-touch-icon', href: '/img/apple-touch-icon.png'}},
    {tagName: 'meta', attributes: {name: 'theme-color', content: '#0a5f8c'}},
  ],

  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.ts',
          // SDK reference tables generated from the package's type declarations (::sdk-reference).
          beforeDefaultRemarkPlugins: [remarkSdkReference, codeLanguages, drawnDiagrams],
          // Each page ends with what its claims were checked against (its checked_against front matter).
          remarkPlugins: [remarkCheckedAgainst],
          rehypePlugins: [codeHighlight],
          lastVersion: LATEST_VERSION,
          versions: VERSIONS,
          editUrl: ({versionDocsDirPath, docPath}) =>
            `${REPO_URL}/edit/${REPO_BRANCH}/${versionDocsDirPath}/${docPath}`,
          showLastUpdateTime: false,
        },
        blog: {
          showReadingTime: true,
          beforeDefaultRemarkPlugins: [codeLanguages, drawnDiagrams],
          rehypePlugins: [codeHighlight],
          routeBasePath: BLOG_PATH,
          blogTitle: BLOG_TITLE,
          blogDescription: BLOG_DESCRIPTION,
          postsPerPage: 10,
          blogSidebarTitle: 'Recent posts',
          blogSidebarCount: 'ALL',
          editUrl: ({blogDirPath, blogPath}) => `${REPO_URL}/edit/${REPO_BRANCH}/${blogDirPath}/${blogPath}`,
          feedOptions: {
            type: ['rss', 'atom'],
            title: BLOG_TITLE,
            description: BLOG_DESCRIPTION,
            copyright: 'Copyright © 2025 inblock.io',
            xslt: false,
          },
          onInlineTags: 'throw',
          onInlineAuthors: 'throw',
          onUntruncatedBlogPosts: 'throw',
        },
        pages: {beforeDefaultRemarkPlugins: [codeLanguages, drawnDiagrams], rehypePlugins: [codeHighlight]},
        // Only indexable pages: older versions are noindex (docs-versions.ts).
        sitemap: {ignorePatterns: [...OLDER_DOCS_PATTERNS, '/search']},
        theme: {customCss: ['./src/css/custom.css', './src/css/navbar.css', './src/css/a11y.css']},
      } satisfies Preset.Options,
    ],
  ],

  themeConfig: {
    image: 'img/social-card.png',
    metadata: [
      {name: 'keywords', content: 'Aqua Protocol, data accounting, hash chain, signature, witness, verification'},
      {name: 'twitter:card', content: 'summary_large_image'},
      {name: 'twitter:site', content: '@inblockio'},
    ],
    colorMode: {defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false},
    announcementBar: {
      // The id is derived from the content: a new announcement gets a new id, so visitors who
      // closed the previous one see it again.
      id: `announcement-${createHash('sha256').update(announcement).digest('hex').slice(0, 8)}`,
      content: announcement,
      backgroundColor: '#0b3d5c',
      textColor: '#ffffff',
      isCloseable: true,
    },
    navbar: {
      title: 'Aqua Protocol',
      hideOnScroll: true,
      logo: {alt: 'Aqua Protocol logo', src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', width: 32, height: 32},
      // Every item sets its side: they all sit on the right, where 3.6.3's schema defaults to left.
      items: [
        {to: LATEST_DOCS_PATH, label: 'Documentation', position: 'right', activeBaseRegex: '^/docs(/|$)'},
        {to: '/community', label: 'Community', position: 'right'},
        {href: ORG_URL, label: 'GitHub', position: 'right', 'aria-label': 'Source code on GitHub (opens in a new tab)'},
        {type: 'docsVersionDropdown', position: 'right'},
        {type: 'search', position: 'right'},
      ],
    },
    footer: {
      // The footer follows the colour mode, so its logo's light and dark variants both fit.
      style: 'light',
      links: [
        {
          title: 'Documentation',
          items: [
            {label: `Protocol ${LATEST_VERSION} (latest)`, to: LATEST_DOCS_PATH},
            // Deliberately v3: the SDK and schema pages exist only in 1.3.2 (see CONTRIBUTING.md, "Cut a version").
            {label: 'JavaScript SDK', to: '/docs/v3/sdk'},
            {label: 'Schema reference', to: '/docs/v3/schema_2'},
            {label: 'Unreleased (next)', to: '/docs/next/intro'},
          ],
        },
        {
          title: 'Community',
          items: [
            {label: 'Take part', to: '/community'},
            {label: 'X (@inblockio)', href: 'https://x.com/inblockio'},
            {label: 'LinkedIn', href: 'https://www.linkedin.com/company/inblock-io'},
          ],
        },
        {
          title: 'More',
          items: [
            {label: 'Blog', to: '/blog'},
            {label: 'Source code of these docs', href: REPO_URL},
            {label: 'inblock.io on GitHub', href: ORG_URL},
          ],
        },
      ],
      logo: {
        alt: 'Aqua Protocol',
        src: 'img/logo.svg',
        srcDark: 'img/logo-dark.svg',
        width: 48,
        height: 48,
        href: 'https://inblock.io',
      },
      copyright: 'Copyright © 2025 inblock.io',
    },
    docs: {sidebar: {hideable: true}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    prism: {
      theme: prismThemes.github,
      darkTheme: prismThemes.dracula,
      additionalLanguages: ['bash', 'php'], // the fence languages of our content that prism-react-renderer lacks
    },
    mermaid: {theme: {light: 'neutral', dark: 'dark'}},
  } satisfies Preset.ThemeConfig,
};

export default config;
