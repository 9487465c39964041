// A verification's outcome: the SDK's verdict and log, and the recommended extra check line by line.
import React from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import type {ExtraCheck} from './engine';
import type {Report} from './session';
import styles from './styles.module.css';

function ExtraList({checks}: {checks: ExtraCheck[]}): JSX.Element {
  return (
    <ol className={styles.steps} aria-label="Recommended extra check">
      {checks.map((check) => (
        <li key={check.title} className={check.ok ? styles.stepOk : styles.stepFail}>
          <span className={styles.badge}>{check.ok ? 'Pass' : 'Fail'}</span>
          <span>
            <strong>{check.title}.</strong> {check.detail}
          </span>
        </li>
      ))}
    </ol>
  );
}

export default function ReportView({report}: {report: Report}): JSX.Element {
  const extraOk = report.extra.every((c) => c.ok);
  const missed = report.sdk.ok && !extraOk;
  return (
    <div className={styles.report} data-testid="report">
      <h4 className={styles.reportTitle}>{report.title}</h4>
      {report.note && <p>{report.note}</p>}
      <p className={clsx(styles.summary, report.sdk.ok ? styles.ok : styles.fail)} data-testid="sdk-result">
        SDK verifyAquaTree:{' '}
        {!report.sdk.ok
          ? 'Err, verification failed.'
          : report.sdk.skipped
            ? `Ok, but ${report.sdk.skipped} revision${report.sdk.skipped === 1 ? '' : 's'} needing a network ${report.sdk.skipped === 1 ? 'was' : 'were'} not checked.`
            : 'Ok, every revision passed.'}
      </p>
      <details className={styles.details}>
        <summary>The SDK’s verification log ({report.sdk.logs.length} entries)</summary>
        <ul className={styles.log} tabIndex={0} aria-label="SDK verification log">
          {report.sdk.logs.map((entry, index) => (
            <li key={index}>
              <span className={styles.logType}>{entry.type}</span> {entry.text}
            </li>
          ))}
        </ul>
      </details>
      <p className={clsx(styles.summary, extraOk ? styles.ok : styles.fail)} data-testid="extra-result">
        Recommended extra check: {extraOk ? 'every leaf, hash and link holds.' : 'failed.'}
      </p>
      {missed && (
        <p className={styles.gap} data-testid="gap">
          The SDK did not catch this change. In version 3.2.1-45 verifyAquaTree does not rebuild a tree-mode revision’s
          hash from its fields, lets the form file’s hash check overwrite the result of a form field’s leaf check, never
          compares link_file_hashes with the linked file, and does not walk the chain. The extra check below follows the
          strict check of the <Link to="/docs/v3/sdk/api/verification#closing-the-gaps">verification reference</Link>:
          it recomputes those with the SDK’s own <code>dict2Leaves</code>, <code>getMerkleRoot</code> and{' '}
          <code>getHashSum</code>.
        </p>
      )}
      <ExtraList checks={report.extra} />
    </div>
  );
}
