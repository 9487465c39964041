import React, {type ReactNode} from 'react';
import {parseCheckedSource, type CheckedSource} from './sources';
import styles from './styles.module.css';

/** "Checked against …": the sources a doc page's claims were checked against, from its front matter. */
export default function CheckedAgainst({entries}: {entries: unknown}): ReactNode {
  if (!Array.isArray(entries)) return null;
  const sources = entries.map(parseCheckedSource).filter((s): s is CheckedSource => typeof s !== 'string');
  if (sources.length === 0) return null;
  return (
    <p className={styles.checked}>
      Checked against{' '}
      {sources.map((source, i) => (
        <React.Fragment key={source.label + i}>
          {i > 0 && (i === sources.length - 1 ? ' and ' : ', ')}
          <a href={source.href}>{source.label}</a>
          {source.paths.length > 0 && (
            <span>
              {' ('}
              {source.paths.map(({path, href}, j) => (
                <React.Fragment key={path}>
                  {j > 0 && ', '}
                  {href ? (
                    <a href={href}>
                      <code>{path}</code>
                    </a>
                  ) : (
                    <code>{path}</code>
                  )}
                </React.Fragment>
              ))}
              {')'}
            </span>
          )}
        </React.Fragment>
      ))}
      .
    </p>
  );
}
