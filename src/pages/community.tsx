import React from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import styles from './community.module.css';

const ORG = 'https://github.com/inblockio';

interface Repo {
  name: string;
  what: string;
}

interface RepoGroup {
  title: string;
  repos: Repo[];
}

const REPO_GROUPS: RepoGroup[] = [
  {
    title: 'Protocol v3 (1.3.2) tools',
    repos: [
      {
        name: 'aqua-js-sdk',
        what: 'The JavaScript/TypeScript SDK (npm package aqua-js-sdk) for Node, browsers and React Native.',
      },
      {
        name: 'aqua-js-cli',
        what: 'A command-line tool built on the SDK: notarise, sign, witness, link and verify files.',
      },
      {
        name: 'aquafier-js',
        what: 'The JavaScript successor of Aquafier, the web app for notarising and sharing files.',
      },
      {name: 'aqua-identity', what: 'Example identity claims and attestations expressed as forms.'},
      {name: 'aqua-cheque', what: 'A cheque-style payment prototype combining Aqua, WAVS and a smart contract.'},
    ],
  },
  {
    title: 'Protocol 1.2 and earlier',
    repos: [
      {
        name: 'aqua-rs-cli',
        what: 'The Rust command-line tool aqua-cli; its 1.2 version (1.2.1) is the tag aqua_protocol_1.2, while its main branch has moved on to version 1.3.0 and builds on the aqua-rs-sdk repository.',
      },
      {name: 'aqua-verifier-rs', what: 'The Rust verification library behind the CLI.'},
      {
        name: 'aqua-verifier-js',
        what: 'JavaScript notarise and verify scripts; its history runs from June 2021, before protocol 1.1, to 1.3.',
      },
      {name: 'aqua-verifier-webextension', what: 'The Chrome extension that verifies pages and chain files.'},
      {name: 'aqua-container', what: 'The Rust and React web app known as Aqua Container.'},
      {name: 'mediawiki-extensions-Aqua', what: 'The MediaWiki extension behind the Personal Knowledge Container.'},
      {name: 'aqua-PKC', what: 'The Docker setup of the Personal Knowledge Container.'},
      {name: 'aqua-guardian', what: 'The Guardian prototype, a gateway that enforces access agreements.'},
    ],
  },
  {
    title: 'Specification and documentation',
    repos: [
      {name: 'aqua-improvement-proposal', what: 'Proposals for changes to the protocol.'},
      {
        name: 'aqua-docs',
        what: 'The Docusaurus sources of the earlier Aqua documentation; its main branch now holds a different site, built with Next.js.',
      },
    ],
  },
];

const CHANNELS = [
  {label: 'GitHub', href: ORG, link: 'github.com/inblockio', text: 'code, issues and pull requests.'},
  {label: 'X', href: 'https://x.com/inblockio', link: '@inblockio', text: 'announcements and news.'},
  {
    label: 'LinkedIn',
    href: 'https://www.linkedin.com/company/inblock-io',
    link: 'inblock.io on LinkedIn',
    text: 'the company page.',
  },
  {
    label: 'E-mail',
    href: 'mailto:info@inblock.io',
    link: 'info@inblock.io',
    text: 'for questions that do not fit an issue.',
  },
  {label: 'Website', href: 'https://inblock.io', link: 'inblock.io', text: 'the company that develops the protocol.'},
  {
    label: 'Aquafier',
    href: 'https://aquafier.inblock.io',
    link: 'aquafier.inblock.io',
    text: 'a web app to try the protocol on your own files.',
  },
];

/** The page's sections, in order: ids of their headings and the labels of the contents list. */
const SECTIONS = [
  ['repositories', 'Source repositories'],
  ['issues', 'Report an issue'],
  ['code', 'Contribute code'],
  ['docs', 'Improve these docs'],
  ['channels', 'Channels'],
] as const;

