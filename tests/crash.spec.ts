// Requirement: "Crash: normal to crashed; 'Try again' resets it" and "Rendering
// fails: page titled 'This page crashed', the error message and its causes, and a 'Try again'
// button". Stock 3.6.3 has two variants: a failure inside the page content is caught by the
// theme's layout and titled "This page crashed." (full stop), with navbar and footer; a failure
// of the page component itself reaches the app's boundary, "This page crashed" and <title>Page Error.
// Trigger: request patching (tests/fixtures/chunks.ts). The production build has no page that
// fails, so the test serves one built chunk with a single expression replaced by one that throws
// an error with a cause while `window.__crash` is true. No test-only route exists in the site.
//   - in-page variant: an expression of a doc's MDX content, which renders inside the layout;
//   - shell variant: the h1 text of the community page, an element the page component creates.
import {test, expect, hydrated} from './fixtures';
import {patchScripts, throwWhile} from './fixtures/chunks';

test('a rendering failure inside a page shows "This page crashed." with its causes; Try again resets it', async ({
  page,
}) => {
  // The first second-level heading of the intro; its compiled element is `{id:"<id>",children:...}`.
  await page.goto('/docs/v3/intro');
  const id = await page.locator('article h2[id]').first().getAttribute('id');
  const marker = `{id:"${id}",children:`;
  const applied = await patchScripts(page, {
    marker,
    rewrite: (source) => source.replace(marker, `${marker}${throwWhile('__crash', 'inner boom', 'root cause', '0')}||`),
  });
  await page.addInitScript(() => Object.assign(window, {__crash: true}));
  await page.reload();
  await hydrated(page); // the app itself hydrates; the layout's boundary holds the failure

  await expect(page.getByRole('heading', {name: 'This page crashed.', exact: true})).toBeVisible();
  expect(applied(), 'the patch matched one chunk').toBe(1);
  const content = page.locator('main');
  await expect(content).toContainText('inner boom');
  await expect(content).toContainText('Cause:');
  await expect(content).toContainText('root cause');
  // The shell around the page still works: navbar and footer are there.
  await expect(page.getByRole('navigation', {name: 'Main'})).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();

  await page.evaluate(() => Object.assign(window, {__crash: false}));
  await page.getByRole('button', {name: 'Try again'}).click();
  await expect(page.getByRole('heading', {name: 'This page crashed.'})).toHaveCount(0);
  await expect(page.locator(`article h2[id="${id}"]`)).toBeVisible();
});

test('a failure in the page component itself shows the shell variant "This page crashed"; Try again resets it', async ({
  page,
}) => {
  // The page's h1 is an element the page component creates itself: `{as:"h1",children:"<text>"}`.
  await page.goto('/community');
  const heading = (await page.locator('h1').first().textContent())!;
  const marker = `children:${JSON.stringify(heading)}`;
  const applied = await patchScripts(page, {
    marker,
    rewrite: (source) =>
      source.replace(marker, `children:${throwWhile('__crash', 'page boom', 'root cause', JSON.stringify(heading))}`),
  });
  await page.addInitScript(() => Object.assign(window, {__crash: true}));
  await page.reload();

  // The app's own boundary replaces everything, so the page never reports itself hydrated.
  await expect(page.getByRole('heading', {name: 'This page crashed', exact: true})).toBeVisible({timeout: 20_000});
  expect(applied(), 'the patch matched one chunk').toBe(1);
  await expect(page).toHaveTitle('Page Error');
  await expect(page.locator('body')).toContainText('page boom');
  await expect(page.locator('body')).toContainText('root cause');

  await page.evaluate(() => Object.assign(window, {__crash: false}));
  await page.getByRole('button', {name: 'Try again'}).click();
  await expect(page.getByRole('heading', {level: 1, name: heading})).toBeVisible();
  await expect(page.getByRole('heading', {name: 'This page crashed'})).toHaveCount(0);
});
