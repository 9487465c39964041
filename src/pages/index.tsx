import React from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import HeroArt from '@site/src/components/HeroArt';
import AquaPlayground from '@site/src/components/AquaPlayground';
import MDXContent from '@theme/MDXContent';
import SdkFlow from './_sdk-flow.mdx';
import styles from './index.module.css';

interface Feature {
  title: string;
  to: string;
  linkLabel: string;
  icon: JSX.Element;
  body: JSX.Element;
}

const iconProps = {viewBox: '0 0 32 32', 'aria-hidden': true, focusable: false} as const;

const FEATURES: Feature[] = [
  {
    title: 'Hash-chained revisions',
    to: '/docs/v3/schema_2',
    linkLabel: 'Read the schema reference',
    icon: (
      <svg {...iconProps}>
        <rect x="3" y="11" width="9" height="10" rx="2" />
        <rect x="20" y="11" width="9" height="10" rx="2" />
        <path d="M12 16h8" />
      </svg>
    ),
    body: (
      <>
        Every change to a file becomes a revision. Each revision is hashed with SHA-256 and names the revision before it
        in <code>previous_verification_hash</code>, so the history forms a chain, which may fork: an AquaTree. A
        verifier that follows every link sees a revision that was changed or taken out of the middle; revisions cut off
        the end leave a shorter chain that still verifies, so compare its last hash with one you got separately.
      </>
    ),
  },
  {
    title: 'Signatures',
    to: '/docs/v3/sdk/api/signing',
    linkLabel: 'Signing API',
    icon: (
      <svg {...iconProps}>
        <circle cx="10" cy="16" r="6" />
        <path d="M16 16h13M25 16v5M29 16v4" />
      </svg>
    ),
    body: (
      <>
        A signature revision binds a revision hash to an account. Ethereum wallets sign with EIP-191, and the SDK also
        signs with DID keys and takes signatures you bring yourself. Its PKCS#12 (p12) signer does not work in Node.js
        in 3.2.1-45: signing rejects, and a correct p12 signature fails verification.
      </>
    ),
  },
  {
    title: 'Witnessing',
    to: '/docs/v3/sdk/api/witnessing',
    linkLabel: 'Witnessing API',
    icon: (
      <svg {...iconProps}>
        <circle cx="16" cy="16" r="12" />
        <path d="M16 8v8l5 4" />
      </svg>
    ),
    body: (
      <>
        A witness revision anchors a hash outside your control: in an Ethereum transaction, a Nostr event or an RFC 3161
        timestamp. A block, or a token whose authority&apos;s signature you check, shows the data existed by then; a
        Nostr event&apos;s time is only its publisher&apos;s claim.
      </>
    ),
  },
  {
    title: 'Verification',
    to: '/docs/v3/sdk/api/verification',
    linkLabel: 'Verification API',
    icon: (
      <svg {...iconProps}>
        <path d="M16 3 27 7v8c0 7-5 12-11 14C10 27 5 22 5 15V7z" />
        <path d="m11 16 4 4 7-8" />
      </svg>
    ),
    body: (
      <>
        Anyone holding the AquaTree and its files can check it without a central service. The SDK recomputes scalar
        hashes and file hashes, recovers signers, looks up witnesses and checks linked trees you supply; it leaves the
        chain order, tree-mode Merkle roots and the proof of a witness&apos;s time to you.
      </>
    ),
  },
  {
    title: 'Identity',
    to: '/docs/v3/AquaIdentity',
    linkLabel: 'Aqua Identity',
    icon: (
      <svg {...iconProps}>
        <circle cx="16" cy="11" r="5" />
        <path d="M6 28c1-6 5-9 10-9s9 3 10 9" />
      </svg>
    ),
    body: (
      <>
        Identity claims and attestations are built from form revisions and signatures. Tree-mode hashing gives each
        field its own leaf, a basis for hiding a field such as an e-mail address later; the SDK 3.2.1-45 still needs the
        full form file to verify a claim.
      </>
    ),
  },
];

interface VersionCard {
  label: string;
  release: string;
  status: string;
  to: string;
  points: string[];
}

