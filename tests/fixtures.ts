import {test as base, expect, type Locator, type Page} from '@playwright/test';

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
 * A client-side navigation to `path`, as a link would make it (react-router follows the history);
 * it ends when the new page has replaced the old one (its title differs from the old page's).
 */
export async function navigate(page: Page, path: string): Promise<void> {
  const before = (await page.locator('h1').first().textContent()) ?? '';
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('h1')).not.toHaveText(before);
}

/**
 * Waits until the page has drawn two more frames: work the page queued before (a React update, a
 * scroll it was going to make) has run by then. For checking that something did not happen,
 * without waiting for an amount of time.
 */
export async function afterFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Holds the requests that match `url` until the returned function is called. */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Waits until no diagram waits for its drawings any more: after a client-side navigation with the
 * drawings' files unavailable, each diagram falls back to being drawn in the browser.
 */
export async function drawingsGivenUp(page: Page): Promise<void> {
  await expect(page.locator('.docusaurus-mermaid-container[data-drawing]')).toHaveCount(0);
}

/**
 * Draws every Mermaid diagram of the page that has no drawing made ahead of time: each is drawn when it comes near the viewport
 * (src/theme/Mermaid), so they are scrolled to in turn. Ends back at the top of the page.
 */
export async function drawDiagrams(page: Page): Promise<void> {
  // Diagrams inside a closed <details> are drawn when it opens; they are not counted here.
  const sources = page.locator('pre.mermaid-source:visible');
  for (let left = await sources.count(); left > 0; left = await sources.count()) {
    await page.evaluate(() =>
      Array.from(document.querySelectorAll('pre.mermaid-source'))
        .find((source) => source.checkVisibility())
        ?.scrollIntoView({block: 'center'}),
    );
    // The library (~650 KB) loads with the first diagram: allow for a slow machine.
    await expect(sources).not.toHaveCount(left, {timeout: 20_000});
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Opens a navbar dropdown as a reader does, by pointing at it, and waits until its menu has
 * stopped sliding in. A click on a menu entry that is still moving fails Playwright's stability
 * check, and Playwright's later attempts scroll the entry to the middle of the window first; the
 * navbar hides on that scroll and takes the menu away from under the pointer (seen under CPU load:
 * the page scrolled by 191 px and the click missed or never ended on the link).
 */
export async function openDropdown(dropdown: Locator): Promise<Locator> {
  const menu = dropdown.locator('.dropdown__menu');
  await dropdown.hover();
  await expect(menu).toBeVisible();
  await menu.evaluate(async (element) => {
    await Promise.all(element.getAnimations().map((animation) => animation.finished));
  });
  return menu;
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
