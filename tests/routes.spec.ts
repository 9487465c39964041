import {test, expect} from './fixtures';
import {BUILT_ROUTES, SPEC_ROUTES} from './routes';

test('every route of the spec is a page of the build', () => {
  expect(SPEC_ROUTES.filter((route) => !BUILT_ROUTES.includes(route))).toEqual([]);
});

// Every route of the site renders (status, one h1, one main, no console error) in tests/crawl.spec.ts.

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
