// Ejected (small) for one change: stock remounts every code block right after hydration
// (`key={String(isBrowser)}`) because its Prism colours are inline styles computed for the light
// theme on the server. Here colours are per colour mode in CSS (src/plugins/code-highlight), so
// the server HTML is already right and hydration keeps it: no second render of each block. A block
// written with JSX children (stock's Content/Element) gets its colours from the same stylesheet,
// not from inline styles, or a page reloaded in dark mode would keep the light ones.
import React, {isValidElement, type ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import type {Props} from '@theme/CodeBlock';
import StringContent from '@theme/CodeBlock/Content/String';
import contentStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import containerStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Container/styles.module.css';

/** Plain strings are joined into one; anything holding an element stays JSX (stock rule). */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

/** Stock's Content/Element markup and classes, with the theme stylesheet's colours (`code-highlight`). */
function ElementContent({children, className}: Props): JSX.Element {
  return (
    <pre
      tabIndex={0}
      className={clsx(
        contentStyles.codeBlockStandalone,
        'thin-scrollbar',
        className,
        'code-highlight',
        containerStyles.codeBlockContainer,
        ThemeClassNames.common.codeBlock,
      )}>
      <code className={contentStyles.codeBlockLines}>{children}</code>
    </pre>
  );
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? (
    <StringContent {...props}>{children}</StringContent>
  ) : (
    <ElementContent {...props}>{children}</ElementContent>
  );
}
