import React from 'react';
import styles from './styles.module.css';

/**
 * Decorative illustration for the home page hero: three revisions of one AquaTree (file, signature,
 * witness), each pointing back to the one before it. Pure SVG, drawn for this site.
 */
export default function HeroArt(): JSX.Element {
  return (
    <svg className={styles.art} viewBox="0 0 420 320" aria-hidden="true" focusable="false">
      <defs>
        <marker id="hero-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" orient="auto">
          <path d="M0 0 10 5 0 10z" className={styles.arrowHead} />
        </marker>
      </defs>

      {/* each revision points back to its predecessor (previous_verification_hash) */}
      <path d="M226 160 C190 160 190 96 154 96" className={styles.link} markerEnd="url(#hero-arrow)" />
      <path d="M150 250 C186 250 186 196 222 196" className={styles.link} markerEnd="url(#hero-arrow)" />

      {/* revision 1: file */}
      <g transform="translate(20 50)">
        <rect width="130" height="92" rx="12" className={styles.card} />
        <rect x="14" y="14" width="30" height="36" rx="4" className={styles.fileIcon} />
        <path d="M21 26h16M21 33h16M21 40h10" className={styles.ink} />
        <text x="54" y="30" className={styles.kind}>
          file
        </text>
        <text x="54" y="46" className={styles.hash}>
          0x63e7…3519
        </text>
        <rect x="14" y="62" width="102" height="14" rx="7" className={styles.pill} />
        <text x="65" y="73" textAnchor="middle" className={styles.pillText}>
          genesis
        </text>
      </g>

      {/* revision 2: signature */}
      <g transform="translate(226 126)">
        <rect width="170" height="92" rx="12" className={styles.card} />
        <circle cx="30" cy="32" r="11" className={styles.keyRing} />
        <path d="M41 32h24M57 32v8M63 32v6" className={styles.keyStem} />
        <text x="78" y="30" className={styles.kind}>
          signature
        </text>
        <text x="78" y="46" className={styles.hash}>
          0x2805…250b
        </text>
        <rect x="14" y="62" width="142" height="14" rx="7" className={styles.pill} />
        <text x="85" y="73" textAnchor="middle" className={styles.pillText}>
          ethereum:eip-191
        </text>
      </g>

      {/* revision 3: witness */}
      <g transform="translate(20 206)">
        <rect width="130" height="92" rx="12" className={styles.card} />
        <path d="M29 14 L44 23 L44 41 L29 50 L14 41 L14 23 Z" className={styles.anchor} />
        <path d="M22 32 l5 5 10 -11" className={styles.tick} />
        <text x="54" y="30" className={styles.kind}>
          witness
        </text>
        <text x="54" y="46" className={styles.hash}>
          merkle root
        </text>
        <rect x="14" y="62" width="102" height="14" rx="7" className={styles.pill} />
        <text x="65" y="73" textAnchor="middle" className={styles.pillText}>
          eth · nostr · tsa
        </text>
      </g>

      {/* the drop of the logo, echoing the brand */}
      <g transform="translate(300 10) scale(2.6)">
        <path
          d="M16 1.5C13 5.6 5.5 13.2 5.5 20.2a10.5 10.5 0 0 0 21 0C26.5 13.2 19 5.6 16 1.5z"
          className={styles.drop}
        />
        <path d="M11 13.4 21 23.4" className={styles.dropInk} />
        <rect x="8.9" y="11.3" width="4.2" height="4.2" rx="0.9" className={styles.dropBlock} />
        <rect x="13.9" y="16.3" width="4.2" height="4.2" rx="0.9" className={styles.dropBlock} />
        <rect x="18.9" y="21.3" width="4.2" height="4.2" rx="0.9" className={styles.dropBlock} />
      </g>
    </svg>
  );
}
