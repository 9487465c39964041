// With JavaScript off (blocked, failed to load, or a reader's choice), every doc page is still a
// readable document: title, text and navigation come in the server-rendered HTML, and its links are
// plain links that lead to the next readable page.
import {test, expect} from './fixtures';
import {DOCS} from './routes';

test.use({javaScriptEnabled: false});

for (const [version, ids] of Object.entries(DOCS)) {
  test(`every ${version} doc page reads and navigates without JavaScript`, async ({page}) => {
    test.setTimeout(120_000);
    for (const id of ids) {
      const path = `/docs/${version}/${id}`;
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const article = page.locator('main article');
      await expect(article.locator('h1').first(), path).toBeVisible();
      const text = (await article.innerText()).trim();
      expect(text.length, `${path} body text`).toBeGreaterThan(200);

      // Every link in the page is a real href a browser can follow without script.
      const hrefs = await page
        .locator('main a, nav a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(
        hrefs.filter((href) => href === null || href === '' || href.startsWith('javascript:')),
        `${path} script-only links`,
      ).toEqual([]);

      // The sidebar lists this version's pages as links, and following the first one works.
      const sidebarLinks = page.locator('nav[aria-label="Docs sidebar"] a.menu__link[href^="/docs/"]');
      expect(await sidebarLinks.count(), `${path} sidebar links`).toBeGreaterThan(0);
    }

    // Follow the pager from the version's first page to its last: each click is a plain navigation.
    await page.goto(`/docs/${version}/${ids[0]}`);
    const visited = new Set<string>();
    for (let step = 0; step < ids.length + 2; step++) {
      visited.add(new URL(page.url()).pathname);
      const next = page.locator('nav.pagination-nav a.pagination-nav__link--next');
      if ((await next.count()) === 0) break;
      const href = await next.getAttribute('href');
      await next.click();
      await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await expect(page.locator('main article h1').first()).toBeVisible();
    }
    expect(visited.size, `pages reached through the pager in ${version}`).toBeGreaterThan(1);
  });
}

test('the navbar, footer and version links work as plain links', async ({page}) => {
  await page.goto('/docs/v3/intro');
  await page.locator('footer').getByRole('link', {name: 'Blog'}).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.locator('.navbar').getByRole('link', {name: 'Community'}).first().click();
  await expect(page).toHaveURL(/\/community$/);
  await expect(page.locator('main h1').first()).toBeVisible();
  // The version dropdown's entries are in the HTML as links even though the menu cannot open.
  const versions = await page
    .locator('.navbar .dropdown__menu a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(versions.length).toBeGreaterThanOrEqual(4);
  for (const href of versions) {
    const response = await page.goto(href!);
    expect(response?.status(), href!).toBe(200);
    await expect(page.locator('main h1').first()).toBeVisible();
  }
});
