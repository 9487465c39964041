import {test, expect, hydrated} from './fixtures';
import {ALL_ROUTES} from './routes';

// Every route of the spec answers 200 with one h1, one main landmark and no console error.
for (const route of ALL_ROUTES) {
  test(`route ${route} renders`, async ({page, consoleErrors}) => {
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('main')).toHaveCount(1);
    expect(consoleErrors).toEqual([]);
  });
}

test('an unknown path gets the not-found page with status 404', async ({page}) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible();
  await expect(page.locator('main')).toHaveCount(1);
});

test('the docs roots lead to a page', async ({page}) => {
  for (const [root, target] of [
    ['/docs', '/docs/v3/intro'],
    ['/docs/next', '/docs/next/intro'],
    ['/docs/v3', '/docs/v3/intro'],
    ['/docs/v2', '/docs/v2/prologue'],
    ['/docs/v1', '/docs/v1/intro'],
  ]) {
    await page.goto(root);
    await expect(page).toHaveURL(target);
    await expect(page.locator('h1')).toHaveCount(1);
  }
});