const VERSIONS: VersionCard[] = [
  {
    label: 'v3',
    release: 'Protocol 1.3.2',
    status: 'Latest',
    to: '/docs/v3/intro',
    points: [
      'SHA-256 revisions in scalar or tree (Merkle) mode',
      'File, form, signature, witness and link revisions',
      'JavaScript SDK aqua-js-sdk 3.2.1, CLI, identity and access control',
    ],
  },
  {
    label: 'v2',
    release: 'Protocol 1.2.0',
    status: 'Previous',
    to: '/docs/v2/prologue',
    points: [
      'SHA3-512 hashes over content and metadata',
      'Every signature or witness becomes its own revision',
      'Rust aqua-cli, Aqua Container and the Chrome verifier',
    ],
  },
  {
    label: 'v1',
    release: 'Protocol 1.1.0',
    status: 'Archived',
    to: '/docs/v1/intro',
    points: [
      'The original whitepaper and design principles',
      'Personal Knowledge Container on MediaWiki',
      'Domain snapshots witnessed on Ethereum',
    ],
  },
  {
    label: 'Next',
    release: 'Unreleased',
    status: 'In progress',
    to: '/docs/next/intro',
    points: [
      'Developer documentation that is still changing',
      'Notes on the 1.2 and 1.3 drafts',
      'Implementation details from recent code',
    ],
  },
];

interface Post {
  to: string;
  title: string;
  description: string;
}

// The four posts of the blog, newest first (titles and descriptions as in their front matter).
const POSTS: Post[] = [
  {
    to: '/blog/welcome',
    title: 'Welcome to the new Aqua Protocol site',
    description: 'What this site offers, how the documentation is organised by protocol version, and where to start.',
  },
  {
    to: '/blog/mdx-blog-post',
    title: 'Build a revision chain in your browser',
    description:
      'An interactive walk through the hashes of a genesis revision and a link revision, computed in your browser by aqua-js-sdk.',
  },
  {
    to: '/blog/long-blog-post',
    title: 'Inside protocol 1.3.2: what changed since 1.2',
    description:
      'A deep dive into the v3 revision format, its hashing modes, signatures, witnesses and links, compared with protocol 1.2.',
  },
  {
    to: '/blog/first-blog-post',
    title: 'Why data accounting matters',
    description: 'Why the origin, author and age of a piece of data deserve the same bookkeeping as money does.',
  },
];

function Hero(): JSX.Element {
  const {siteConfig} = useDocusaurusContext();
  return (
    <div className={styles.hero}>
      <div className={clsx('container', styles.heroInner)}>
        <div className={styles.heroText}>
          <Heading as="h1" className={styles.heroTitle}>
            {siteConfig.title}
          </Heading>
          <p className={styles.heroTagline}>{siteConfig.tagline}.</p>
          <p className={styles.heroLead}>
            An open protocol for the accounting of data. It records who changed a file and how, and with a witness you
            verify, by when, in portable hash chains that anyone can check, without a central authority.
          </p>
          <div className={styles.heroButtons}>
            <Link className={clsx('button button--lg', styles.buttonPrimary)} to="/docs/v3/intro">
              Read the v3 docs
            </Link>
            <Link className={clsx('button button--lg', styles.buttonSecondary)} to="/docs/v3/sdk/getting-started">
              Get started with the SDK
            </Link>
          </div>
        </div>
        <div className={styles.heroArt}>
          <HeroArt />
        </div>
      </div>
    </div>
  );
}

