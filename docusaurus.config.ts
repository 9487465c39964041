import {createHash} from 'node:crypto';
import {themes as prismThemes} from 'prism-react-renderer';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {LATEST_DOCS_PATH, LATEST_VERSION, VERSIONS, versionLabel} from './docs-versions';
import {REDIRECTS} from './redirects';

/** The repository that holds this site's sources; edit links point into it. */
const REPO_URL = 'https://github.com/inblockio/aqua-docs';
/** The organisation that develops the protocol and its tools. */
const ORG_URL = 'https://github.com/inblockio';

/**
 * `DOCS_STRICT=true` turns broken links, markdown links and anchors from build warnings (what a
 * writer sees in `npm run build`) into build failures. The test command and CI set it.
 */
const STRICT = process.env.DOCS_STRICT === 'true';
const onBroken = STRICT ? 'throw' : 'warn';

const announcement = `Protocol ${LATEST_VERSION} is the current release. <a href="${LATEST_DOCS_PATH}">Read the ${versionLabel(LATEST_VERSION)} documentation</a>.`;

const config: Config = {
  title: 'Aqua Protocol',
  tagline: 'Account and verify data in seconds',
  favicon: 'img/favicon.svg',
  url: 'https://aqua-protocol.org',
  baseUrl: '/',
  // The spec's routes have no trailing slash: /docs/v3/intro, not /docs/v3/intro/.
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

  future: {experimental_faster: true},

  markdown: {
    // .md files are plain CommonMark, .mdx files are MDX: writers can use < and { freely in .md.
    format: 'detect',
    mermaid: true,
  },
  themes: ['@docusaurus/theme-mermaid'],
  plugins: [['@docusaurus/plugin-client-redirects', {redirects: REDIRECTS}]],

  headTags: [
    {tagName: 'link', attributes: {rel: 'icon', href: '/favicon.ico', sizes: '32x32'}},
    {tagName: 'link', attributes: {rel: 'apple-touch-icon', href: '/img/apple-touch-icon.png'}},
    {tagName: 'meta', attributes: {name: 'theme-color', content: '#0b5cad'}},
  ],

  presets: [
    [
      'classic',
      {
        docs: {
          sidebarPath: './sidebars.ts',
          lastVersion: LATEST_VERSION,
          versions: VERSIONS,
          editUrl: ({versionDocsDirPath, docPath}) => `${REPO_URL}/edit/main/${versionDocsDirPath}/${docPath}`,
          showLastUpdateTime: false,
        },
        blog: {
          showReadingTime: true,
          blogTitle: 'Aqua Protocol blog',
          blogDescription: 'News, deep dives and release notes from the Aqua Protocol team.',
          postsPerPage: 10,
          blogSidebarTitle: 'Recent posts',
          blogSidebarCount: 'ALL',
          editUrl: ({blogDirPath, blogPath}) => `${REPO_URL}/edit/main/${blogDirPath}/${blogPath}`,
          feedOptions: {
            type: ['rss', 'atom'],
            title: 'Aqua Protocol blog',
            description: 'News, deep dives and release notes from the Aqua Protocol team.',
            copyright: 'Copyright © 2025 inblock.io',
            xslt: false,
          },
          onInlineTags: 'throw',
          onInlineAuthors: 'throw',
          onUntruncatedBlogPosts: 'throw',
        },
        theme: {customCss: ['./src/css/custom.css', './src/css/navbar.css']},
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
      backgroundColor: '#0b3d6e',
      textColor: '#ffffff',
      isCloseable: true,
    },
    navbar: {
      title: 'Aqua Protocol',
      hideOnScroll: true,
      logo: {alt: 'Aqua Protocol logo', src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', width: 32, height: 32},
      // Every item sets its side: the spec's default is right, 3.6.3's schema defaults to left.
      items: [
        {to: LATEST_DOCS_PATH, label: 'Documentation', position: 'right', activeBaseRegex: '^/docs(/|$)'},
        {to: '/community', label: 'Community', position: 'right'},
        {href: ORG_URL, label: 'GitHub', position: 'right', 'aria-label': 'Source code on GitHub (opens in a new tab)'},
        {type: 'docsVersionDropdown', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Documentation',
          items: [
            {label: `Protocol ${LATEST_VERSION} (latest)`, to: LATEST_DOCS_PATH},
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
      additionalLanguages: ['bash', 'json', 'rust', 'solidity', 'php', 'toml', 'diff'],
    },
    mermaid: {theme: {light: 'neutral', dark: 'dark'}},
  } satisfies Preset.ThemeConfig,
};

export default config;
