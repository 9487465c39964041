// The search index gets a page made in src/pages (the community page, the home page) section by
// section, as it gets a doc or a post: one section for the text under the h1 and one for each h2,
// each found by its own heading's link. The search plugin indexes such a page as one section of all
// its text, so the community page (5,400 characters) held most words of most questions and came
// first for them in every version's search, and a result could not lead to the part that answers.
// No plugin option splits pages, so this replaces the plugin's parsePage for the build; the
// browser's bundle is unchanged.
// Depends on @easyops-cn/docusaurus-search-local 0.55.3: dist/server/server/utils/parse.js calls
// parsePage through the exports of dist/server/server/utils/parsePage.js at each call, and a page
// is {pageTitle, description, keywords, sections: [{title, hash, content}], breadcrumb}.
// scripts/check/search-definitions.mjs fails when the community page is indexed as one section.
import {createRequire} from 'node:module';
import type {Plugin} from '@docusaurus/types';

type Cheerio = {
  (selector: unknown): CheerioSet;
};
type CheerioSet = {
  length: number;
  first(): CheerioSet;
  text(): string;
  attr(name: string): string | undefined;
  find(selector: string): CheerioSet;
  contents(): CheerioSet;
  not(selector: string): CheerioSet;
  nextUntil(selector: string): CheerioSet;
  filter(selector: string): CheerioSet;
  get(): unknown[];
  get(index: number): unknown;
  each(fn: (index: number, element: unknown) => void): void;
  remove(): void;
};
type Section = {title: string; hash: string; content: string};
type ParsedPage = {pageTitle: string; description: string; keywords: string; sections: Section[]; breadcrumb: string[]};

export function splitPagesInIndex(pluginRequire: NodeJS.Require): void {
  const pages = pluginRequire('./dist/server/server/utils/parsePage.js') as {
    parsePage: ($: Cheerio, url: string) => ParsedPage;
  };
  const {getCondensedText} = pluginRequire('./dist/server/server/utils/getCondensedText.js') as {
    getCondensedText: (element: unknown, $: Cheerio) => string;
  };
  const parsePage = pages.parsePage;
  if ((parsePage as {sectioned?: boolean}).sectioned) return;
  const sectioned = ($: Cheerio, url: string): ParsedPage => {
    const page = parsePage($, url); // also drops the hidden heading anchors
    const $main = $('main').first();
    const $h2 = $main.find('h2[id]');
    if ($h2.length === 0) return page;
    const sections: Section[] = [];
    // The text under the h1, up to the first h2: the page's own section (the navigation list of its
    // sections left out, as the docs' table of contents is).
    const $lead = $main.find('h1').first().nextUntil('section, h2').not('nav');
    sections.push({title: page.pageTitle, hash: '', content: getCondensedText($lead.get(), $).trim()});
    $h2.each((_, element) => {
      const $h = $(element);
      sections.push({
        title: $h.contents().not('a.hash-link').text().trim(),
        hash: `#${$h.attr('id')}`,
        content: getCondensedText($h.nextUntil('h2').get(), $).trim(),
      });
    });
    return {...page, sections};
  };
  pages.parsePage = Object.assign(sectioned, {sectioned: true});
}

export default function searchPageSectionsPlugin(): Plugin {
  splitPagesInIndex(createRequire(require.resolve('@easyops-cn/docusaurus-search-local/package.json')));
  return {name: 'search-page-sections'};
}
