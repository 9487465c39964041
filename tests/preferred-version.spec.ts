// Requirement: "Preferred docs version name is remembered per docs plugin in local storage" and
// "default storage local storage": a version chosen in the version dropdown is stored
// under `docs-preferred-version-default` and used afterwards by the version-aware navbar item.
import type {Page} from '@playwright/test';
import {test, expect, open, openDropdown} from './fixtures';

const KEY = 'docs-preferred-version-default';
const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEY);
const versionToggle = (page: Page) => page.locator('.navbar .dropdown > a.navbar__link').first();

test('a version chosen in the dropdown is remembered and used by version-aware links', async ({
  page,
  consoleErrors,
}) => {
  await open(page, '/docs/v3/intro');
  expect(await stored(page)).toBeNull();
  await expect(versionToggle(page)).toHaveText('v3');

  const menu = await openDropdown(page.locator('.navbar .dropdown').first());
  await menu.getByRole('link', {name: 'v1', exact: true}).click();
  await expect(page).toHaveURL(/\/docs\/v1\/intro$/);
  expect(await stored(page)).toBe('1.1.0');

  // Outside the docs, the dropdown offers the remembered version and links to its main doc.
  await page.getByRole('link', {name: 'Community', exact: true}).first().click();
  await expect(page).toHaveURL(/\/community$/);
  await expect(versionToggle(page)).toHaveText('v1');
  await expect(versionToggle(page)).toHaveAttribute('href', '/docs/v1/intro');

  // Still remembered on a fresh load.
  await open(page, '/community');
  await expect(versionToggle(page)).toHaveText('v1');
  await versionToggle(page).click();
  await expect(page).toHaveURL(/\/docs\/v1\/intro$/);
  expect(consoleErrors).toEqual([]);
});

test('reading a page of another version does not change the preference', async ({page}) => {
  await open(page, '/docs/v2/prologue');
  await open(page, '/community');
  expect(await stored(page)).toBeNull();
  await expect(versionToggle(page)).toHaveText('v3');
  await expect(versionToggle(page)).toHaveAttribute('href', '/docs/v3/intro');
});
