import React, {useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type DragEvent} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {hasWebCrypto, scalarRevisionHash, sha256Hex} from './crypto';
import {makeSampleTree, SAMPLE_FILE_CONTENT, SAMPLE_FILE_HASH, SAMPLE_FILE_NAME, type SampleTree} from './sample';
import styles from './styles.module.css';

/** Files above this size are not read, to keep the tab responsive. */
const MAX_BYTES = 200 * 1024 * 1024;

type Tamper = 'wallet' | 'timestamp' | 'content';

const TAMPER_LABELS: Record<Tamper, string> = {
  wallet: 'Signer’s wallet address (signature revision)',
  timestamp: 'Genesis timestamp, one second later',
  content: 'File text, with an added “!”',
};

interface Step {
  title: string;
  ok: boolean;
  detail: string;
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} byte${n === 1 ? '' : 's'}`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

function short(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash || '(empty)';
}

/** Applies the chosen change to a fresh copy of the sample, or none. */
function buildTree(tamper: Tamper | null): {tree: SampleTree; content: string} {
  const tree = makeSampleTree();
  const [genesisHash, signatureHash] = Object.keys(tree.revisions);
  let content = SAMPLE_FILE_CONTENT;
  if (tamper === 'wallet') {
    tree.revisions[signatureHash].signature_wallet_address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267';
  } else if (tamper === 'timestamp') {
    tree.revisions[genesisHash].local_timestamp = '20250101000001';
  } else if (tamper === 'content') {
    content = `${SAMPLE_FILE_CONTENT}!`;
  }
  return {tree, content};
}

/** Recomputes every revision hash, checks the links and the file hash. Signatures are not recovered. */
async function verifyChain(tree: SampleTree, content: string): Promise<Step[]> {
  const steps: Step[] = [];
  const entries = Object.entries(tree.revisions);
  let previousStored = '';
  for (const [index, [storedHash, revision]] of entries.entries()) {
    const label = `Revision ${index + 1} (${revision.revision_type})`;
    const computed = await scalarRevisionHash(revision);
    steps.push({
      title: `${label}: revision hash`,
      ok: computed === storedHash,
      detail:
        computed === storedHash
          ? `Recomputed ${short(computed)}, equal to the stored hash.`
          : `Recomputed ${short(computed)}, but the tree stores ${short(storedHash)}: a field was changed after hashing.`,
    });
    const link = revision.previous_verification_hash;
    const expected = index === 0 ? '' : previousStored;
    steps.push({
      title: `${label}: link to the previous revision`,
      ok: link === expected,
      detail:
        index === 0
          ? link === ''
            ? 'Empty previous_verification_hash: this is the genesis revision.'
            : 'A genesis revision must have an empty previous_verification_hash.'
          : link === expected
            ? `previous_verification_hash points to ${short(expected)}, the revision before it.`
            : `previous_verification_hash is ${short(link)}, which is not the revision before it.`,
    });
    if (revision.revision_type === 'file') {
      const fileHash = await sha256Hex(content);
      steps.push({
        title: `${label}: file content`,
        ok: fileHash === revision.file_hash,
        detail:
          fileHash === revision.file_hash
            ? `SHA-256 of ${tree.file_index[storedHash] ?? SAMPLE_FILE_NAME} matches file_hash.`
            : `SHA-256 of the file is ${short(fileHash)}, but file_hash is ${short(revision.file_hash)}.`,
      });
    }
    previousStored = storedHash;
  }
  return steps;
}

function FingerprintPanel({enabled}: {enabled: boolean}): JSX.Element {
  const id = useId();
  const [text, setText] = useState('');
  const [source, setSource] = useState<{kind: 'text' | 'file'; name?: string; size: number} | null>(null);
  const [digest, setDigest] = useState('');
  const [error, setError] = useState('');
  const [dragging, setDragging] = useState(false);
  const counter = useRef(0);

  async function hash(data: string | ArrayBuffer, meta: {kind: 'text' | 'file'; name?: string; size: number}) {
    const ticket = ++counter.current;
    setError('');
    try {
      const hex = await sha256Hex(data);
      if (ticket !== counter.current) return; // a newer input has arrived meanwhile
      setDigest(hex);
      setSource(meta);
    } catch {
      setError('Your browser refused to compute the hash. Web Crypto needs a secure (https) page.');
    }
  }

  useEffect(() => {
    if (!enabled) return;
    if (text === '') {
      // Nothing typed (yet): keep a file result if there is one, otherwise show the hint.
      counter.current++;
      setSource((current) => (current?.kind === 'file' ? current : null));
      return;
    }
    const bytes = new TextEncoder().encode(text).length;
    const timer = window.setTimeout(() => void hash(text, {kind: 'text', size: bytes}), 120);
    return () => window.clearTimeout(timer);
  }, [text, enabled]);

  async function readFile(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setError(`That file is ${formatBytes(file.size)}; this demo reads files up to ${formatBytes(MAX_BYTES)}.`);
      return;
    }
    await hash(await file.arrayBuffer(), {kind: 'file', name: file.name, size: file.size});
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    void readFile(event.dataTransfer.files[0]);
  }

  const matchesSample = digest === SAMPLE_FILE_HASH;

  return (
    <div className={styles.panel}>
      <h3 className={styles.panelTitle}>1. Fingerprint your own data</h3>
      <p>
        Type some text or pick a file. Its SHA-256 digest is computed by your browser’s Web Crypto API in this tab;
        nothing is uploaded. This digest is what the SDK records as <code>file_hash</code> when it notarises a file.
      </p>
      <label className={styles.label} htmlFor={`${id}-text`}>
        Text to hash
      </label>
      <textarea
        id={`${id}-text`}
        className={styles.textarea}
        rows={3}
        value={text}
        disabled={!enabled}
        spellCheck={false}
        aria-describedby={`${id}-tip`}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setText(event.target.value)}
      />
      <p id={`${id}-tip`} className={styles.hint}>
        Tip: type <kbd>hello aqua</kbd> and compare the result with the <code>file_hash</code> of the sample chain.
      </p>
      <label
        className={clsx(styles.dropzone, dragging && styles.dropzoneActive)}
        htmlFor={`${id}-file`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}>
        <span className={styles.label}>Or choose a file (you can also drop it here)</span>
        <input
          id={`${id}-file`}
          type="file"
          className={styles.fileInput}
          disabled={!enabled}
          onChange={(event: ChangeEvent<HTMLInputElement>) => void readFile(event.target.files?.[0])}
        />
      </label>
      <div className={styles.result} role="status" aria-live="polite" aria-atomic="true">
        {error ? (
          <p className={styles.fail}>{error}</p>
        ) : source ? (
          <>
            <p className={styles.resultLabel}>
              SHA-256 of {source.kind === 'file' ? <strong>{source.name}</strong> : 'the text'} (
              {formatBytes(source.size)}):
            </p>
            <code className={styles.digest}>{digest}</code>
            {matchesSample && (
              <p className={styles.ok}>
                <span aria-hidden="true">✓ </span>Same value as the sample’s file_hash: identical bytes, identical
                fingerprint.
              </p>
            )}
          </>
        ) : (
          <p className={styles.hint}>The digest appears here.</p>
        )}
      </div>
    </div>
  );
}

function VerifyPanel({enabled}: {enabled: boolean}): JSX.Element {
  const id = useId();
  const [tamperOn, setTamperOn] = useState(false);
  const [tamper, setTamper] = useState<Tamper>('wallet');
  const [steps, setSteps] = useState<Step[] | null>(null);
  const [busy, setBusy] = useState(false);
  const active = tamperOn ? tamper : null;
  const {tree, content} = useMemo(() => buildTree(active), [active]);

  // A changed sample makes earlier results stale.
  useEffect(() => setSteps(null), [active]);

  async function run() {
    setBusy(true);
    try {
      setSteps(await verifyChain(tree, content));
    } finally {
      setBusy(false);
    }
  }

  const failed = steps?.filter((s) => !s.ok) ?? [];
  const summary = !steps
    ? ''
    : failed.length === 0
      ? `All ${steps.length} checks passed: the chain is intact.`
      : `Verification failed: ${failed.length} of ${steps.length} checks did not pass, first at “${failed[0].title}”.`;

  return (
    <div className={styles.panel}>
      <h3 className={styles.panelTitle}>2. Verify a sample revision chain</h3>
      <p>
        The sample is a real two-revision AquaTree in the protocol 1.3.2 scalar format: a genesis revision that
        notarises the file <code>{SAMPLE_FILE_NAME}</code> (text “{SAMPLE_FILE_CONTENT}”) and a signature revision made
        by a test wallet.
      </p>
      <div className={styles.controls}>
        <div className={styles.checkRow}>
          <input
            id={`${id}-tamper`}
            type="checkbox"
            checked={tamperOn}
            disabled={!enabled}
            onChange={(event) => setTamperOn(event.target.checked)}
          />
          <label htmlFor={`${id}-tamper`}>Tamper with the sample before verifying</label>
        </div>
        <label className={styles.label} htmlFor={`${id}-what`}>
          What to change
        </label>
        <select
          id={`${id}-what`}
          className={styles.select}
          value={tamper}
          disabled={!enabled || !tamperOn}
          onChange={(event) => setTamper(event.target.value as Tamper)}>
          {(Object.keys(TAMPER_LABELS) as Tamper[]).map((key) => (
            <option key={key} value={key}>
              {TAMPER_LABELS[key]}
            </option>
          ))}
        </select>
        <button type="button" className="button button--primary" disabled={!enabled || busy} onClick={() => void run()}>
          {busy ? 'Verifying…' : 'Verify the sample chain'}
        </button>
      </div>

      <div role="status" aria-live="polite" aria-atomic="true">
        {summary && <p className={clsx(styles.summary, failed.length ? styles.fail : styles.ok)}>{summary}</p>}
      </div>
      {steps && (
        <ol className={styles.steps} aria-label="Verification steps">
          {steps.map((step) => (
            <li key={step.title} className={step.ok ? styles.stepOk : styles.stepFail}>
              <span className={styles.badge}>{step.ok ? 'Pass' : 'Fail'}</span>
              <span>
                <strong>{step.title}.</strong> {step.detail}
              </span>
            </li>
          ))}
        </ol>
      )}

      <details className={styles.details}>
        <summary>Show the {active ? 'changed ' : ''}sample as JSON</summary>
        <pre className={styles.json} tabIndex={0} aria-label="Sample AquaTree JSON">
          {JSON.stringify(tree, null, 2)}
        </pre>
      </details>

      <p className={styles.hint}>
        <strong>What this demo checks:</strong> that each revision hash is the SHA-256 of the revision’s sorted JSON,
        that every <code>previous_verification_hash</code> points to the revision before it, and that the file text
        matches <code>file_hash</code>. It does <em>not</em> recover the signer from the signature and the sample has no
        witness revision; the SDK’s <Link to="/docs/v3/sdk/api/verification">verifyAquaTree</Link> does those checks
        too.
      </p>
    </div>
  );
}

/** The interactive demo on the home page: local hashing plus verification of a shipped sample chain. */
export default function HashDemo(): JSX.Element {
  const isBrowser = useIsBrowser();
  const enabled = isBrowser && hasWebCrypto();
  return (
    <div className={styles.demo}>
      {!isBrowser && (
        <p className={styles.notice}>
          This demo runs in your browser and needs JavaScript. Without it, the rest of this page still works.
        </p>
      )}
      {isBrowser && !hasWebCrypto() && (
        <p className={styles.notice}>
          Your browser does not offer the Web Crypto API on this page (it needs a secure https connection), so the demo
          cannot run here.
        </p>
      )}
      <div className={styles.grid}>
        <FingerprintPanel enabled={enabled} />
        <VerifyPanel enabled={enabled} />
      </div>
    </div>
  );
}
