// Requirement: "Dropdowns close on outside click, touch or focus". The navbar's only dropdown is
// the docs-version dropdown; keyboard users open and close it with Enter on its toggle (the mouse
// opens it by hovering, which CSS handles).
import type {Page} from '@playwright/test';
import {test, expect, open} from './fixtures';

const dropdown = (page: Page) => page.locator('.navbar .dropdown').first();
const toggle = (page: Page) => dropdown(page).locator('> a.navbar__link');

async function openWithKeyboard(page: Page): Promise<void> {
  await open(page, '/docs/v3/intro');
  await toggle(page).focus();
  await page.keyboard.press('Enter');
  await expect(dropdown(page)).toHaveClass(/dropdown--show/);
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(dropdown(page).locator('.dropdown__menu')).toBeVisible();
}

async function expectClosed(page: Page): Promise<void> {
  await expect(dropdown(page)).not.toHaveClass(/dropdown--show/);
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
}

test('keyboard users open it with Enter, reach its items with Tab, and close it with Enter', async ({page}) => {
  await openWithKeyboard(page);
  await expect(page).toHaveURL(/\/docs\/v3\/intro$/); // Enter opened the menu, it did not follow the link
  await page.keyboard.press('Tab');
  await expect(dropdown(page).locator('.dropdown__menu a').first()).toBeFocused();
  await expect(dropdown(page)).toHaveClass(/dropdown--show/);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expectClosed(page);
});

test('an outside click closes it', async ({page}) => {
  await openWithKeyboard(page);
  await page.locator('article h1').click();
  await expectClosed(page);
});

test('focus moving outside closes it', async ({page}) => {
  await openWithKeyboard(page);
  await page.keyboard.press('Shift+Tab');
  await expect(toggle(page)).not.toBeFocused();
  await expectClosed(page);
});

test.describe('on a touch screen', () => {
  test.use({hasTouch: true});
  test('an outside touch closes it', async ({page}) => {
    await openWithKeyboard(page);
    const box = (await page.locator('article h1').boundingBox())!;
    await page.touchscreen.tap(box.x + 10, box.y + box.height / 2);
    await expectClosed(page);
  });
});
