// Requirement: "Table of contents uses heading levels 2 to 3". The TOC
// of a doc lists exactly its h2 and h3 headings, in order. The content has no deeper headings, so a
// second test serves the doc's compiled content with one level-4 and one level-5 TOC entry added
// (request patching, tests/fixtures/chunks.ts) and checks the theme leaves them out.
import {test, expect, open} from './fixtures';
import {patchScripts} from './fixtures/chunks';

const DOC = '/docs/v3/RestAPI';
const tocLinks = (page: import('@playwright/test').Page) =>
  page
    .locator('.theme-doc-toc-desktop .table-of-contents a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));

test('the table of contents lists the h2 and h3 headings of the page, in order', async ({page}) => {
  await open(page, DOC);
  const headings = await page
    .locator('article :is(h2, h3)[id]')
    .evaluateAll((elements) => elements.map((h) => ({level: h.tagName, href: `#${h.id}`})));
  expect(headings.some((h) => h.level === 'H2')).toBe(true);
  expect(headings.some((h) => h.level === 'H3')).toBe(true);
  expect(await tocLinks(page)).toEqual(headings.map((h) => h.href));
  // h3 entries are nested under their h2.
  await expect(page.locator('.theme-doc-toc-desktop .table-of-contents ul a').first()).toBeVisible();
});

test('headings of level 4 and deeper stay out of the table of contents', async ({page}) => {
  const firstH3 = /\{value:"[^"]*",id:"[^"]*",level:3\}/;
  // Patched from the start, and only the doc's own chunk (its "POST /session" heading): the
  // sidebar link to the doc can prefetch that chunk while the first page is still loading.
  const applied = await patchScripts(page, {
    marker: 'id:"post-session",level:3}',
    rewrite: (source) =>
      source.replace(
        firstH3,
        '$&,{value:"Level four",id:"level-four",level:4},{value:"Level five",id:"level-five",level:5}',
      ),
  });
  await open(page, '/docs/v3/intro');
  // Client-side navigation, so that the page renders from the patched content alone.
  await page.locator(`nav.menu a.menu__link[href="${DOC}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${DOC}$`));
  await expect(page.locator('.theme-doc-toc-desktop')).toBeVisible();
  expect(applied(), 'the patch matched the doc content').toBeGreaterThanOrEqual(1);
  const links = await tocLinks(page);
  expect(links.length).toBeGreaterThan(2);
  expect(links).not.toContain('#level-four');
  expect(links).not.toContain('#level-five');
});
