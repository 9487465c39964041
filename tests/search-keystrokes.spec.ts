import type {Browser, Page} from '@playwright/test';
import {test, expect, hydrated} from './fixtures';

// No keystroke is lost on the way from the server-rendered stand-in to the real search bar
// (src/theme/SearchBar): typing starts straight after the first intent, at 10 ms a key, on a cold
// page, while the search code and the index are still on their way. Each run uses a fresh browser
// context, so nothing is cached. The check is on what the reader sees: the text in the box, and
// the query the dropdown was searched with (its "See all results" link carries it, and the
// matched words are marked).

const TEXT = 'verify a tree';
const RUNS = 5;

const searchBox = (page: Page) => page.getByLabel('Search', {exact: true});

async function coldPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({baseURL});
  const page = await context.newPage();
  await page.goto('/docs/v3/intro');
  await hydrated(page);
  return page;
}

/** The box holds `text`, and the dropdown shows results searched for exactly `text`. */
async function expectSearched(page: Page, text: string): Promise<void> {
  await expect(searchBox(page)).toHaveValue(text);
  await expect(searchBox(page)).toBeFocused();
  const listbox = page.getByRole('listbox');
  const seeAll = listbox.getByRole('option', {name: 'See all results'});
  await expect(seeAll).toHaveAttribute('href', `/search/?q=${encodeURIComponent(text).replace(/%20/g, '+')}`, {
    timeout: 20_000,
  });
  await expect(listbox.locator('mark').first()).toBeVisible();
  // Still the same text once everything has settled.
  await page.waitForLoadState('networkidle');
  await expect(searchBox(page)).toHaveValue(text);
}

for (let run = 1; run <= RUNS; run++) {
  test(`typing at 10 ms a key straight after Ctrl+K loses nothing (cold page, run ${run})`, async ({
    browser,
    baseURL,
  }) => {
    const page = await coldPage(browser, baseURL!);
    await page.keyboard.press('Control+k');
    await page.keyboard.type(TEXT, {delay: 10});
    await expectSearched(page, TEXT);
    await page.context().close();
  });

  test(`typing at 10 ms a key straight after a click on the box loses nothing (cold page, run ${run})`, async ({
    browser,
    baseURL,
  }) => {
    const page = await coldPage(browser, baseURL!);
    await searchBox(page).click();
    await page.keyboard.type(TEXT, {delay: 10});
    await expectSearched(page, TEXT);
    await page.context().close();
  });
}

// At a person's pace the keys span the swap, the search bar emptying its new box (a timer after it
// mounts) and its wiring: a key that lands just after the emptying must join the text, at its end.
test('typing at 100 ms a key straight after Ctrl+K loses nothing and keeps the order (cold page)', async ({
  browser,
  baseURL,
}) => {
  const page = await coldPage(browser, baseURL!);
  await page.keyboard.press('Control+k');
  await page.keyboard.type(TEXT, {delay: 100});
  await expectSearched(page, TEXT);
  await page.context().close();
});

test('typing with no delay at all straight after Ctrl+K loses nothing (cold page)', async ({browser, baseURL}) => {
  const page = await coldPage(browser, baseURL!);
  await page.keyboard.press('Control+k');
  await page.keyboard.type(TEXT);
  await expectSearched(page, TEXT);
  await page.context().close();
});

test('a paste straight after Ctrl+K is searched whole (cold page)', async ({browser, baseURL}) => {
  const page = await coldPage(browser, baseURL!);
  await page.keyboard.press('Control+k');
  // What a paste (or an input method) delivers: one input event carrying the whole text.
  await page.keyboard.insertText('createGenesisRevision');
  await expectSearched(page, 'createGenesisRevision');
  await page.context().close();
});

test('a paste followed by typing at 10 ms a key keeps both (cold page)', async ({browser, baseURL}) => {
  const page = await coldPage(browser, baseURL!);
  await searchBox(page).click();
  await page.keyboard.insertText('witness');
  await page.keyboard.type(' ethereum', {delay: 10});
  await expectSearched(page, 'witness ethereum');
  await page.context().close();
});
