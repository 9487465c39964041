import React, {useId, useState} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {hasWebCrypto, scalarRevisionHash, sha256Hex, sortKeys, utcTimestamp} from '../HashDemo/crypto';
import styles from './styles.module.css';

const VERSION = 'https://aqua-protocol.org/docs/v3/schema_2 | SHA256 | Method: scalar';

type Revision = Record<string, string | string[]>;

interface Built {
  fileHash: string;
  genesis: Revision;
  genesisJson: string;
  genesisHash: string;
  attachmentFileHash: string;
  attachmentHash: string;
  link: Revision;
  linkJson: string;
  linkHash: string;
  tree: unknown;
}

const STEPS = [
  'Hash the file content',
  'Assemble the genesis revision',
  'Serialise it with sorted keys',
  'Hash the serialised revision',
  'Notarise the attachment',
  'Append a link revision',
  'The finished AquaTree',
] as const;

/** Builds both chains the way aqua-js-sdk 3.2.1-45 does in scalar mode. */
async function build(document: string, attachment: string, fixed: boolean): Promise<Built> {
  const now = new Date();
  const stamp = (offsetSeconds: number) =>
    fixed
      ? `2025010100${String(Math.floor(offsetSeconds / 60)).padStart(2, '0')}${String(offsetSeconds % 60).padStart(2, '0')}`
      : utcTimestamp(now);
  // The SDK's nonce is the SHA-256 of Date.now(); the fixed mode uses the CI vector's nonce instead.
  const nonce = async () => sha256Hex(fixed ? 'fixed-nonce' : String(Date.now()));

  const fileHash = await sha256Hex(document);
  const genesis: Revision = {
    previous_verification_hash: '',
    local_timestamp: stamp(0),
    revision_type: 'file',
    version: VERSION,
    file_hash: fileHash,
    file_nonce: await nonce(),
  };
  const genesisJson = JSON.stringify(sortKeys(genesis));
  const genesisHash = await scalarRevisionHash(genesis);

  const attachmentFileHash = await sha256Hex(attachment);
  const attachmentGenesis: Revision = {
    previous_verification_hash: '',
    local_timestamp: stamp(60),
    revision_type: 'file',
    version: VERSION,
    file_hash: attachmentFileHash,
    file_nonce: await nonce(),
  };
  const attachmentHash = await scalarRevisionHash(attachmentGenesis);

  const link: Revision = {
    previous_verification_hash: genesisHash,
    local_timestamp: stamp(120),
    revision_type: 'link',
    version: VERSION,
    link_type: 'aqua',
    link_verification_hashes: [attachmentHash],
    link_file_hashes: [attachmentFileHash],
  };
  const linkJson = JSON.stringify(sortKeys(link));
  const linkHash = await scalarRevisionHash(link);

  const tree = {
    revisions: {[genesisHash]: sortKeys(genesis), [linkHash]: sortKeys(link)},
    file_index: {[genesisHash]: 'document.txt', [attachmentHash]: 'attachment.txt'},
  };
  return {
    fileHash,
    genesis,
    genesisJson,
    genesisHash,
    attachmentFileHash,
    attachmentHash,
    link,
    linkJson,
    linkHash,
    tree,
  };
}

function Code({children, label}: {children: string; label: string}): JSX.Element {
  return (
    <pre className={styles.code} tabIndex={0} aria-label={label}>
      <code>{children}</code>
    </pre>
  );
}

