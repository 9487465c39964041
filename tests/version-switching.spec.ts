import type {Page} from '@playwright/test';
import {test, expect, open, openDropdown} from './fixtures';
import {DOCS} from './routes';

// The version dropdown keeps the reader's place (src/theme/NavbarItem/DocsVersionDropdownNavbarItem):
// each version's entry leads to the same doc in that version, also when its id differs in case
// (v1 `Protocol/x` and `Implementations/x` are next's `protocol/x` and `implementations/x`), else to
// that version's main doc; the query string and hash are kept.

type VersionPath = keyof typeof DOCS;
const LABELS: Record<VersionPath, string> = {next: 'Next', v3: 'v3', v2: 'v2', v1: 'v1'};
const menu = (page: Page) => page.locator('.navbar__items--right .dropdown__menu');
const entry = (page: Page, version: VersionPath) =>
  menu(page).getByRole('link', {name: LABELS[version], exact: true, includeHidden: true});

/** Where each version's entry should lead from `/docs/<from>/<id>` (routes.ts lists main docs first). */
function expectedTargets(from: VersionPath, id: string): Record<VersionPath, string> {
  const same = (version: VersionPath) =>
    DOCS[version].find((candidate) => candidate.toLowerCase() === id.toLowerCase());
  return Object.fromEntries(
    (Object.keys(DOCS) as VersionPath[]).map((version) => [
      version,
      `/docs/${version}/${same(version) ?? DOCS[version][0]}`,
    ]),
  ) as Record<VersionPath, string>;
}

test.describe('each entry leads to the same doc, or to the main doc', () => {
  const explicit: [string, Record<VersionPath, string>][] = [
    [
      '/docs/v1/Protocol/guardian',
      {
        next: '/docs/next/protocol/guardian',
        v3: '/docs/v3/intro',
        v2: '/docs/v2/prologue',
        v1: '/docs/v1/Protocol/guardian',
      },
    ],
    [
      '/docs/next/protocol/data-accounting',
      {
        next: '/docs/next/protocol/data-accounting',
        v3: '/docs/v3/intro',
        v2: '/docs/v2/prologue',
        v1: '/docs/v1/Protocol/data-accounting',
      },
    ],
    [
      '/docs/v1/Implementations/reference-architecture',
      {
        next: '/docs/next/implementations/reference-architecture',
        v3: '/docs/v3/intro',
        v2: '/docs/v2/prologue',
        v1: '/docs/v1/Implementations/reference-architecture',
      },
    ],
    [
      '/docs/next/protocol/aqua_protocol_v1_2',
      {
        next: '/docs/next/protocol/aqua_protocol_v1_2',
        v3: '/docs/v3/intro',
        v2: '/docs/v2/prologue',
        v1: '/docs/v1/intro',
      },
    ],
    ['/docs/v3/sdk', {next: '/docs/next/intro', v3: '/docs/v3/sdk', v2: '/docs/v2/prologue', v1: '/docs/v1/intro'}],
    [
      '/docs/v2/Components/verifier',
      {next: '/docs/next/intro', v3: '/docs/v3/intro', v2: '/docs/v2/Components/verifier', v1: '/docs/v1/intro'},
    ],
    [
      '/docs/next/intro',
      {next: '/docs/next/intro', v3: '/docs/v3/intro', v2: '/docs/v2/prologue', v1: '/docs/v1/intro'},
    ],
  ];
  for (const [from, targets] of explicit) {
    test(`from ${from}`, async ({page}) => {
      await open(page, from);
      for (const [version, href] of Object.entries(targets) as [VersionPath, string][]) {
        await expect(entry(page, version)).toHaveAttribute('href', href);
      }
    });
  }

  // Every page of every version, against the rule stated above: one test per version, its pages
  // opened in turn in one tab (a fresh tab per page cost a second each and checked nothing more).
  for (const from of Object.keys(DOCS) as VersionPath[]) {
    test(`from every page of /docs/${from} (rule)`, async ({page}) => {
      test.setTimeout(120_000);
      for (const id of DOCS[from]) {
        await open(page, `/docs/${from}/${id}`);
        for (const [version, href] of Object.entries(expectedTargets(from, id)) as [VersionPath, string][]) {
          await expect(entry(page, version), `/docs/${from}/${id} → ${version}`).toHaveAttribute('href', href);
        }
      }
    });
  }

  test('outside the docs, every entry leads to its main doc', async ({page}) => {
    await open(page, '/community');
    for (const version of Object.keys(DOCS) as VersionPath[]) {
      await expect(entry(page, version)).toHaveAttribute('href', `/docs/${version}/${DOCS[version][0]}`);
    }
  });
});

test.describe('switching', () => {
  test('keeps the query string and hash, in the links and after the click', async ({page}) => {
    await open(page, '/docs/v1/Protocol/guardian?from=docs#overview');
    // The links carry them once hydrated, so "open in a new tab" keeps them too.
    await expect(entry(page, 'next')).toHaveAttribute('href', '/docs/next/protocol/guardian?from=docs#overview');
    await openDropdown(menu(page).locator('..'));
    await entry(page, 'next').click();
    await expect(page).toHaveURL('/docs/next/protocol/guardian?from=docs#overview');
    await expect(page.locator('.navbar__items--right .dropdown > .navbar__link')).toHaveText('Next');

    await openDropdown(menu(page).locator('..'));
    await entry(page, 'v1').click();
    await expect(page).toHaveURL('/docs/v1/Protocol/guardian?from=docs#overview');
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  });

  test('falls back to the main doc and keeps the query string and hash', async ({page}) => {
    await open(page, '/docs/v2/references?tab=1#top');
    await openDropdown(menu(page).locator('..'));
    await entry(page, 'v3').click();
    await expect(page).toHaveURL('/docs/v3/intro?tab=1#top');
  });

  test('saves the chosen version as the preferred one, as stock does', async ({page}) => {
    await open(page, '/docs/v3/intro');
    await openDropdown(menu(page).locator('..'));
    await entry(page, 'v1').click();
    await expect(page).toHaveURL('/docs/v1/intro');
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('1.1.0');
    // Outside the docs the dropdown now names the preferred version.
    await open(page, '/community');
    await expect(page.locator('.navbar__items--right .dropdown > .navbar__link')).toHaveText('v1');
  });
});
