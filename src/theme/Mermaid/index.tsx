// Wrapper: stock theme-mermaid 3.6.3 imports the Mermaid library statically, which puts ~150 KB gz
// on every page, diagram or not (ecosystem.md §3). This loads the original component, and with it
// the library, only for a diagram that comes near the viewport (or when the page is printed):
// drawing costs hundreds of milliseconds of main thread per diagram on a phone, which a reader of
// the page's top should not pay for diagrams further down. Until the diagram is drawn, and
// without JavaScript, readers see its source as text. It also lifts the contrast of edge labels in
// dark mode (styles.module.css).
import React, {lazy, Suspense, useEffect, useRef, useState, type RefObject} from 'react';
import {flushSync} from 'react-dom';
import type {Props} from '@theme/Mermaid';
import styles from './styles.module.css';

const Mermaid = lazy(() => import('@theme-original/Mermaid'));

/** How far outside the viewport a diagram starts to be drawn, so that it is ready when seen. */
const AHEAD = '800px 0px';

/**
 * The source can be wider than the column: like a code block, it takes the keyboard focus so that
 * a reader without a mouse can scroll it (axe `scrollable-region-focusable`, WCAG 2.1.1).
 */
function DiagramSource({value}: Props): JSX.Element {
  return (
    <pre className="mermaid-source" tabIndex={0}>
      <code>{value}</code>
    </pre>
  );
}

/** True once the element is within AHEAD of the viewport, or the page is about to print. */
function useWanted(ref: RefObject<HTMLElement>): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setWanted(true);
      return undefined;
    }
    const want = () => setWanted(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), {
      rootMargin: AHEAD,
    });
    observer.observe(element);
    window.addEventListener('beforeprint', want);
    return () => {
      observer.disconnect();
      window.removeEventListener('beforeprint', want);
    };
  }, [ref]);
  return wanted;
}

/**
 * True once the original component has put its diagram in the element. It renders nothing while
 * Mermaid draws (an async step after its code has loaded): the source stays until then, so the
 * page does not collapse and jump back, and the source never goes without a diagram in its place.
 */
function useDrawn(ref: RefObject<HTMLElement>, wanted: boolean): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || !wanted || drawn) return undefined;
    const check = () => {
      // Before the next paint, so the source and the diagram are never shown together.
      if (element.querySelector('.docusaurus-mermaid-container')) flushSync(() => setDrawn(true));
    };
    const observer = new MutationObserver(check);
    observer.observe(element, {childList: true, subtree: true});
    check();
    return () => observer.disconnect();
  }, [ref, wanted, drawn]);
  return drawn;
}

export default function LazyMermaid(props: Props): JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  const wanted = useWanted(ref);
  const drawn = useDrawn(ref, wanted);
  return (
    <div ref={ref} className={styles.diagram}>
      {!drawn && <DiagramSource {...props} />}
      {wanted && (
        <Suspense fallback={null}>
          <Mermaid {...props} />
        </Suspense>
      )}
    </div>
  );
}
