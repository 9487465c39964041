import {test, expect, open} from './fixtures';

const toggleName = /Switch between dark and light mode/;
const label = (mode: 'light' | 'dark') => `Switch between dark and light mode (currently ${mode} mode)`;

test.describe('when the system prefers dark', () => {
  test.use({colorScheme: 'dark'});
  test('the site still starts light', async ({page}) => {
    await open(page, '/docs/v3/intro');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('button', {name: toggleName})).toHaveAttribute('aria-label', label('light'));
  });
});

test('the toggle switches mode, is remembered, and names the current mode after a reload', async ({page}) => {
  await open(page, '/');
  const toggle = page.getByRole('button', {name: toggleName});
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(toggle).toHaveAttribute('aria-label', label('dark'));
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  await page.reload();
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(toggle).toHaveAttribute('aria-label', label('dark'));
  await expect(toggle).toHaveAttribute('title', label('dark'));
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(toggle).toHaveAttribute('aria-label', label('light'));
});

test('a change in one tab reaches the other tabs', async ({context}) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await open(first, '/');
  await open(second, '/docs/v3/intro');
  await first.getByRole('button', {name: toggleName}).click();
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(second.getByRole('button', {name: toggleName})).toHaveAttribute('aria-label', label('dark'));
});

test.describe('before the client is ready', () => {
  test.use({javaScriptEnabled: false});
  test('the toggle is disabled', async ({page}) => {
    await page.goto('/');
    await expect(page.getByRole('button', {name: toggleName})).toBeDisabled();
  });
});
