// Wrapper around the easyops search bar, for two reasons.
// 1. Weight: its code (autocomplete wiring, mark.js, the worker bridge; about 11 KB gzipped) is
//    not needed to read a page, so it loads on first intent: pointer over or focus on the box,
//    Ctrl/Cmd+K, or a page opened from a result (`?_highlight=`, which it marks). Until then a
//    copy of its server markup stands in, with the same classes, so nothing moves when it swaps.
// 2. Accessibility: its dropdown (autocomplete.js) fails WCAG 2.1 AA checks: the combobox lacks
//    aria-controls, the listbox holds a plain link ("see all results"), and muted text is too
//    pale. This adds the missing ARIA as the dropdown is built and sets contrast-safe colours.
// 3. Three stock behaviours, fixed here: text typed before the index was ready was never searched,
//    the box took focus back when its index finished loading after the user had moved on, and
//    keys typed during the swap from the stand-in were lost (the real box started empty).
import React, {useCallback, useEffect, useRef, useState, type ComponentType} from 'react';
import {flushSync} from 'react-dom';
import {useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {translate} from '@docusaurus/Translate';
// The search bar's own stylesheets: the stand-in wears the same (hashed) class names.
import original from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.module.css';
import ring from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/LoadingRing/LoadingRing.module.css';
import styles from './styles.module.css';

const HIGHLIGHT_PARAM = '_highlight';
/** How long, at least, the reader's text is held against the search bar emptying its box. */
const GUARD_MS = 1000;

/** Mac or not, told the way the search bar tells it, so that the hint and the key agree with it. */
function isMac(): boolean {
  const {userAgentData} = navigator as Navigator & {userAgentData?: {platform?: string}};
  return /mac/i.test(userAgentData?.platform || navigator.userAgent);
}

/** The plugin's default shortcut, `mod+k`: Cmd+K on a Mac, Ctrl+K elsewhere. */
const isShortcut = (event: KeyboardEvent): boolean =>
  event.key?.toLowerCase() === 'k' &&
  !event.altKey &&
  !event.shiftKey &&
  (isMac() ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey);

/** The real search bar once loaded: later mounts (the navbar remounts with some layouts) use it. */
let loaded: ComponentType | null = null;
const loadSearchBar = () =>
  import('@theme-original/SearchBar').then((module) => {
    loaded = module.default;
    return loaded;
  });

function patchAria(root: HTMLElement): void {
  const input = root.querySelector('input[role="combobox"]');
  const listbox = input?.getAttribute('aria-owns');
  if (input && listbox && input.getAttribute('aria-controls') !== listbox) input.setAttribute('aria-controls', listbox);
  root.querySelectorAll('[role="listbox"] a:not([role])').forEach((link) => link.setAttribute('role', 'option'));
}

/**
 * Text typed before the index was ready: autocomplete.js only searches on a change of the text,
 * so when it attaches to a box that already holds some, the text is typed again for it.
 */
function searchPendingText(root: HTMLElement): void {
  const input = root.querySelector<HTMLInputElement>('input[role="combobox"]');
  if (!input || input.dataset.searched || !input.value || document.activeElement !== input) return;
  input.dataset.searched = 'true';
  const text = input.value;
  typeInto(input, '');
  typeInto(input, text);
}

/** Sets an input's value so that React's onChange sees it. */
function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', {bubbles: true}));
}

/**
 * An input event's edit made on `text` with the selection `[start, end]`: the new text and caret,
 * or null for an edit this does not model (composition, undo, formatting).
 */
function applyEdit(
  text: string,
  [start, end]: [number, number],
  {inputType, data, dataTransfer}: Pick<InputEvent, 'inputType' | 'data' | 'dataTransfer'>,
): [string, [number, number]] | null {
  const splice = (from: number, to: number, insert: string): [string, [number, number]] => {
    const at = from + insert.length;
    return [text.slice(0, from) + insert + text.slice(to), [at, at]];
  };
  switch (inputType) {
    case 'insertText':
    case 'insertReplacementText':
    case 'insertFromPaste':
    case 'insertFromDrop': {
      const insert = data ?? dataTransfer?.getData('text/plain');
      return insert == null ? null : splice(start, end, insert);
    }
    case 'deleteContentBackward':
      return start < end ? splice(start, end, '') : splice(Math.max(0, start - 1), end, '');
    case 'deleteContentForward':
      return start < end ? splice(start, end, '') : splice(start, Math.min(text.length, end + 1), '');
    default:
      return null;
  }
}

