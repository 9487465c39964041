// Requirement: "Browser local storage is used and tolerated when unavailable" and
// "Browser storage unavailable: console warning; storage behaves as empty". An init script makes
// every access to window.localStorage throw, as strict privacy settings do.
import {test, expect, open} from './fixtures';

test.beforeEach(async ({page}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
});

test('without local storage the site warns once, works, and the colour toggle works for the visit', async ({
  page,
  consoleErrors,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await open(page, '/');
  const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // The visit goes on: client-side navigation keeps the choice in memory.
  await page.getByRole('link', {name: 'Community', exact: true}).first().click();
  await expect(page).toHaveURL(/\/community$/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('link', {name: 'Documentation', exact: true}).first().click();
  await expect(page.locator('article h1')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  expect(warnings, 'console warnings').toHaveLength(1);
  expect(warnings[0]).toContain('Docusaurus browser storage is not available.');
  expect(warnings[0]).toContain(
    'Possible reasons: running Docusaurus in an iframe, in an incognito browser session, or using too strict browser privacy settings.',
  );
  expect(consoleErrors).toEqual([]);
});
