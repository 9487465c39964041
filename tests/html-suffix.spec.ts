// Requirement: "Paths ending in .html or /index.html are normalised to the plain path". The
// visitor who opens /x.html or /x/index.html ends on the page of /x, whichever way the server
// handles it: `docusaurus serve` sends the file and the client router renders /x with the URL kept;
// a production server may redirect to /x first. Both are accepted; the page content is asserted.
import {test, expect, hydrated} from './fixtures';

const cases = [
  {url: '/docs/v3/intro.html', plain: '/docs/v3/intro'},
  {url: '/community.html', plain: '/community'},
  {url: '/blog/index.html', plain: '/blog'},
  {url: '/docs/v3/sdk/index.html', plain: '/docs/v3/sdk'},
];

for (const {url, plain} of cases) {
  test(`${url} shows the page of ${plain}`, async ({page, request}) => {
    // The page as the plain path renders it, for comparison.
    await page.goto(plain);
    await hydrated(page);
    const title = await page.title();
    const heading = await page.locator('h1').first().textContent();

    await page.goto(url);
    await hydrated(page);
    expect(new URL(page.url()).pathname).toMatch(
      new RegExp(`^${plain.replace(/\./g, '\\.')}(\\.html|/index\\.html)?$`),
    );
    await expect(page).toHaveTitle(title);
    await expect(page.locator('h1').first()).toHaveText(heading!);
    await expect(page.getByRole('heading', {name: 'Page Not Found'})).toHaveCount(0);
    // The client router matched the page (not the catch-all not-found route) after hydration.
    expect((await request.get(url, {maxRedirects: 5})).ok()).toBe(true);
  });
}

test('served as it is at /docs/v3/intro.html, the file still renders the intro once the client takes over', async ({
  page,
  request,
}) => {
  // What any static server that does not redirect would do; the client router normalises the path.
  const html = await (await request.get('/docs/v3/intro')).text();
  await page.route('**/docs/v3/intro.html', (route) =>
    route.fulfill({status: 200, contentType: 'text/html', body: html}),
  );
  await page.goto('/docs/v3/intro.html');
  await hydrated(page);
  await expect(page).toHaveURL(/\/docs\/v3\/intro\.html$/);
  await expect(page.getByRole('heading', {name: 'Page Not Found'})).toHaveCount(0);
  await expect(page.locator('nav.menu a.menu__link[href="/docs/v3/intro"]')).toHaveAttribute('aria-current', 'page');
});
