// The playground's state and operations: each operation loads the SDK (once), does its work with
// ./engine and leaves a status line or an error message; nothing here renders.
import {useRef, useState, type DragEvent} from 'react';
import type {AquaTree, FileObject, TestKey} from './engine';
import {formatBytes, loadEngine, MAX_BYTES, type Engine} from './shared';
import {baseName, short, type Report, type Session} from './session';
import {tamper, TAMPERS, type TamperKind} from './tamper';

export function usePlayground(initialText: string) {
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
  // A chosen file is read before it can be notarised: until then the operations wait, or a press on
  // Notarise would notarise the text, and the file's "ready" line would then replace its result.
  const [reading, setReading] = useState(false);
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
    setReading(true);
    setStatus(`Reading ${file.name}…`);
    void file
      .arrayBuffer()
      .then(
        (buffer) => {
          setPicked({name: file.name, bytes: new Uint8Array(buffer)});
          setStatus(`${file.name} (${formatBytes(file.size)}) is ready to notarise.`);
        },
        () => {
          setStatus('');
          setError(`${file.name} could not be read.`);
        },
      )
      .finally(() => setReading(false));
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

  return {
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
    busy: busy || reading,
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
  };
}
