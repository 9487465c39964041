// Tells search engines which documentation version counts. Pages of older versions (and of the
// unreleased next) name the latest version's equivalent page as canonical, or are marked noindex
// when the latest version has no such page: one signal per page, never both (search engines may
// ignore a canonical link on a page they are told not to index).
// The signal is rendered by React (theme/DocItem/Metadata), so the static HTML and the hydrated
// page agree, and the sitemap plugin drops the noindex pages by itself.
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function versionSeoPlugin(): Plugin {
  return {
    name: 'version-seo',
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
  };
}
