// The playground's form and what it shows (the operations are in ./usePlayground, the reports in
// ./ReportView and ./RevisionList, the tampering in ./tamper).
import React, {useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import type {AquaTree} from './engine';
import {hasWebCrypto, Intro, formatBytes, type PlaygroundProps} from './shared';
import ReportView from './ReportView';
import RevisionList from './RevisionList';
import {TAMPERS, type TamperKind} from './tamper';
import {usePlayground} from './usePlayground';
import styles from './styles.module.css';

function Section({title, children}: {title: string; children: ReactNode}): JSX.Element {
  return (
    <section className={styles.panel}>
      <h3 className={styles.panelTitle}>{title}</h3>
      {children}
    </section>
  );
}

/**
 * The playground itself: notarise, sign, add a form, link, verify and tamper, with aqua-js-sdk running
 * in the page. Loaded by the light shell in index.tsx when the reader first reaches for it.
 */
export default function Playground({
  variant = 'full',
  initialText = 'hello aqua',
  initialAction,
  focus,
  selection,
}: PlaygroundProps): JSX.Element {
  const id = useId();
  const full = variant === 'full';
  const [crypto, setCrypto] = useState(true);
  useEffect(() => setCrypto(hasWebCrypto()), []);
  const enabled = crypto;
  const root = useRef<HTMLDivElement>(null);

  const {
    text,
    setText,
    picked,
    setPicked,
    dragging,
    session,
    key,
    formField,
    setFormField,
    formValue,
    setFormValue,
    secondText,
    setSecondText,
    tamperKind,
    setTamperKind,
    report,
    busy,
    error,
    status,
    intent,
    pick,
    notarise,
    makeKey,
    sign,
    addForm,
    linkSecond,
    verifyNow,
    tamperNow,
    download,
    linkedTrees,
    loadExisting,
    dropProps,
  } = usePlayground(initialText);

  // Carry over what the reader did in the shell: the focus, the selection and a click on Notarise.
  useEffect(() => {
    const twin = focus ? root.current?.querySelector<HTMLElement>(`[data-pg="${focus}"]`) : null;
    twin?.focus();
    if (selection && twin instanceof HTMLTextAreaElement) twin.setSelectionRange(...selection);
    if (initialAction === 'notarise' && hasWebCrypto()) void notarise();
    // Once, when the playground replaces the shell.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const off = !enabled || busy;
  return (
    <div
      ref={root}
      className={styles.playground}
      data-testid="aqua-playground"
      onPointerEnter={intent}
      onPointerDown={intent}
      onFocusCapture={intent}>
      {!crypto && (
        <p className={styles.notice} role="alert">
          This browser gives this page no Web Crypto API (no crypto.getRandomValues), so no test key can be made and the
          playground stays off. Everything else on the page works.
        </p>
      )}
      <Intro />

      <div className={styles.grid}>
        <Section title="1. Notarise">
          <label className={styles.label} htmlFor={`${id}-text`}>
            Text to notarise
          </label>
          <textarea
            id={`${id}-text`}
            data-pg="text"
            className={styles.textarea}
            rows={2}
            value={text}
            disabled={!enabled || picked !== null}
            spellCheck={false}
            onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setText(event.target.value)}
          />
          <div
            className={clsx(styles.dropzone, dragging === 'data' && styles.dropzoneActive)}
            data-testid="drop-data"
            {...dropProps('data', (list) => pick(list[0]))}>
            <label className={styles.label} htmlFor={`${id}-file`}>
              Or a file (choose or drop it here)
            </label>
            <input
              id={`${id}-file`}
              type="file"
              className={styles.fileInput}
              disabled={!enabled}
              onChange={(event: ChangeEvent<HTMLInputElement>) => pick(event.target.files?.[0])}
            />
            {picked && (
              <p className={styles.hint}>
                Using {picked.name} ({formatBytes(picked.bytes.length)}).{' '}
                <button type="button" className={styles.linkButton} onClick={() => setPicked(null)}>
                  Use the text instead
                </button>
              </p>
            )}
          </div>
          <button
            type="button"
            data-pg="notarise"
            className="button button--primary"
            disabled={off}
            onClick={() => void notarise()}>
            Notarise (createGenesisRevision)
          </button>
        </Section>

        {full && (
          <Section title="2. Sign and add a form">
            <p className={styles.hint}>
              The key is a <strong>test key</strong>: a random mnemonic made in this tab and thrown away when you leave.
              Never use it for anything real.
            </p>
            <button type="button" className="button button--secondary" disabled={off} onClick={() => void makeKey()}>
              {key ? 'Make a new test key' : 'Make a test key'}
            </button>
            {key && (
              <p className={styles.keyLine} data-testid="test-key">
                Test key address: <code className={styles.hash}>{key.address}</code>
                <br />
                Mnemonic (test only): <code className={styles.hash}>{key.mnemonic}</code>
              </p>
            )}
            <button
              type="button"
              className="button button--primary"
              disabled={off || !session || !key}
              onClick={() => void sign()}>
              Sign the latest revision (signAquaTree, cli)
            </button>
            <div className={styles.formRow}>
              <div>
                <label className={styles.label} htmlFor={`${id}-field`}>
                  Form field name
                </label>
                <input
                  id={`${id}-field`}
                  className={styles.input}
                  value={formField}
                  disabled={!enabled}
                  onChange={(event) => setFormField(event.target.value)}
                />
              </div>
              <div>
                <label className={styles.label} htmlFor={`${id}-value`}>
                  Form field value
                </label>
                <input
                  id={`${id}-value`}
                  className={styles.input}
                  value={formValue}
                  disabled={!enabled}
                  onChange={(event) => setFormValue(event.target.value)}
                />
              </div>
            </div>
            <button
              type="button"
              className="button button--primary"
              disabled={off || !session}
              onClick={() => void addForm()}>
              Add a form revision (createFormRevision)
            </button>
          </Section>
        )}

        <Section title={full ? '3. Link a second tree' : '2. Link a second tree'}>
          <label className={styles.label} htmlFor={`${id}-second`}>
            Text of the second file
          </label>
          <input
            id={`${id}-second`}
            className={styles.input}
            value={secondText}
            disabled={!enabled}
            onChange={(event) => setSecondText(event.target.value)}
          />
          <p className={styles.hint}>It is notarised in a tree of its own, then a link revision names that tree.</p>
          <button
            type="button"
            className="button button--primary"
            disabled={off || !session}
            onClick={() => void linkSecond()}>
            Link it (linkAquaTree)
          </button>
        </Section>

        <Section title={full ? '4. Verify and tamper' : '3. Verify and tamper'}>
          <button
            type="button"
            className="button button--primary"
            disabled={off || !session}
            onClick={() => void verifyNow()}>
            Verify (verifyAquaTree)
          </button>
          <label className={styles.label} htmlFor={`${id}-tamper`}>
            Change to make in a copy
          </label>
          <select
            id={`${id}-tamper`}
            className={styles.select}
            value={tamperKind}
            disabled={!enabled}
            onChange={(event) => setTamperKind(event.target.value as TamperKind)}>
            {(Object.keys(TAMPERS) as TamperKind[])
              .filter((kind) => full || ['file', 'link-hash', 'drop'].includes(kind))
              .map((kind) => (
                <option key={kind} value={kind}>
                  {TAMPERS[kind]}
                </option>
              ))}
          </select>
          <button
            type="button"
            className="button button--secondary"
            disabled={off || !session}
            onClick={() => void tamperNow()}>
            Tamper and verify
          </button>
        </Section>
      </div>

      <div className={styles.status} role="status" aria-live="polite" aria-atomic="true" data-testid="status">
        {error ? <p className={styles.fail}>{error}</p> : status ? <p>{status}</p> : null}
      </div>

      {report && <ReportView report={report} />}

      {session && (
        <div className={styles.panel}>
          <h3 className={styles.panelTitle}>
            {session.name}: {session.views.length} revision{session.views.length === 1 ? '' : 's'}
          </h3>
          <RevisionList views={session.views} />
          <details className={styles.details}>
            <summary>The AquaTree as JSON</summary>
            <pre className={styles.json} tabIndex={0} aria-label="AquaTree JSON" data-testid="tree-json">
              {JSON.stringify(session.tree, null, 2)}
            </pre>
          </details>
          <div className={styles.downloads}>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => download(`${session.name}.aqua.json`, session.tree)}>
              Download {session.name}.aqua.json
            </button>
            {linkedTrees.map((f) => (
              <button
                key={f.fileName}
                type="button"
                className="button button--secondary"
                onClick={() => download(f.fileName, f.fileContent as AquaTree)}>
                Download the linked {f.fileName}
              </button>
            ))}
          </div>
        </div>
      )}

      {full && (
        <Section title="Verify an existing tree">
          <p className={styles.hint}>
            Choose or drop an <code>.aqua.json</code> together with every file it names (and linked trees as{' '}
            <code>&lt;file&gt;.aqua.json</code>). The SDK checks witness revisions online, so the playground leaves them
            out of the SDK’s verification and says so; the extra check still compares each witness root with the hashes
            it names.
          </p>
          <div
            className={clsx(styles.dropzone, dragging === 'load' && styles.dropzoneActive)}
            data-testid="drop-load"
            {...dropProps('load', (list) => void loadExisting(Array.from(list)))}>
            <label className={styles.label} htmlFor={`${id}-load`}>
              Tree and files (choose several or drop them here)
            </label>
            <input
              id={`${id}-load`}
              type="file"
              multiple
              className={styles.fileInput}
              disabled={off}
              onChange={(event: ChangeEvent<HTMLInputElement>) => {
                void loadExisting(Array.from(event.target.files ?? []));
                event.target.value = '';
              }}
            />
          </div>
        </Section>
      )}
    </div>
  );
}
