// Requirement: "Collapsible sections animate height; duration depends on content height, 1 ms
// when reduced motion is preferred". Observed on a collapsed docs sidebar category ("Containers"
// of v2): the inline styles the category's list goes through while it opens.
import type {Page} from '@playwright/test';
import {test, expect, open} from './fixtures';

type Step = {transition: string; height: string; scrollHeight: number};

/** Opens the category and returns every style its list had on the way. */
async function expandCategory(page: Page): Promise<Step[]> {
  await open(page, '/docs/v2/prologue');
  const category = page.locator('.theme-doc-sidebar-menu').getByRole('button', {name: 'Containers', exact: true});
  await expect(category).toHaveAttribute('aria-expanded', 'false');
  const item = category.locator('xpath=ancestor::li[1]');
  const list = item.locator('> ul.menu__list');
  // The list is only created when the category first opens: watch the whole item.
  await item.evaluate((li) => {
    const steps: Step[] = [];
    (window as unknown as {steps: Step[]}).steps = steps;
    new MutationObserver(() => {
      const ul = li.querySelector<HTMLElement>(':scope > ul.menu__list');
      if (ul) steps.push({transition: ul.style.transition, height: ul.style.height, scrollHeight: ul.scrollHeight});
    }).observe(li, {attributes: true, attributeFilter: ['style'], childList: true, subtree: true});
  });
  await category.click();
  await expect(category).toHaveAttribute('aria-expanded', 'true');
  await expect(list).toBeVisible();
  await expect.poll(() => list.evaluate((ul) => ul.style.height)).toBe('auto');
  return page.evaluate(() => (window as unknown as {steps: Step[]}).steps);
}

/** theme-common's duration for an animated height, without reduced motion. */
const durationFor = (height: number) => {
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
};

test('a sidebar category animates its height, for longer the taller its content', async ({page}) => {
  const steps = await expandCategory(page);
  const animated = steps.find((step) => /^height \d+ms ease-in-out$/.test(step.transition) && step.height !== '0px');
  expect(animated, JSON.stringify(steps)).toBeDefined();
  const duration = Number(animated!.transition.match(/(\d+)ms/)![1]);
  expect(animated!.height).toBe(`${animated!.scrollHeight}px`);
  expect(duration).toBe(durationFor(animated!.scrollHeight));
  expect(duration).toBeGreaterThan(100);
});

test.describe('when the visitor prefers reduced motion', () => {
  test.use({contextOptions: {reducedMotion: 'reduce'}});
  test('the animation lasts 1 ms', async ({page}) => {
    const steps = await expandCategory(page);
    const animated = steps.find((step) => /ease-in-out/.test(step.transition));
    expect(animated?.transition, JSON.stringify(steps)).toBe('height 1ms ease-in-out');
  });
});
