// Wrapper: the easyops search dropdown (autocomplete.js) fails WCAG 2.1 AA checks: its combobox
// lacks aria-controls, its listbox holds a plain link ("see all results"), and its muted text is
// too pale. This adds the missing ARIA as the dropdown is built and sets contrast-safe colours.
import React, {useEffect, useRef} from 'react';
import SearchBar from '@theme-original/SearchBar';
import styles from './styles.module.css';

function patchAria(root: HTMLElement): void {
  const input = root.querySelector('input[role="combobox"]');
  const listbox = input?.getAttribute('aria-owns');
  if (input && listbox && input.getAttribute('aria-controls') !== listbox) input.setAttribute('aria-controls', listbox);
  root.querySelectorAll('[role="listbox"] a:not([role])').forEach((link) => link.setAttribute('role', 'option'));
}

export default function SearchBarWrapper(): JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    patchAria(root);
    const observer = new MutationObserver(() => patchAria(root));
    observer.observe(root, {subtree: true, childList: true, attributes: true, attributeFilter: ['aria-owns']});
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={styles.searchBar}>
      <SearchBar />
    </div>
  );
}
