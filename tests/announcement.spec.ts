import {test, expect, open} from './fixtures';

const bar = 'div[role="region"][aria-label="Announcement"]';

test('the announcement links to the current release and can be closed for good', async ({page}) => {
  await open(page, '/');
  await expect(page.locator(bar)).toBeVisible();
  await expect(page.locator(bar).getByRole('link', {name: /Read the v3 documentation/})).toHaveAttribute(
    'href',
    '/docs/v3/intro',
  );
  await page.locator(bar).getByRole('button', {name: 'Close'}).click();
  await expect(page.locator(bar)).toHaveCount(0);
  for (const path of ['/', '/docs/v3/intro']) {
    await open(page, path);
    await expect(page.locator(bar)).toBeHidden();
  }
});

test('a new announcement id shows the bar again at once', async ({page}) => {
  await open(page, '/');
  await page.locator(bar).getByRole('button', {name: 'Close'}).click();
  // Pretend the closed bar was an earlier announcement, as after a deployment with a new id.
  await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'announcement-earlier'));
  await open(page, '/');
  await expect(page.locator(bar)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('false');
});
