import {test, expect, open} from './fixtures';
import type {Page} from '@playwright/test';

/** Whether any part of the fixed navbar is on screen (it slides up when hidden). */
const navbarShown = (page: Page) =>
  page.evaluate(() => document.querySelector('nav.navbar')!.getBoundingClientRect().bottom > 0);

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
}

const LONG_PAGE = '/docs/v1/Protocol/whitepaper';

test('the navbar hides on scrolling down and returns on scrolling up and near the top', async ({page}) => {
  await open(page, LONG_PAGE);
  await scrollTo(page, 600);
  await scrollTo(page, 1400);
  await expect.poll(() => navbarShown(page)).toBe(false);
  await scrollTo(page, 1000);
  await expect.poll(() => navbarShown(page)).toBe(true);
  await scrollTo(page, 1800);
  await expect.poll(() => navbarShown(page)).toBe(false);
  await scrollTo(page, 10);
  await expect.poll(() => navbarShown(page)).toBe(true);
});

test('the navbar shows after a jump to a heading, and the heading is not under it', async ({page}) => {
  await open(page, LONG_PAGE);
  await scrollTo(page, 600);
  await scrollTo(page, 1400);
  await expect.poll(() => navbarShown(page)).toBe(false);
  const tocLink = page.locator('.table-of-contents a').nth(3);
  const hash = (await tocLink.getAttribute('href'))!;
  await tocLink.click();
  await expect(page).toHaveURL(new RegExp(`${hash}$`));
  await expect.poll(() => navbarShown(page)).toBe(true);
  const covered = await page.evaluate((id) => {
    const heading = document.getElementById(decodeURIComponent(id.slice(1)))!;
    return heading.getBoundingClientRect().top < document.querySelector('nav.navbar')!.getBoundingClientRect().bottom;
  }, hash);
  expect(covered).toBe(false);
});
