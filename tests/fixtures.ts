import {test as base, expect, type Page} from '@playwright/test';

/** Waits until React has hydrated the page, so that clicks reach their handlers. */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
}

/** Opens a path and waits for hydration. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

/**
 * A `page` that records console errors and uncaught exceptions; a test fails when any appear,
 * unless it empties `consoleErrors` itself because it provokes them on purpose.
 */
export const test = base.extend<{consoleErrors: string[]}>({
  consoleErrors: async ({page}, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
});

export {expect};
