import React from 'react';
import styles from './styles.module.css';

/** Files above this size are refused: the SDK hashes in JavaScript on the page's main thread. */
export const MAX_BYTES = 10 * 1024 * 1024;

export type Engine = typeof import('./engine');

export interface PlaygroundProps {
  /** `compact` (the blog's embedding) leaves out signing, forms and loading an existing tree. */
  variant?: 'full' | 'compact';
  /** Text typed into the shell before the playground loaded. */
  initialText?: string;
  /** A click on the shell's Notarise button, run once the playground is there. */
  initialAction?: 'notarise';
  /** The shell element that had the focus (its data-pg name), to focus its twin. */
  focus?: string;
  /** The caret or selection in the shell's text box when it had the focus, kept in its twin. */
  selection?: [number, number];
}

let enginePromise: Promise<Engine> | null = null;

/** Loads the SDK (with the code around it) once, on the reader's first pointer, focus or click. */
export function loadEngine(): Promise<Engine> {
  enginePromise ??= import('./engine').catch((error: unknown) => {
    enginePromise = null;
    throw error;
  });
  return enginePromise;
}

export function hasWebCrypto(): boolean {
  return typeof globalThis.crypto?.getRandomValues === 'function';
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} byte${n === 1 ? '' : 's'}`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

/** What the playground is and what it does with the reader's data; the shell shows it too. */
export function Intro(): JSX.Element {
  return (
    <p className={styles.hint}>
      Everything happens in this tab with aqua-js-sdk 3.2.1-45, which loads when you first use the playground. Your text
      and files never leave the page. Files up to {formatBytes(MAX_BYTES)}. Revisions use tree (Merkle) mode, which
      shows what each field adds to a hash. Witnessing on Ethereum or by an RFC 3161 timestamp authority needs a
      network, so it is not offered here.
    </p>
  );
}
