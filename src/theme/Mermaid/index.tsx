// Wrapper: stock theme-mermaid 3.6.3 imports the Mermaid library statically, which puts ~150 KB gz
// on every page, diagram or not (ecosystem.md §3). This loads the original component, and with it
// the library, only on pages that render a diagram (as upstream does from 3.9). Until the diagram
// is drawn, and without JavaScript, readers see its source as text. It also lifts the contrast of
// edge labels in dark mode (styles.module.css).
import React, {lazy, Suspense} from 'react';
import BrowserOnly from '@docusaurus/BrowserOnly';
import type {Props} from '@theme/Mermaid';
import styles from './styles.module.css';

const Mermaid = lazy(() => import('@theme-original/Mermaid'));

function DiagramSource({value}: Props): JSX.Element {
  return (
    <pre className="mermaid-source">
      <code>{value}</code>
    </pre>
  );
}

export default function LazyMermaid(props: Props): JSX.Element {
  const source = <DiagramSource {...props} />;
  return (
    <div className={styles.diagram}>
      <BrowserOnly fallback={source}>
        {() => (
          <Suspense fallback={source}>
            <Mermaid {...props} />
          </Suspense>
        )}
      </BrowserOnly>
    </div>
  );
}
