// Wrapper. A diagram drawn ahead of time (src/plugins/drawn-diagrams: `drawing` names its two SVG
// files) is shown as that SVG, in the page's HTML, with no Mermaid in the browser: Mermaid's code and
// layout were most of the blocking time of pages with a diagram near the top (bench:profile at 4x
// CPU slowdown, /docs/v3/sdk/api/chainable 1,373 → 510 ms; benchmarks/README, "Diagrams drawn ahead
// of time"). A diagram without drawings is drawn in the browser, as stock theme-mermaid 3.6.3 does, but the library (~150 KB gz, which stock imports statically on every
// page) loads only when the diagram comes near the viewport or the page is printed; until then, and
// without JavaScript, readers see its source as text. It also lifts the contrast of edge labels in
// dark mode (styles.module.css).
import React, {lazy, Suspense, useEffect, useRef, useState, type RefObject} from 'react';
import {flushSync} from 'react-dom';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type {Props as OriginalProps} from '@theme/Mermaid';
// The drawings by file name in the static render; null in the browser (src/plugins/drawn-diagrams).
import serverDrawings from '@drawn-diagrams/svg';
import styles from './styles.module.css';

type Props = OriginalProps & {
  /** The name of the diagram's drawings in /diagrams/, when it was drawn ahead of time. */
  readonly drawing?: string;
  /** Their width and height ("W H"), so that the page keeps their room while they are fetched. */
  readonly box?: string;
};

const OriginalMermaid = lazy(() => import('@theme-original/Mermaid'));

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

function LazyMermaid(props: Props): JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  const wanted = useWanted(ref);
  const drawn = useDrawn(ref, wanted);
  return (
    <div ref={ref} className={styles.diagram}>
      {!drawn && <DiagramSource {...props} />}
      {wanted && (
        <Suspense fallback={null}>
          <OriginalMermaid {...props} />
        </Suspense>
      )}
    </div>
  );
}

/** Both colour modes' drawings, one after the other; CSS shows the one of the current mode. */
function useDrawings(drawing: string): {html: string | undefined; failed: boolean; ref: RefObject<HTMLDivElement>} {
  const ref = useRef<HTMLDivElement>(null);
  const [fetched, setFetched] = useState<string>();
  const [failed, setFailed] = useState(false);
  const folder = useBaseUrl('/diagrams/');
  const rendered =
    serverDrawings && `${serverDrawings[`${drawing}-light.svg`]}${serverDrawings[`${drawing}-dark.svg`]}`;
  useEffect(() => {
    // Hydrated over the static render: the SVG is already in the element.
    if (ref.current?.firstElementChild) return undefined;
    // Rendered in the browser (a client-side navigation): the two files.
    let current = true;
    Promise.all(
      ['light', 'dark'].map((mode) =>
        fetch(`${folder}${drawing}-${mode}.svg`).then((response) => {
          if (!response.ok) throw new Error(`${response.status} ${response.url}`);
          return response.text();
        }),
      ),
    )
      .then((svgs) => {
        // Only a drawing goes into the page (a host may answer a missing file with an HTML page).
        if (!svgs.every((svg) => svg.startsWith('<svg '))) throw new Error('not a drawing');
        return svgs;
      })
      .then(
        (svgs) => current && setFetched(svgs.join('')),
        () => current && setFailed(true),
      );
    return () => {
      current = false;
    };
  }, [drawing, folder]);
  return {html: rendered ?? fetched, failed, ref};
}

function DrawnDiagram({drawing, value, box}: Props & {drawing: string}): JSX.Element {
  const {html, failed, ref} = useDrawings(drawing);
  const [width, height] = (box ?? '').split(' ').map(Number);
  const room = width > 0 && height > 0 ? {maxWidth: `${width}px`, aspectRatio: `${width} / ${height}`} : undefined;
  // Drawings that cannot be fetched (offline, say): Mermaid draws the diagram from its source.
  if (failed) return <LazyMermaid value={value} />;
  return (
    <div className={styles.diagram}>
      <div
        ref={ref}
        className={`docusaurus-mermaid-container ${styles.drawn}`}
        data-drawing={drawing}
        style={room}
        // Hydration keeps the server-rendered SVG (React does not compare inner HTML when it hydrates);
        // in the browser the markup comes from the site's own /diagrams/ files.
        dangerouslySetInnerHTML={{__html: html ?? ''}}
        suppressHydrationWarning
      />
    </div>
  );
}

export default function Mermaid(props: Props): JSX.Element {
  return props.drawing ? <DrawnDiagram {...props} drawing={props.drawing} /> : <LazyMermaid {...props} />;
}