function Features(): JSX.Element {
  return (
    <section className={styles.section} aria-labelledby="what-it-does">
      <div className="container">
        <Heading as="h2" id="what-it-does">
          What the protocol does
        </Heading>
        <p className={styles.sectionLead}>
          Aqua turns the history of a file into evidence. Five building blocks, each documented in detail:
        </p>
        <ul className={styles.featureGrid}>
          {FEATURES.map((f) => (
            <li key={f.title} className={styles.featureCard}>
              <span className={styles.featureIcon}>{f.icon}</span>
              <Heading as="h3" className={styles.featureTitle}>
                {f.title}
              </Heading>
              <p>{f.body}</p>
              <Link to={f.to} className={styles.featureLink}>
                {f.linkLabel}
                <span aria-hidden="true"> →</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function CodeSample(): JSX.Element {
  return (
    <section className={clsx(styles.section, styles.sectionAlt)} aria-labelledby="sdk-flow">
      <div className={clsx('container', styles.codeLayout)}>
        <div className={clsx(styles.codeText, 'aqua-prose')}>
          <Heading as="h2" id="sdk-flow">
            Notarise, sign and verify in one file
          </Heading>
          <p>
            With the JavaScript SDK, <code>aqua-js-sdk</code>, three calls take a file from nothing to a signed,
            verified AquaTree:
          </p>
          <ol>
            <li>
              <code>createGenesisRevision</code> hashes the file and starts the chain.
            </li>
            <li>
              <code>signAquaTree</code> appends a signature revision; here the key comes from the well-known test
              mnemonic, so nothing leaves your machine.
            </li>
            <li>
              <code>verifyAquaTree</code> recomputes the hash of each scalar revision this program writes, checks the
              file hash and checks the signature.
            </li>
          </ol>
          <p>
            The program runs offline on Node 20. Adding a witness is one more call and needs a network; the{' '}
            <Link to="/docs/v3/sdk/getting-started">getting-started guide</Link> shows it.
          </p>
        </div>
        <div className={styles.codeBlock}>
          <MDXContent>
            <SdkFlow />
          </MDXContent>
        </div>
      </div>
    </section>
  );
}

function Demo(): JSX.Element {
  return (
    <section className={styles.section} aria-labelledby="try-it">
      <div className="container">
        <Heading as="h2" id="try-it">
          Try Aqua in your browser
        </Heading>
        <p className={styles.sectionLead}>
          A playground running the real JavaScript SDK: notarise a text or a file, sign it with a test key, add a form,
          link a second tree, verify, then tamper with a copy and read what verification reports.
        </p>
        <AquaPlayground />
      </div>
    </section>
  );
}

function Versions(): JSX.Element {
  return (
    <section className={clsx(styles.section, styles.sectionAlt)} aria-labelledby="versions">
      <div className="container">
        <Heading as="h2" id="versions">
          Versions at a glance
        </Heading>
        <p className={styles.sectionLead}>
          The documentation is kept for every protocol version, because chains written with older tools stay verifiable
          with tools of the same version.
        </p>
        <ul className={styles.versionGrid}>
          {VERSIONS.map((v) => (
            <li key={v.label} className={styles.versionCard}>
              <p className={styles.versionStatus}>{v.status}</p>
              <Heading as="h3" className={styles.versionTitle}>
                {v.label} <span className={styles.versionRelease}>· {v.release}</span>
              </Heading>
              <ul className={styles.versionPoints}>
                {v.points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
              <Link to={v.to} className={styles.featureLink}>
                {v.label} documentation<span aria-hidden="true"> →</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function LatestPosts(): JSX.Element {
  return (
    <section className={styles.section} aria-labelledby="latest-posts">
      <div className="container">
        <Heading as="h2" id="latest-posts">
          From the blog
        </Heading>
        <ul className={styles.postList}>
          {POSTS.map((p) => (
            <li key={p.to} className={styles.postCard}>
              <Heading as="h3" className={styles.postTitle}>
                <Link to={p.to}>{p.title}</Link>
              </Heading>
              <p>{p.description}</p>
            </li>
          ))}
        </ul>
        <p className={clsx('aqua-prose', styles.moreLinks)}>
          <Link to="/blog">All posts</Link> · <Link to="/community">Take part in the project</Link>
        </p>
      </div>
    </section>
  );
}

export default function Home(): JSX.Element {
  return (
    <Layout
      title="Account and verify data in seconds"
      description="Aqua Protocol is an open protocol for accounting of data: hash-chained revisions, signatures, witnessing and verification, with a JavaScript SDK.">
      <main>
        <Hero />
        <Features />
        <CodeSample />
        <Demo />
        <Versions />
        <LatestPosts />
      </main>
    </Layout>
  );
}