export default function Community(): JSX.Element {
  return (
    <Layout
      title="Community"
      description="How to take part in the Aqua Protocol: source repositories, issues, contributions to the code and the docs, and inblock.io's channels.">
      <main className={clsx('container', styles.page, 'aqua-prose')}>
        <Heading as="h1">Community</Heading>
        <p className={styles.lead}>
          Take part in the Aqua Protocol. This page is for anyone who wants to use, question or improve it: where the
          code lives, how to report a problem, how to contribute to the code and to these docs, and how to reach the
          team at inblock.io. The protocol and its tools are developed in the open on GitHub.
        </p>

        <nav aria-label="On this page" className={styles.toc}>
          <ul>
            {SECTIONS.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="repositories">
          <Heading as="h2" id="repositories">
            Source repositories
          </Heading>
          <p>
            All repositories belong to the <a href={ORG}>inblockio organisation on GitHub</a>. Use a tool whose version
            matches the protocol version of your data: 1.2 tools read 1.2 chains, v3 tools read AquaTrees.
          </p>
          {REPO_GROUPS.map((group) => (
            <div key={group.title}>
              <Heading as="h3">{group.title}</Heading>
              <ul className={styles.repoList}>
                {group.repos.map((repo) => (
                  <li key={repo.name}>
                    <a href={`${ORG}/${repo.name}`}>
                      <code>inblockio/{repo.name}</code>
                    </a>
                    <span> — {repo.what}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>

        <section aria-labelledby="issues">
          <Heading as="h2" id="issues">
            Report an issue
          </Heading>
          <p>
            Open the issue in the repository of the tool concerned, for example{' '}
            <a href={`${ORG}/aqua-js-sdk/issues`}>aqua-js-sdk issues</a> for the SDK. A good report names:
          </p>
          <ul>
            <li>the tool and its version (for the SDK, the version in your package.json) and the protocol version;</li>
            <li>what you ran, as a short program or command, and the full error or log output;</li>
            <li>
              a small AquaTree that shows the problem, if you can share it. Remove private content first: a chain
              carries file hashes, wallet addresses and timestamps.
            </li>
          </ul>
          <p>
            Mistakes in this website, such as a wrong statement, a broken example or a dead link, belong in the{' '}
            <a href="https://github.com/inblockio/aqua-docs/issues">aqua-docs issue tracker</a>.
          </p>
        </section>

        <section aria-labelledby="code">
          <Heading as="h2" id="code">
            Contribute code
          </Heading>
          <p>
            Contributions arrive as pull requests and every change is reviewed. Before you open one, read the{' '}
            <Link to="/docs/v2/contribution-guidelines">contribution guidelines</Link>. In short:
          </p>
          <ul>
            <li>
              format Rust with <code>cargo fmt</code> and JavaScript or TypeScript with Prettier;
            </li>
            <li>
              run <code>cargo clippy</code> and the tests, and add no new warnings (at the 1.2 commits the Rust tests do
              not compile and Clippy already warns, as the guidelines explain);
            </li>
            <li>
              prefer <code>Result</code> values to panics or exceptions, and explicit types to <code>any</code>;
            </li>
            <li>
              write commit messages that say what the change does, in the form the repository asks for: aqua-js-sdk, for
              example, asks for Conventional Commits such as <code>fix: handle an empty witness</code>.
            </li>
          </ul>
          <p>
            Changes to the protocol itself start as a proposal in{' '}
            <a href={`${ORG}/aqua-improvement-proposal`}>aqua-improvement-proposal</a>, so that every implementation can
            follow.
          </p>
        </section>

        <section aria-labelledby="docs">
          <Heading as="h2" id="docs">
            Improve these docs
          </Heading>
          <p>
            This site is built with Docusaurus and is meant to be published from the{' '}
            <a href="https://github.com/inblockio/aqua-docs">aqua-docs</a> repository. Documentation pages (except those
            of v2) and blog posts have an “Edit this page” link to their source file on that repository’s{' '}
            <code>main</code> branch. When these links were last checked (November 2026), that branch held a different
            site, built with Next.js, without these files, so an edit link ends on GitHub’s “not found” page; the v2
            pages have no edit link for that reason. Until that changes, open an issue in the{' '}
            <a href="https://github.com/inblockio/aqua-docs/issues">aqua-docs issue tracker</a> and name the page and
            the change instead.
          </p>
          <ul>
            <li>
              Each protocol version has its own folder: <code>versioned_docs/version-1.3.2</code> for v3,{' '}
              <code>version-1.2.0</code> for v2, <code>version-1.1.0</code> for v1 and <code>docs</code> for the
              unreleased next version. Fix a mistake in the version where it occurs.
            </li>
            <li>
              To preview locally from a copy of this site’s own sources (not the Next.js site on aqua-docs{' '}
              <code>main</code>), install Node 20.9 or newer, run <code>npm ci</code> and <code>npm start</code>, and
              open the address it prints.
            </li>
            <li>
              The TypeScript examples of the v3 docs are real programs: they are type-checked and run against the SDK,
              so an example you change must still work.
            </li>
          </ul>
        </section>

        <section aria-labelledby="channels">
          <Heading as="h2" id="channels">
            Channels
          </Heading>
          <p>These are the official places to follow the project and to reach inblock.io:</p>
          <ul className={styles.channelList}>
            {CHANNELS.map((c) => (
              <li key={c.label}>
                <strong>{c.label}:</strong> <a href={c.href}>{c.link}</a>, {c.text}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="next">
          <Heading as="h2" id="next">
            Where to go next
          </Heading>
          <ul>
            <li>
              <Link to="/docs/v3/intro">Read the v3 introduction</Link> to learn the protocol.
            </li>
            <li>
              <Link to="/docs/v3/sdk/getting-started">Follow the SDK guide</Link> to build your first AquaTree.
            </li>
            <li>
              <Link to="/blog">Read the blog</Link> for deep dives and announcements.
            </li>
          </ul>
        </section>
      </main>
    </Layout>
  );
}