/** The search bar's own markup before it is wired: icon, box, loading ring, shortcut hint. */
function StandIn({onIntent}: {onIntent: () => void}): JSX.Element {
  const isBrowser = useIsBrowser();
  const label = translate({id: 'theme.SearchBar.label', message: 'Search'});
  return (
    <div className={`navbar__search ${original.searchBarContainer}`} dir="ltr">
      <svg aria-hidden="true" className={original.searchIcon} focusable="false" viewBox="0 0 16 16">
        <path
          fill="currentColor"
          d="M6.03 10.2a4.17 4.17 0 1 1 4.17-4.17 4.16 4.16 0 0 1-4.17 4.17Zm9.69 4.22-4.82-4.82A5.88 5.88 0 0 0 12.06 6.03 6 6 0 1 0 9.6 10.9l4.82 4.82a.9.9 0 0 0 1.3 0 .9.9 0 0 0 0-1.3Z"
        />
      </svg>
      <input
        placeholder={label}
        aria-label={label}
        className={`navbar__search-input ${original.searchInput}`}
        onFocus={onIntent}
        onPointerEnter={onIntent}
        onTouchStart={onIntent}
      />
      <div className={`${ring.loadingRing} ${original.searchBarLoadingRing}`}>
        <div />
        <div />
        <div />
        <div />
      </div>
      {isBrowser && (
        <div className={original.searchHintContainer}>
          {[isMac() ? '⌘' : 'ctrl', 'K'].map((hint) => (
            <kbd key={hint} className={original.searchHint}>
              {hint}
            </kbd>
          ))}
        </div>
      )}
    </div>
  );
}

