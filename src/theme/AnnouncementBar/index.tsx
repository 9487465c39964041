// Wrapper: a new announcement (a new id) must show at once (spec §4). Stock 3.6.3 resets the
// dismissal when the id changes, but an inline script has already marked the page "initially
// dismissed" and CSS keeps the bar hidden until the next page load. This effect runs before the
// provider stores the new id, so it can still see that the id changed, and clears that mark.
import React, {useEffect} from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import {useThemeConfig} from '@docusaurus/theme-common';

const SEEN_ID_KEY = 'docusaurus.announcement.id';
const DISMISSED_ATTRIBUTE = 'data-announcement-bar-initially-dismissed';

function readSeenId(): string | null {
  try {
    return window.localStorage.getItem(SEEN_ID_KEY);
  } catch {
    return null; // Storage unavailable: the bar shows, as for a first visit.
  }
}

export default function AnnouncementBarWrapper(): JSX.Element {
  const id = useThemeConfig().announcementBar?.id;
  useEffect(() => {
    if (id && readSeenId() !== id) document.documentElement.setAttribute(DISMISSED_ATTRIBUTE, 'false');
  }, [id]);
  return <AnnouncementBar />;
}
