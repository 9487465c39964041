import {test, expect, open} from './fixtures';

for (const path of ['/', '/docs/v3/intro', '/community', '/blog/welcome']) {
  test(`on ${path} the skip link comes first and moves focus into the first main`, async ({page}) => {
    await open(page, path);
    await page.evaluate(() => {
      (window as unknown as {focusTrail: string[]}).focusTrail = [];
      document.addEventListener('focusin', (event) => {
        const target = event.target as HTMLElement;
        (window as unknown as {focusTrail: string[]}).focusTrail.push(
          target.closest('main') ? 'in-main' : target.tagName,
        );
      });
    });
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', {name: 'Skip to main content'});
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as {focusTrail: string[]}).focusTrail.at(-1)))
      .toBe('in-main');
  });
}
