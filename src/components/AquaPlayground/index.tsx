import React, {useEffect, useId, useRef, useState, type ComponentType} from 'react';
import {flushSync} from 'react-dom';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {hasWebCrypto, Intro, loadEngine, type PlaygroundProps} from './shared';
import styles from './styles.module.css';

let uiPromise: Promise<ComponentType<PlaygroundProps>> | null = null;

function loadUi(): Promise<ComponentType<PlaygroundProps>> {
  uiPromise ??= import('./Playground').then(
    (module) => module.default,
    (error: unknown) => {
      uiPromise = null;
      throw error;
    },
  );
  return uiPromise;
}

const STEPS = {
  full: [
    ['2. Sign and add a form', 'Sign with a test key made in this tab, and add a form revision.'],
    ['3. Link a second tree', 'Notarise a second text in its own tree and link it.'],
    ['4. Verify and tamper', 'Run verifyAquaTree, then change a copy and verify again.'],
  ],
  compact: [
    ['2. Link a second tree', 'Notarise a second text in its own tree and link it.'],
    ['3. Verify and tamper', 'Run verifyAquaTree, then change a copy and verify again.'],
  ],
} as const;

/**
 * The playground as the page first shows it: the first step and an outline of the rest, in a few
 * hundred bytes of script. The reader's first pointer, focus or click loads the playground
 * (./Playground) and the SDK (./engine) together; the playground then takes the shell's place,
 * with the text typed so far, the focus and the selection in the text box, and a pending click on
 * Notarise.
 */
export default function AquaPlayground({variant = 'full'}: Pick<PlaygroundProps, 'variant'>): JSX.Element {
  const id = useId();
  const isBrowser = useIsBrowser();
  const [crypto, setCrypto] = useState(true);
  useEffect(() => setCrypto(hasWebCrypto()), []);
  const [Ui, setUi] = useState<ComponentType<PlaygroundProps> | null>(null);
  const [text, setText] = useState('hello aqua');
  const [failed, setFailed] = useState(false);
  const carried = useRef<Pick<PlaygroundProps, 'focus' | 'initialAction' | 'selection'>>({});
  const shell = useRef<HTMLDivElement>(null);

  /** What has the focus in the shell as it goes, and where the caret or selection is. */
  function handOver(): void {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || !shell.current?.contains(active) || !active.dataset.pg) return;
    carried.current.focus = active.dataset.pg;
    if (active instanceof HTMLTextAreaElement) carried.current.selection = [active.selectionStart, active.selectionEnd];
  }

  // A press (pointer down) in the shell that is not yet released. The press itself asks for the
  // code, which may arrive before the release: swapping then would take the pressed button away,
  // and the browser would fire no click. The swap waits for the release (and its click).
  const pressing = useRef(false);
  const afterPress = useRef<(() => void) | null>(null);
  useEffect(() => {
    const released = () => {
      if (!pressing.current) return;
      pressing.current = false;
      // After the click that the release fires, in this same task.
      setTimeout(() => afterPress.current?.());
    };
    document.addEventListener('pointerup', released, true);
    document.addEventListener('pointercancel', released, true);
    return () => {
      document.removeEventListener('pointerup', released, true);
      document.removeEventListener('pointercancel', released, true);
    };
  }, []);

  function intent(): void {
    void loadEngine().catch(() => undefined);
    loadUi().then(
      (component) => {
        const swap = () => {
          afterPress.current = null;
          if (!shell.current) return; // already swapped (intent comes from several events)
          handOver();
          // In one task with the hand-over: a key pressed meanwhile would land in the old box.
          flushSync(() => setUi(() => component));
        };
        if (pressing.current) afterPress.current = swap;
        else swap();
      },
      () => setFailed(true),
    );
  }

  if (Ui) {
    return <Ui variant={variant} initialText={text} {...carried.current} />;
  }
  const enabled = isBrowser && crypto;
  return (
    <div
      ref={shell}
      className={styles.playground}
      data-testid="aqua-playground"
      onPointerEnter={intent}
      onPointerDown={() => {
        pressing.current = true;
        intent();
      }}
      onFocusCapture={intent}>
      {!isBrowser && (
        <p className={styles.notice}>
          The playground runs aqua-js-sdk in your browser and needs JavaScript. Without it, the rest of this page still
          works.
        </p>
      )}
      {isBrowser && !crypto && (
        <p className={styles.notice} role="alert">
          This browser gives this page no Web Crypto API (no crypto.getRandomValues), so no test key can be made and the
          playground stays off. Everything else on the page works.
        </p>
      )}
      <Intro />
      <div className={styles.grid}>
        <section className={styles.panel}>
          <h3 className={styles.panelTitle}>1. Notarise</h3>
          <label className={styles.label} htmlFor={`${id}-text`}>
            Text to notarise
          </label>
          <textarea
            id={`${id}-text`}
            data-pg="text"
            className={styles.textarea}
            rows={2}
            value={text}
            disabled={!enabled}
            spellCheck={false}
            onChange={(event) => setText(event.target.value)}
          />
          <p className={styles.hint}>Or a file, once the playground has loaded.</p>
          <button
            type="button"
            data-pg="notarise"
            className="button button--primary"
            disabled={!enabled}
            onClick={() => {
              carried.current.initialAction = 'notarise';
              intent();
            }}>
            Notarise (createGenesisRevision)
          </button>
        </section>
        {STEPS[variant].map(([title, text]) => (
          <section key={title} className={styles.panel}>
            <h3 className={styles.panelTitle}>{title}</h3>
            <p className={styles.hint}>{text}</p>
          </section>
        ))}
      </div>
      <div className={styles.status} role="status" aria-live="polite" aria-atomic="true" data-testid="status">
        {failed && (
          <p className={styles.fail}>
            The playground could not be loaded. Check the connection to this site and try again.
          </p>
        )}
      </div>
    </div>
  );
}