export default function SearchBarWrapper(): JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  const [SearchBar, setSearchBar] = useState<ComponentType | null>(() => loaded);
  const loading = useRef(false);
  // What the stand-in held when it was swapped out: its value, and whether it had focus.
  const handOver = useRef({value: '', focused: false});
  const {search} = useLocation();

  const load = useCallback(() => {
    if (loading.current || loaded) return;
    loading.current = true;
    loadSearchBar().then(
      (component) => {
        const input = ref.current?.querySelector('input');
        handOver.current = {value: input?.value ?? '', focused: !!input && document.activeElement === input};
        // Synchronously: the swap and the hand-over below happen in one task, so no key is lost.
        flushSync(() => setSearchBar(() => component));
      },
      () => {
        loading.current = false; // e.g. offline: the next intent tries again
      },
    );
  }, []);

  // A page opened from a search result marks the terms: that needs the real search bar now.
  useEffect(() => {
    if (new URLSearchParams(search).has(HIGHLIGHT_PARAM)) load();
  }, [search, load]);

  // Ctrl/Cmd+K before the search bar is loaded: focus the stand-in, which loads it.
  useEffect(() => {
    if (SearchBar) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      ref.current?.querySelector('input')?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [SearchBar]);

  // The search bar focuses its box when the index has loaded, even if the user has since moved
  // on (Tab to the next control, a click elsewhere): that focus is handed back. It is told apart
  // by timing: it comes in the same task as autocomplete.js attaching, before our observer sees it.
  useEffect(() => {
    const root = ref.current;
    if (!root || !SearchBar) return undefined;
    let attachedSeen = false;
    let userOnBox = false;
    const isBox = (target: EventTarget | null): target is HTMLInputElement =>
      target instanceof HTMLInputElement && root.contains(target);
    const onFocusIn = (event: FocusEvent) => {
      if (!isBox(event.target)) return;
      const afterLoad = event.target.getAttribute('role') === 'combobox' && !attachedSeen;
      if (afterLoad && !userOnBox) {
        if (event.relatedTarget instanceof HTMLElement) event.relatedTarget.focus();
        else event.target.blur();
        return;
      }
      userOnBox = true;
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!isBox(event.target) || root.contains(event.relatedTarget as Node | null)) return;
      // Focus moved to another control; or, with no new target, maybe only the box moved in the
      // DOM (autocomplete.js wraps it, then refocuses it): that is settled once the task is over.
      if (event.relatedTarget) userOnBox = false;
      else setTimeout(() => (userOnBox = isBox(document.activeElement)));
    };
    const observer = new MutationObserver(() => {
      attachedSeen = !!root.querySelector('input[role="combobox"]');
    });
    observer.observe(root, {subtree: true, childList: true, attributes: true, attributeFilter: ['role']});
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', onFocusOut);
    return () => {
      observer.disconnect();
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
    };
  }, [SearchBar]);

  // After the swap, the real box takes over the stand-in's focus and text, in the same task as the
  // swap (flushSync runs this effect at once), so the next key lands after that text. This runs
  // after the search bar's own mount effects, so its focus handler loads the index exactly once.
  // Those effects also empty the box a little later (they sync it with `?_highlight=`, one timer
  // and one render away): until the box is wired and that is over, the reader's text is the truth.
  // Each key is checked for just before it lands (beforeinput) and each frame after, so a key
  // typed at any moment of that window is added to the whole text, never to an emptied box.
  useEffect(() => {
    const root = ref.current;
    const input = root?.querySelector('input');
    if (!root || !SearchBar || !input) return undefined;
    let text = handOver.current.value;
    const focused = handOver.current.focused;
    handOver.current = {value: '', focused: false};
    if (!text && !focused) return undefined;
    // Where the reader's caret was in `text`: the end, unless a key has moved it since.
    let caret: [number, number] = [text.length, text.length];
    const restore = () => {
      if (input.value === text) return;
      typeInto(input, text);
      input.setSelectionRange(...caret);
    };
    const onBeforeInput = (event: Event) => {
      if (!event.isTrusted || event.target !== input || input.value === text) return;
      // The box was emptied under the key. WebKit has already chosen where the key's text goes
      // (the start of the empty box) when this event fires, so a restored value would get it in
      // the wrong place ("hC" for "Ch"): the edit is made here on the reader's text instead.
      const edited = applyEdit(text, caret, event as InputEvent);
      if (!edited) return restore();
      event.preventDefault();
      [text, caret] = edited;
      typeInto(input, text);
      input.setSelectionRange(...caret);
    };
    const onInput = (event: Event) => {
      if (!event.isTrusted || event.target !== input) return;
      text = input.value;
      caret = [input.selectionStart ?? text.length, input.selectionEnd ?? text.length];
    };
    root.addEventListener('beforeinput', onBeforeInput, true);
    root.addEventListener('input', onInput, true);
    if (focused) input.focus();
    restore();
    const since = performance.now();
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      root.removeEventListener('beforeinput', onBeforeInput, true);
      root.removeEventListener('input', onInput, true);
    };
    const watch = () => {
      restore();
      const wired = input.getAttribute('role') === 'combobox';
      const elapsed = performance.now() - since;
      if ((wired && elapsed > GUARD_MS) || elapsed > 10 * GUARD_MS) stop();
      else frame = requestAnimationFrame(watch);
    };
    frame = requestAnimationFrame(watch);
    return stop;
  }, [SearchBar]);

  useEffect(() => {
    const root = ref.current;
    if (!root || !SearchBar) return undefined;
    const onChange = () => {
      patchAria(root);
      searchPendingText(root);
    };
    onChange();
    const observer = new MutationObserver(onChange);
    observer.observe(root, {subtree: true, childList: true, attributes: true, attributeFilter: ['aria-owns']});
    return () => observer.disconnect();
  }, [SearchBar]);

  return (
    <div ref={ref} className={styles.searchBar}>
      {SearchBar ? <SearchBar /> : <StandIn onIntent={load} />}
    </div>
  );
}
