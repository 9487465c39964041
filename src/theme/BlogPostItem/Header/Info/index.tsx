// Ejected (small): stock 3.6.3 builds an Intl.DateTimeFormat for the post's date on every render,
// hydration included, and the first one a page builds costs 28-87 ms of main thread on a phone
// (measured: Chromium, 4× CPU slowdown, five fresh pages), which is most of the blog pages'
// blocking time after the framework's own. The site has one locale, English, whose long date
// ("May 12, 2025", UTC) is written here from a table of month names; any other locale still goes
// through Intl. The rest (reading time, markup, class names) is as stock.
import React from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import {usePluralForm} from '@docusaurus/theme-common';
import {useDateTimeFormat} from '@docusaurus/theme-common/internal';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import type {Props} from '@theme/BlogPostItem/Header/Info';
import styles from './styles.module.css';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "May 12, 2025": what Intl.DateTimeFormat('en', {day, month: 'long', year, timeZone: 'UTC'}) gives. */
export function formatEnglishDate(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

function useFormatDate(): (date: Date) => string {
  const {
    i18n: {currentLocale},
  } = useDocusaurusContext();
  const english = /^en(-|$)/.test(currentLocale);
  // Hooks run in the same order on every render: the Intl formatter is made only for other locales.
  const intl = useIntlFormat(!english);
  return english ? formatEnglishDate : (date) => intl!.format(date);
}

function useIntlFormat(wanted: boolean): Intl.DateTimeFormat | null {
  const options = {day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC'} as const;
  // `wanted` depends only on the build's locale, so it never changes while the app runs and the
  // hooks inside useDateTimeFormat (context reads) keep their order from render to render.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return wanted ? useDateTimeFormat(options) : null;
}

function ReadingTime({readingTime}: {readingTime: number}): JSX.Element {
  const {selectMessage} = usePluralForm();
  const minutes = Math.ceil(readingTime);
  return (
    <>
      {selectMessage(
        minutes,
        translate(
          {
            id: 'theme.blog.post.readingTime.plurals',
            description: 'Pluralized label for "{readingTime} min read"',
            message: 'One min read|{readingTime} min read',
          },
          {readingTime: minutes},
        ),
      )}
    </>
  );
}

export default function BlogPostItemHeaderInfo({className}: Props): JSX.Element {
  const {metadata} = useBlogPost();
  const {date, readingTime} = metadata;
  const formatDate = useFormatDate();
  return (
    <div className={clsx(styles.container, 'margin-vert--md', className)}>
      <time dateTime={date}>{formatDate(new Date(date))}</time>
      {typeof readingTime !== 'undefined' && (
        <>
          {' · '}
          <ReadingTime readingTime={readingTime} />
        </>
      )}
    </div>
  );
}
