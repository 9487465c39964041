// Ejected (small), for two needs that a wrapper cannot meet:
// - A new announcement (a new id) must show at once, also to readers who closed the previous one.
//   Stock 3.6.3 resets the dismissal
//   when the id changes, but an inline script has already marked the page "initially dismissed"
//   and CSS keeps the bar hidden until the next page load. The effect below runs before the
//   provider stores the new id, so it can still see that the id changed, and clears that mark.
// - Stock marks the bar as a second "banner" landmark, which clashes with pages that have their own
//   <header> banner (the blog archive). It is a named region instead, so landmarks stay unique.
// useAnnouncementBar has no public export, hence the internal import.
import React, {useEffect} from 'react';
import {useThemeConfig} from '@docusaurus/theme-common';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';
import AnnouncementBarCloseButton from '@theme/AnnouncementBar/CloseButton';
import AnnouncementBarContent from '@theme/AnnouncementBar/Content';
import styles from './styles.module.css';

const SEEN_ID_KEY = 'docusaurus.announcement.id';
const DISMISSED_ATTRIBUTE = 'data-announcement-bar-initially-dismissed';

function readSeenId(): string | null {
  try {
    return window.localStorage.getItem(SEEN_ID_KEY);
  } catch {
    return null; // Storage unavailable: the bar shows, as for a first visit.
  }
}

export default function AnnouncementBar(): JSX.Element | null {
  const {announcementBar} = useThemeConfig();
  const {isActive, close} = useAnnouncementBar();
  const id = announcementBar?.id;
  useEffect(() => {
    if (id && readSeenId() !== id) document.documentElement.setAttribute(DISMISSED_ATTRIBUTE, 'false');
  }, [id]);
  if (!announcementBar || !isActive) return null;
  const {backgroundColor, textColor, isCloseable} = announcementBar;
  return (
    <div
      className={styles.announcementBar}
      style={{backgroundColor, color: textColor}}
      role="region"
      aria-label="Announcement">
      {isCloseable && <div className={styles.placeholder} />}
      <AnnouncementBarContent className={styles.content} />
      {isCloseable && <AnnouncementBarCloseButton onClick={close} className={styles.close} />}
    </div>
  );
}
