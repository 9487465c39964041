// Every revision of the tree with the inputs of its hash, and what they hash to now.
import React from 'react';
import type {RevisionView} from './engine';
import styles from './styles.module.css';

export default function RevisionList({views}: {views: RevisionView[]}): JSX.Element {
  return (
    <ol className={styles.revisions} aria-label="Revisions and the inputs of their hashes">
      {views.map((view, index) => (
        <li key={view.hash}>
          <details>
            <summary>
              <strong>
                {index + 1}. {view.type}
              </strong>{' '}
              <code className={styles.hash}>{view.hash}</code>
            </summary>
            <p className={styles.hint}>
              {view.mode === 'tree'
                ? 'Tree mode: each field becomes a leaf, the SHA-256 of “name:value”; the Merkle root of the leaves, in name order, is the revision hash.'
                : 'Scalar mode: the revision hash is the SHA-256 of the key-sorted revision as JSON.'}
            </p>
            <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={`Inputs of revision ${index + 1}`}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Value</th>
                    {view.mode === 'tree' && <th scope="col">Leaf</th>}
                  </tr>
                </thead>
                <tbody>
                  {view.fields.map((field) => (
                    <tr key={field.name}>
                      <td>
                        <code>{field.name}</code>
                      </td>
                      <td className={styles.value}>{field.value === '' ? '(empty)' : field.value}</td>
                      {view.mode === 'tree' && <td className={styles.value}>{field.leaf}</td>}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className={view.recomputed === view.hash ? styles.ok : styles.fail}>
              {view.mode === 'tree' ? 'Merkle root of these leaves' : 'Hash of these fields'}:{' '}
              <code className={styles.hash}>{view.recomputed}</code>{' '}
              {view.recomputed === view.hash ? '(equal to the revision hash)' : '(not the revision hash)'}
            </p>
          </details>
        </li>
      ))}
    </ol>
  );
}
