// Ejected (small) so that code blocks carry no Prism: the text arrives already tokenized at build
// time (src/plugins/code-highlight stores the runs in the `highlight` prop), and this renders the
// spans, lines, title, line numbers, highlighted lines, word wrap and copy button that stock
// renders. Colours come from the generated theme stylesheet (`.code-highlight`), per colour mode in
// CSS, so nothing here depends on the colour mode and the server HTML is final. Blocks without
// runs (unknown language, or a <CodeBlock> written in JSX) render as plain text, as stock does.
// parseLines, parseCodeBlockTitle, parseLanguage and containsLineNumbers exist only in
// theme-common/internal; they keep the stock metastring and magic-comment semantics.
import React, {useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames, useThemeConfig} from '@docusaurus/theme-common';
import {containsLineNumbers, parseCodeBlockTitle, parseLanguage, parseLines} from '@docusaurus/theme-common/internal';
import type {Props as StockProps} from '@theme/CodeBlock/Content/String';
import CopyButton from '@theme/CodeBlock/CopyButton';
import WordWrapButton from '@theme/CodeBlock/WordWrapButton';
import contentStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import containerStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Container/styles.module.css';
import lineStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Line/styles.module.css';
import {decodeRuns, keptLineIndexes, type Run} from '@site/src/plugins/code-highlight/runs';
import styles from './styles.module.css';

type Props = StockProps & {readonly highlight?: string};

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Nests runs into one span per token type, so inner types override outer ones through CSS. */
function nest(runs: Run[], depth = 0): string {
  let out = '';
  for (let i = 0; i < runs.length; ) {
    const type = runs[i].types[depth];
    let j = i + 1;
    while (j < runs.length && runs[j].types[depth] === type) j++;
    out +=
      type === undefined
        ? escape(
            runs
              .slice(i, j)
              .map((run) => run.text)
              .join(''),
          )
        : `<span class="token ${escape(type)}">${nest(runs.slice(i, j), depth + 1)}</span>`;
    i = j;
  }
  return out;
}

/**
 * theme-common's useCodeWordWrap, measuring a block only once it is on screen. Stock measures every
 * block in an effect right after hydration (`scrollWidth > clientWidth`, to decide whether to offer
 * the word-wrap button), which forces the layout of every block on the page in one task, including
 * the lines that content-visibility (styles.module.css) leaves undrawn off screen. Here a block is
 * measured only while its lines are drawn: when it enters the viewport (which covers a hidden tab
 * panel being shown), after a resize and after a toggle. Wrapping sets and removes single style
 * properties, so the block's --code-lines stays.
 */
