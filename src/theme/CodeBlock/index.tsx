// Ejected (small) for one change: stock remounts every code block right after hydration
// (`key={String(isBrowser)}`) because its Prism colours are inline styles computed for the light
// theme on the server. Here colours are per colour mode in CSS (src/plugins/code-highlight), so
// the server HTML is already right and hydration keeps it: no second render of each block.
import React, {isValidElement, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

/** Plain strings are joined into one; anything holding an element stays JSX (stock rule). */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? (
    <StringContent {...props}>{children}</StringContent>
  ) : (
    <ElementContent {...props}>{children}</ElementContent>
  );
}
