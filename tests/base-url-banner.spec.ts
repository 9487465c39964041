// Requirement: "A wrong base URL shows a warning banner on the home page with a suggested base
// URL". Simulated deployment mistake: the site, built for baseUrl '/', is served under /aqua-docs/,
// so its home page loads but every script and stylesheet (absolute /assets/... URLs) is missing.
import {test, expect, open} from './fixtures';

const BANNER = '#__docusaurus-base-url-issue-banner';

test('a site served under the wrong base URL shows the warning banner with the base URL to try', async ({
  page,
  request,
}) => {
  const home = await (await request.get('/')).text();
  await page.route('**/aqua-docs/', (route) => route.fulfill({status: 200, contentType: 'text/html', body: home}));
  await page.route('**/assets/**', (route) => route.fulfill({status: 404, body: 'Not found'}));
  await page.goto('/aqua-docs/');

  const banner = page.locator(BANNER);
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Your Docusaurus site did not load properly.');
  await expect(banner).toContainText('A very common reason is a wrong site baseUrl configuration.');
  await expect(banner).toContainText('Current configured baseUrl = / (default value)');
  await expect(banner).toContainText('We suggest trying baseUrl = /aqua-docs/');
  await expect(page.locator('#__docusaurus-base-url-issue-banner-suggestion-container')).toHaveText('/aqua-docs/');
});

test('the home page served correctly shows no banner', async ({page}) => {
  await open(page, '/');
  // The banner may be in the DOM (stock inserts it when the scripts are not yet loaded at
  // DOMContentLoaded); the site's stylesheet keeps it hidden when the site loaded.
  await expect(page.locator(BANNER)).toBeHidden();
  await expect(page.getByText('Your Docusaurus site did not load properly.')).toBeHidden();
});