function useWordWrap() {
  const [isEnabled, setIsEnabled] = useState(false);
  const [isCodeScrollable, setIsCodeScrollable] = useState(false);
  const codeBlockRef = useRef<HTMLPreElement>(null);
  const measure = useCallback(() => {
    const pre = codeBlockRef.current;
    // Undrawn lines measure as their reserved room, and measuring them would draw them: wait.
    // (checkVisibility sees the lines as undrawn; the <code> holding them it does not.)
    const line = pre?.querySelector('code')?.firstElementChild;
    if (!pre || line?.checkVisibility?.({contentVisibilityAuto: true}) === false) return;
    setIsCodeScrollable(pre.scrollWidth > pre.clientWidth);
  }, []);
  useEffect(() => {
    const pre = codeBlockRef.current;
    if (!pre) return undefined;
    const observer = new IntersectionObserver(([entry]) => {
      // The next frame: the lines are drawn by then.
      if (entry!.isIntersecting) requestAnimationFrame(measure);
    });
    observer.observe(pre);
    window.addEventListener('resize', measure, {passive: true});
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [measure]);
  useEffect(measure, [isEnabled, measure]);
  const toggle = useCallback(() => {
    const code = codeBlockRef.current?.querySelector('code');
    if (!code) return;
    if (isEnabled) {
      code.style.removeProperty('white-space');
      code.style.removeProperty('overflow-wrap');
    } else {
      code.style.whiteSpace = 'pre-wrap';
      // Very long words and hashes wrap too, so no scrollbar is left.
      code.style.overflowWrap = 'anywhere';
    }
    setIsEnabled((value) => !value);
  }, [isEnabled]);
  return {codeBlockRef, isEnabled, isCodeScrollable, toggle};
}

type LineOptions = Parameters<typeof parseLines>[1];

/**
 * parseLines, skipped when it cannot change anything: no line range in the metastring and no
 * magic-comment directive anywhere in the code. That is almost every block, and parseLines builds
 * a regular expression and tests it on every line of every block during hydration (bench:profile:
 * 60-90 ms of a 4×-slowed main thread on /blog/long-blog-post, most of the code blocks' cost).
 * The result is the one parseLines returns in that case.
 */
function linesOf(children: string, options: LineOptions): ReturnType<typeof parseLines> {
  const {metastring, magicComments} = options;
  const hasRange = metastring !== undefined && /\{[\d,-]+\}/.test(metastring);
  const directives = magicComments.flatMap(({line, block}) => [line, block?.start, block?.end]);
  if (!hasRange && !directives.some((directive) => directive && children.includes(directive)))
    return {lineClassNames: {}, code: children.replace(/\n$/, '')};
  return parseLines(children, options);
}

export default function CodeBlockString({
  children,
  className: blockClassName = '',
  metastring,
  title: titleProp,
  showLineNumbers: showLineNumbersProp,
  language: languageProp,
  highlight,
}: Props): ReactNode {
  const {
    prism: {defaultLanguage, magicComments},
  } = useThemeConfig();
  const language = (languageProp ?? parseLanguage(blockClassName) ?? defaultLanguage)?.toLowerCase();
  const wordWrap = useWordWrap();
  const title = parseCodeBlockTitle(metastring) || titleProp;
  const {lineClassNames, code} = linesOf(children, {metastring, language, magicComments});
  const showLineNumbers = showLineNumbersProp ?? containsLineNumbers(metastring);

  const original = children.replace(/\n$/, '').split('\n');
  const lines = code.split('\n');
  const allRuns = decodeRuns(highlight, original);
  const indexes = allRuns && keptLineIndexes(original, lines);
  const html = lines
    .map((line, i) => {
      const runs = indexes && allRuns![indexes[i]];
      const tokens = runs ? nest(runs) : escape(line);
      const className = clsx('token-line', lineClassNames[i], showLineNumbers && lineStyles.codeLine);
      const content = showLineNumbers
        ? `<span class="${lineStyles.codeLineNumber}"></span><span class="${lineStyles.codeLineContent}">${tokens}</span>`
        : tokens;
      return `<span class="${className}">${content}<br/></span>`;
    })
    .join('');

  return (
    <div
      className={clsx(
        blockClassName,
        language && !blockClassName.includes(`language-${language}`) && `language-${language}`,
        'code-highlight',
        containerStyles.codeBlockContainer,
        ThemeClassNames.common.codeBlock,
      )}>
      {title && <div className={contentStyles.codeBlockTitle}>{title}</div>}
      <div className={contentStyles.codeBlockContent}>
        <pre
          // Scrollable regions must be reachable by keyboard, as in stock.
          tabIndex={0}
          ref={wordWrap.codeBlockRef}
          className={clsx('prism-code', `language-${language ?? 'text'}`, contentStyles.codeBlock, 'thin-scrollbar')}>
          <code
            className={clsx(
              contentStyles.codeBlockLines,
              showLineNumbers ? contentStyles.codeBlockLinesWithNumbering : styles.lines,
            )}
            style={showLineNumbers ? undefined : ({'--code-lines': lines.length} as CSSProperties)}
            // The lines as HTML, not as React elements: hydration then keeps the server's spans
            // without a fiber and a check for each of them (2,820 spans on the verification
            // reference; bench:profile at 4x CPU: its JavaScript 939 and 976 → 780 and 793 ms).
            dangerouslySetInnerHTML={{__html: html}}
          />
        </pre>
        <div className={contentStyles.buttonGroup}>
          {(wordWrap.isEnabled || wordWrap.isCodeScrollable) && (
            <WordWrapButton
              className={contentStyles.codeButton}
              onClick={() => wordWrap.toggle()}
              isEnabled={wordWrap.isEnabled}
            />
          )}
          <CopyButton className={contentStyles.codeButton} code={code} />
        </div>
      </div>
    </div>
  );
}
