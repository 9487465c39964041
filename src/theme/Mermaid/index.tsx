// Wrapper: stock theme-mermaid 3.6.3 imports the Mermaid library statically, which puts ~150 KB gz
// on every page, diagram or not (ecosystem.md §3). This loads the original component, and with it
// the library, only for a diagram that comes near the viewport (or when the page is printed):
// drawing costs hundreds of milliseconds of main thread per diagram on a phone, which a reader of
// the page's top should not pay for diagrams further down. Until the diagram is drawn, and
// without JavaScript, readers see its source as text. It also lifts the contrast of edge labels in
// dark mode (styles.module.css).
import React, {lazy, Suspense, useEffect, useRef, useState, type RefObject} from 'react';
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

export default function LazyMermaid(props: Props): JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  const wanted = useWanted(ref);
  const source = <DiagramSource {...props} />;
  return (
    <div ref={ref} className={styles.diagram}>
      {wanted ? (
        <Suspense fallback={source}>
          <Mermaid {...props} />
        </Suspense>
      ) : (
        source
      )}
    </div>
  );
}