function StepBody({index, built}: {index: number; built: Built}): JSX.Element {
  switch (index) {
    case 0:
      return (
        <>
          <p>
            SHA-256 of the document text, as lowercase hex without a prefix. This becomes <code>file_hash</code>.
          </p>
          <Code label="file_hash">{built.fileHash}</Code>
        </>
      );
    case 1:
      return (
        <>
          <p>
            The four common fields plus the two file fields. The previous hash is empty because this revision starts the
            chain.
          </p>
          <Code label="Genesis revision">{JSON.stringify(built.genesis, null, 2)}</Code>
        </>
      );
    case 2:
      return (
        <>
          <p>The keys are sorted alphabetically, then the object is written as compact JSON:</p>
          <Code label="Serialised genesis revision">{built.genesisJson}</Code>
        </>
      );
    case 3:
      return (
        <>
          <p>
            <code>{'"0x"'}</code> plus the SHA-256 of that string is the revision’s verification hash. It names the
            revision in the tree and is what a signature or witness would cover.
          </p>
          <Code label="Genesis verification hash">{built.genesisHash}</Code>
        </>
      );
    case 4:
      return (
        <>
          <p>
            The attachment gets its own one-revision chain, built the same way. Its file hash and verification hash:
          </p>
          <Code label="Attachment hashes">{`file_hash:         ${built.attachmentFileHash}\nverification hash: ${built.attachmentHash}`}</Code>
        </>
      );
    case 5:
      return (
        <>
          <p>
            The link revision points back to the document’s genesis revision and names the attachment by both of its
            hashes. It is hashed exactly like the genesis revision:
          </p>
          <Code label="Link revision">{JSON.stringify(built.link, null, 2)}</Code>
          <Code label="Link verification hash">{built.linkHash}</Code>
        </>
      );
    default:
      return (
        <>
          <p>
            Two revisions chained by <code>previous_verification_hash</code>, and a <code>file_index</code> that maps
            each verification hash to a file name:
          </p>
          <Code label="AquaTree JSON">{JSON.stringify(built.tree, null, 2)}</Code>
        </>
      );
  }
}

/** Interactive step-by-step construction of a small v3 revision chain, computed with Web Crypto. */
export default function ChainBuilder(): JSX.Element {
  const id = useId();
  const isBrowser = useIsBrowser();
  const enabled = isBrowser && hasWebCrypto();
  const [documentText, setDocumentText] = useState('hello aqua');
  const [attachmentText, setAttachmentText] = useState('an attachment');
  const [fixed, setFixed] = useState(true);
  const [built, setBuilt] = useState<Built | null>(null);
  const [shown, setShown] = useState(0);

  async function start() {
    setBuilt(await build(documentText, attachmentText, fixed));
    setShown(1);
  }

  function reset() {
    setBuilt(null);
    setShown(0);
  }

  return (
    <div className={styles.builder}>
      {!isBrowser && <p className={styles.notice}>This interactive example needs JavaScript.</p>}
      {isBrowser && !hasWebCrypto() && (
        <p className={styles.notice}>Your browser offers no Web Crypto API on this page, so the example cannot run.</p>
      )}
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}>
        <label htmlFor={`${id}-doc`}>Text of document.txt</label>
        <input
          id={`${id}-doc`}
          className={styles.input}
          value={documentText}
          disabled={!enabled}
          onChange={(event) => {
            setDocumentText(event.target.value);
            reset();
          }}
        />
        <label htmlFor={`${id}-att`}>Text of attachment.txt</label>
        <input
          id={`${id}-att`}
          className={styles.input}
          value={attachmentText}
          disabled={!enabled}
          onChange={(event) => {
            setAttachmentText(event.target.value);
            reset();
          }}
        />
        <div className={styles.checkRow}>
          <input
            id={`${id}-fixed`}
            type="checkbox"
            checked={fixed}
            disabled={!enabled}
            onChange={(event) => {
              setFixed(event.target.checked);
              reset();
            }}
          />
          <label htmlFor={`${id}-fixed`}>Use fixed timestamps and nonce (reproducible hashes)</label>
        </div>
        <div className={styles.buttons}>
          <button type="submit" className="button button--primary" disabled={!enabled}>
            {built ? 'Rebuild from step 1' : 'Start building'}
          </button>
          {built && shown < STEPS.length && (
            <button type="button" className="button button--secondary" onClick={() => setShown(shown + 1)}>
              Next step ({shown + 1} of {STEPS.length})
            </button>
          )}
          {built && shown < STEPS.length && (
            <button type="button" className="button button--secondary" onClick={() => setShown(STEPS.length)}>
              Show all steps
            </button>
          )}
        </div>
      </form>

      <p className={styles.srOnly} role="status" aria-live="polite">
        {built && shown > 0 ? `Step ${shown} of ${STEPS.length}: ${STEPS[shown - 1]}.` : ''}
      </p>

      {built && (
        <ol className={styles.steps}>
          {STEPS.slice(0, shown).map((title, index) => (
            <li key={title} className={styles.step}>
              <p className={styles.stepTitle}>{title}</p>
              <StepBody index={index} built={built} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
