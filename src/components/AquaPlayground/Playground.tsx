import React, {useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import type {AquaTree, ExtraCheck, FileObject, RevisionView, SdkReport, TestKey} from './engine';
import {formatBytes, hasWebCrypto, Intro, loadEngine, MAX_BYTES, type PlaygroundProps} from './shared';
import styles from './styles.module.css';

type Engine = typeof import('./engine');

type TamperKind = 'file' | 'form-value' | 'form-forged' | 'signature' | 'link-hash' | 'drop';

const TAMPERS: Record<TamperKind, string> = {
  file: 'Change one byte of the notarised file',
  'form-value': 'Rewrite a form value in the tree',
  'form-forged': 'Rewrite a form value, its leaf, file_hash and the form file',
  signature: 'Change one character of a signature',
  'link-hash': 'Rewrite the file hash a link revision records',
  drop: 'Remove a revision from the middle of the chain',
};

interface Session {
  tree: AquaTree;
  /** Every file verification needs: the notarised file, form files, linked files and trees. */
  files: FileObject[];
  name: string;
  views: RevisionView[];
}

interface Report {
  title: string;
  sdk: SdkReport;
  extra: ExtraCheck[];
  note?: string;
}

function short(hash: string): string {
  return hash.length > 22 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
}

function baseName(name: string): string {
  return name.split('/').pop() ?? name;
}

/** Applies one change to copies of the tree and its files; returns null when the tree has nothing to change. */
function tamper(
  engine: Engine,
  session: Session,
  kind: TamperKind,
): {tree: AquaTree; files: FileObject[]; what: string} | null {
  const tree = structuredClone(session.tree);
  const files = session.files.map((f) => ({...f}));
  const hashes = Object.keys(tree.revisions);
  const revisions = tree.revisions as Record<string, Record<string, unknown> & {leaves?: string[]}>;
  const formHash = [...hashes].reverse().find((h) => Object.keys(revisions[h]).some((k) => k.startsWith('forms_')));
  switch (kind) {
    case 'file': {
      const name = tree.file_index[hashes[0]];
      const target = files.find((f) => baseName(f.fileName) === baseName(name ?? ''));
      if (!target) return null;
      const bytes =
        typeof target.fileContent === 'string'
          ? new TextEncoder().encode(target.fileContent)
          : new Uint8Array(target.fileContent as Uint8Array);
      if (bytes.length === 0) return null;
      bytes[0] ^= 0x01;
      target.fileContent = bytes;
      return {tree, files, what: `The first byte of ${name} had one bit flipped; the tree was not touched.`};
    }
    case 'form-value':
    case 'form-forged': {
      if (!formHash) return null;
      const revision = revisions[formHash];
      const field = Object.keys(revision)
        .filter((k) => k.startsWith('forms_'))
        .sort()[0];
      const value = `${String(revision[field])} (changed)`;
      revision[field] = value;
      if (kind === 'form-value') {
        return {tree, files, what: `${field} now reads “${value}”; nothing else changed.`};
      }
      // The forger also recomputes what the SDK compares: the field's leaf, the form file and its hash.
      const formName = tree.file_index[formHash];
      const formFile = files.find((f) => baseName(f.fileName) === baseName(formName ?? ''));
      if (!formFile || typeof formFile.fileContent !== 'string') return null;
      const form = JSON.parse(formFile.fileContent) as Record<string, unknown>;
      form[field.slice('forms_'.length)] = value;
      formFile.fileContent = JSON.stringify(form);
      revision.file_hash = engine.fileHash(formFile.fileContent);
      const names = Object.keys(revision)
        .filter((k) => k !== 'leaves')
        .sort();
      if (revision.leaves) {
        revision.leaves = [...revision.leaves];
        revision.leaves[names.indexOf(field)] = engine.leafOf(field, value);
        revision.leaves[names.indexOf('file_hash')] = engine.leafOf('file_hash', String(revision.file_hash));
      }
      return {
        tree,
        files,
        what: `${field} now reads “${value}”, its leaf and file_hash were recomputed and the form file rewritten to match. The revision keeps its hash, so the signature over it still holds.`,
      };
    }
    case 'signature': {
      const signed = [...hashes].reverse().find((h) => typeof revisions[h].signature === 'string');
      if (!signed) return null;
      const signature = String(revisions[signed].signature);
      const last = signature.at(-3) === '0' ? '1' : '0';
      revisions[signed].signature = `${signature.slice(0, -3)}${last}${signature.slice(-2)}`;
      return {tree, files, what: `One hex digit of the signature in revision ${short(signed)} was changed.`};
    }
    case 'link-hash': {
      const linkHash = [...hashes].reverse().find((h) => revisions[h].revision_type === 'link');
      if (!linkHash) return null;
      const recorded = revisions[linkHash].link_file_hashes as string[];
      const forged = engine.fileHash('a different attachment');
      revisions[linkHash].link_file_hashes = [forged, ...recorded.slice(1)];
      return {
        tree,
        files,
        what: `The link revision ${short(linkHash)} now records ${short(forged)} as the linked file’s hash.`,
      };
    }
    case 'drop': {
      if (hashes.length < 3) return null;
      const dropped = hashes[1];
      delete tree.revisions[dropped];
      return {tree, files, what: `Revision 2 (${short(dropped)}) was removed; every other revision is intact.`};
    }
  }
}

function ExtraList({checks}: {checks: ExtraCheck[]}): JSX.Element {
  return (
    <ol className={styles.steps} aria-label="Recommended extra check">
      {checks.map((check) => (
        <li key={check.title} className={check.ok ? styles.stepOk : styles.stepFail}>
          <span className={styles.badge}>{check.ok ? 'Pass' : 'Fail'}</span>
          <span>
            <strong>{check.title}.</strong> {check.detail}
          </span>
        </li>
      ))}
    </ol>
  );
}

function ReportView({report}: {report: Report}): JSX.Element {
  const extraOk = report.extra.every((c) => c.ok);
  const missed = report.sdk.ok && !extraOk;
  return (
    <div className={styles.report} data-testid="report">
      <h4 className={styles.reportTitle}>{report.title}</h4>
      {report.note && <p>{report.note}</p>}
      <p className={clsx(styles.summary, report.sdk.ok ? styles.ok : styles.fail)} data-testid="sdk-result">
        SDK verifyAquaTree: {report.sdk.ok ? 'Ok, every revision passed.' : 'Err, verification failed.'}
      </p>
      <details className={styles.details}>
        <summary>The SDK’s verification log ({report.sdk.logs.length} entries)</summary>
        <ul className={styles.log} tabIndex={0} aria-label="SDK verification log">
          {report.sdk.logs.map((entry, index) => (
            <li key={index}>
              <span className={styles.logType}>{entry.type}</span> {entry.text}
            </li>
          ))}
        </ul>
      </details>
      <p className={clsx(styles.summary, extraOk ? styles.ok : styles.fail)} data-testid="extra-result">
        Recommended extra check: {extraOk ? 'every leaf, hash and link holds.' : 'failed.'}
      </p>
      {missed && (
        <p className={styles.gap} data-testid="gap">
          The SDK did not catch this change. In version 3.2.1-45 verifyAquaTree does not rebuild a tree-mode revision’s
          hash from its fields, lets the form file’s hash check overwrite the result of a form field’s leaf check, never
          compares link_file_hashes with the linked file, and does not walk the chain. The extra check below follows the
          strict check of the <Link to="/docs/v3/sdk/api/verification#closing-the-gaps">verification reference</Link>:
          it recomputes those with the SDK’s own <code>dict2Leaves</code>, <code>getMerkleRoot</code> and{' '}
          <code>getHashSum</code>.
        </p>
      )}
      <ExtraList checks={report.extra} />
    </div>
  );
}

function RevisionList({views}: {views: RevisionView[]}): JSX.Element {
  return (
    <ol className={styles.revisions} aria-label="Revisions and the inputs of their hashes">
      {views.map((view, index) => (
        <li key={view.hash}>
          <details>
            <summary>
              <strong>
                {index + 1}. {view.type}
              </strong>{' '}
              <code className={styles.hash}>{view.hash}</code>
            </summary>
            <p className={styles.hint}>
              {view.mode === 'tree'
                ? 'Tree mode: each field becomes a leaf, the SHA-256 of “name:value”; the Merkle root of the leaves, in name order, is the revision hash.'
                : 'Scalar mode: the revision hash is the SHA-256 of the key-sorted revision as JSON.'}
            </p>
            <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={`Inputs of revision ${index + 1}`}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Value</th>
                    {view.mode === 'tree' && <th scope="col">Leaf</th>}
                  </tr>
                </thead>
                <tbody>
                  {view.fields.map((field) => (
                    <tr key={field.name}>
                      <td>
                        <code>{field.name}</code>
                      </td>
                      <td className={styles.value}>{field.value === '' ? '(empty)' : field.value}</td>
                      {view.mode === 'tree' && <td className={styles.value}>{field.leaf}</td>}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className={view.recomputed === view.hash ? styles.ok : styles.fail}>
              {view.mode === 'tree' ? 'Merkle root of these leaves' : 'Hash of these fields'}:{' '}
              <code className={styles.hash}>{view.recomputed}</code>{' '}
              {view.recomputed === view.hash ? '(equal to the revision hash)' : '(not the revision hash)'}
            </p>
          </details>
        </li>
      ))}
    </ol>
  );
}

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

  const [text, setText] = useState(initialText);
  const [picked, setPicked] = useState<{name: string; bytes: Uint8Array} | null>(null);
  const [dragging, setDragging] = useState<'data' | 'load' | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  const [key, setKey] = useState<TestKey | null>(null);
  const [formField, setFormField] = useState('name');
  const [formValue, setFormValue] = useState('Ada Lovelace');
  const [secondText, setSecondText] = useState('an attachment');
  const [tamperKind, setTamperKind] = useState<TamperKind>('file');
  const [report, setReport] = useState<Report | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const forms = useRef(0);

  const intent = () => void loadEngine().catch(() => undefined);

  /** Runs one operation with the SDK loaded; every failure ends as a message in the page. */
  async function run(label: string, work: (engine: Engine) => Promise<string | void>): Promise<void> {
    setBusy(true);
    setError('');
    setStatus(`${label}…`);
    try {
      let engine: Engine;
      try {
        engine = await loadEngine();
      } catch {
        throw new Error('The SDK could not be loaded. Check the connection to this site and try again.');
      }
      setStatus((await work(engine)) ?? `${label}: done.`);
    } catch (caught) {
      setStatus('');
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  function update(engine: Engine, next: Omit<Session, 'views'>): Session {
    const value = {...next, views: engine.describe(next.tree)};
    setSession(value);
    return value;
  }

  async function verify(engine: Engine, current: Session, title: string, note?: string): Promise<Report> {
    const value: Report = {
      title,
      note,
      sdk: await engine.verifyWithSdk(current.tree, current.files),
      extra: engine.extraChecks(current.tree, current.files),
    };
    setReport(value);
    return value;
  }

  function pick(file: File | undefined): void {
    if (!file) return;
    setError('');
    if (file.size > MAX_BYTES) {
      setError(
        `${file.name} is ${formatBytes(file.size)}; the playground takes files up to ${formatBytes(MAX_BYTES)}.`,
      );
      return;
    }
    void file.arrayBuffer().then(
      (buffer) => {
        setPicked({name: file.name, bytes: new Uint8Array(buffer)});
        setStatus(`${file.name} (${formatBytes(file.size)}) is ready to notarise.`);
      },
      () => setError(`${file.name} could not be read.`),
    );
  }

  const notarise = () =>
    run('Notarising', async (engine) => {
      const name = picked?.name ?? 'note.txt';
      const content = picked?.bytes ?? text;
      const size = typeof content === 'string' ? new TextEncoder().encode(content).length : content.length;
      if (size > MAX_BYTES)
        throw new Error(`The text is ${formatBytes(size)}; the limit is ${formatBytes(MAX_BYTES)}.`);
      const tree = await engine.notarise(name, content);
      forms.current = 0;
      setReport(null);
      update(engine, {tree, files: [{fileName: name, fileContent: content, path: `./${name}`}], name});
      return `Notarised ${name}: genesis revision ${short(Object.keys(tree.revisions)[0])}.`;
    });

  const makeKey = () =>
    run('Making a test key', async (engine) => {
      const made = await engine.makeTestKey();
      setKey(made);
      return `Test key made: ${made.address}.`;
    });

  const sign = () =>
    run('Signing', async (engine) => {
      if (!session || !key) return;
      const tree = await engine.sign(session.tree, session.files[0], key);
      update(engine, {...session, tree});
      return `Signed the latest revision with the test key ${key.address}.`;
    });

  const addForm = () =>
    run('Adding a form revision', async (engine) => {
      if (!session) return;
      if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(formField)) {
        throw new Error('A field name starts with a letter and holds only letters, digits and underscores.');
      }
      const formName = `form-${forms.current + 1}.json`;
      const {tree, formFile} = await engine.addForm(session.tree, session.files[0], formName, {[formField]: formValue});
      forms.current += 1;
      update(engine, {...session, tree, files: [...session.files, formFile]});
      return `Added a form revision with forms_${formField}.`;
    });

  const linkSecond = () =>
    run('Linking a second tree', async (engine) => {
      if (!session) return;
      const taken = new Set(session.files.map((f) => f.fileName));
      let name = 'second.txt';
      for (let n = 2; taken.has(name); n += 1) name = `second-${n}.txt`;
      const other = await engine.notarise(name, secondText);
      const otherFile: FileObject = {fileName: name, fileContent: secondText, path: `./${name}`};
      const tree = await engine.link(session.tree, session.files[0], other, otherFile);
      const otherTree: FileObject = {fileName: `${name}.aqua.json`, fileContent: other, path: `./${name}.aqua.json`};
      update(engine, {...session, tree, files: [...session.files, otherFile, otherTree]});
      return `Notarised ${name} in its own tree and linked it.`;
    });

  const verifyNow = () =>
    run('Verifying', async (engine) => {
      if (!session) return;
      const value = await verify(engine, session, `Verification of ${session.name}`);
      return `Verified: the SDK says ${value.sdk.ok ? 'Ok' : 'Err'}.`;
    });

  const tamperNow = () =>
    run('Tampering', async (engine) => {
      if (!session) return;
      const changed = tamper(engine, session, tamperKind);
      if (!changed)
        throw new Error(`This tree has nothing to change for “${TAMPERS[tamperKind]}”. Add that step first.`);
      const value = await verify(
        engine,
        {...session, tree: changed.tree, files: changed.files},
        `After tampering: ${TAMPERS[tamperKind].toLowerCase()}`,
        `${changed.what} Your tree itself is unchanged; verify it again to compare.`,
      );
      return `Tampered copy verified: the SDK says ${value.sdk.ok ? 'Ok' : 'Err'}.`;
    });

  function download(fileName: string, tree: AquaTree): void {
    const blob = new Blob([JSON.stringify(tree, null, 2)], {type: 'application/json'});
    const url = URL.createObjectURL(blob);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    anchor.click();
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** Linked trees, which verifying the main tree needs as <file>.aqua.json. */
  const linkedTrees = (session?.files ?? []).filter(
    (f) =>
      f.fileName.endsWith('.aqua.json') && typeof f.fileContent === 'object' && !(f.fileContent instanceof Uint8Array),
  );

  const loadExisting = (chosen: File[]) =>
    run('Reading your files', async (engine) => {
      if (chosen.length === 0) return;
      const tooBig = chosen.find((f) => f.size > MAX_BYTES);
      if (tooBig) {
        throw new Error(
          `${tooBig.name} is ${formatBytes(tooBig.size)}; the playground takes files up to ${formatBytes(MAX_BYTES)}.`,
        );
      }
      const trees: {name: string; tree: AquaTree}[] = [];
      const files: FileObject[] = [];
      for (const f of chosen) {
        if (f.name.endsWith('.aqua.json')) {
          const tree = engine.parseTree(await f.text());
          if (!tree) throw new Error(`${f.name} is not an AquaTree: it needs “revisions” and “file_index” objects.`);
          trees.push({name: f.name, tree});
          files.push({fileName: f.name, fileContent: tree, path: `./${f.name}`});
        } else {
          files.push({fileName: f.name, fileContent: new Uint8Array(await f.arrayBuffer()), path: `./${f.name}`});
        }
      }
      if (trees.length === 0) {
        throw new Error('None of these files is an .aqua.json. Drop the tree together with the files it names.');
      }
      // The main tree is the one no other tree links to.
      const linked = new Set(trees.flatMap((t) => engine.neededFiles(t.tree)));
      const main = trees.find((t) => !linked.has(t.name)) ?? trees[0];
      if (Object.keys(main.tree.revisions).length === 0) throw new Error(`${main.name} holds no revision.`);
      const have = new Set(files.map((f) => baseName(f.fileName)));
      const missing = trees.flatMap((t) => engine.neededFiles(t.tree)).filter((n) => !have.has(baseName(n)));
      if (missing.length > 0) {
        throw new Error(
          `${main.name} needs files you did not drop: ${[...new Set(missing)].join(', ')}. Add them and try again.`,
        );
      }
      const name = main.name.replace(/\.aqua\.json$/, '');
      // The notarised file goes first: signing and linking name it.
      const first = main.tree.file_index[Object.keys(main.tree.revisions)[0]];
      files.sort((a, b) => Number(baseName(b.fileName) === first) - Number(baseName(a.fileName) === first));
      forms.current = files.filter((f) => /^form-\d+\.json$/.test(f.fileName)).length;
      const current = update(engine, {tree: main.tree, files, name});
      const value = await verify(engine, current, `Verification of ${main.name}`);
      return `Loaded ${main.name} with ${files.length - 1} other file(s); the SDK says ${value.sdk.ok ? 'Ok' : 'Err'}.`;
    });

  const dropProps = (zone: 'data' | 'load', onFiles: (files: FileList) => void) => ({
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      setDragging(zone);
    },
    onDragLeave: () => setDragging(null),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(null);
      intent();
      onFiles(event.dataTransfer.files);
    },
  });

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
          This browser offers no Web Crypto API on this page (browsers give it to https pages and localhost), so no test
          key can be made and the playground stays off. Everything else on the page works.
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
