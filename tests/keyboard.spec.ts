// The whole navigation shell works from the keyboard, with a visible focus indicator on every stop:
// the navbar, the version dropdown, the colour toggle, the search box, and the mobile drawer.
import type {Locator, Page} from '@playwright/test';
import {test, expect, open} from './fixtures';

/** A focus indicator: an outline or a box-shadow ring that is drawn while the element has focus. */
async function focusRing(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0)
      return `outline ${style.outlineWidth} ${style.outlineStyle}`;
    if (style.boxShadow && style.boxShadow !== 'none') return `box-shadow ${style.boxShadow}`;
    return '';
  });
}

/** Tabs until the focused element matches, recording what received focus on the way. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    // Retried briefly: an element can be swapped for its loaded twin (the search box), and a
    // check of the element found just before the swap would miss the twin that took the focus.
    const reached = await expect(target)
      .toBeFocused({timeout: 300})
      .then(() => true)
      .catch(() => false);
    if (reached) return;
    path.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        return el
          ? `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`
          : 'none';
      }),
    );
  }
  throw new Error(`${target} was not reached in ${max} presses of Tab; focus went to: ${path.join(', ')}`);
}

async function expectFocusedWithRing(locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeFocused();
  // Polled, not read once: focus on the search box loads the search bar, whose box then takes the
  // stand-in's place and focus. One full-suite run (2026-11-25) read no ring just after the box
  // was found focused, most likely at that swap; 12 runs of this test alone did not repeat it.
  // The ring must be there once the box settles, and the box must still have the focus.
  await expect.poll(() => focusRing(locator), {message: `${what}: focus indicator`}).not.toBe('');
  await expect(locator, what).toBeFocused();
}

test('Tab walks the navbar in order, each stop with a visible focus ring', async ({page}) => {
  await open(page, '/docs/v3/intro');
  const navbar = page.locator('nav.navbar');
  const stops: string[] = [];
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    if (!(await navbar.locator(':focus').count()) && stops.length) break;
    if (await navbar.locator(':focus').count()) {
      const name = await focused.evaluate(
        (el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() || el.tagName,
      );
      stops.push(name);
      // Polled, as in expectFocusedWithRing: the search box's stand-in gives its place and the focus
      // to the loaded box on this very focus, and a full-suite run (2026-11-26) read the ring at
      // that swap; the ring must be there once the focused element settles.
      await expect.poll(() => focusRing(page.locator(':focus')), {message: `focus ring on ${name}`}).not.toBe('');
    }
  }
  for (const expected of [
    /Aqua Protocol/,
    /^Documentation$/,
    /^Community$/,
    /GitHub/,
    /Switch between dark and light mode/,
  ]) {
    expect(
      stops.some((stop) => expected.test(stop)),
      `navbar stops ${JSON.stringify(stops)} include ${expected}`,
    ).toBe(true);
  }
});

test('the version dropdown opens, is walked and followed from the keyboard', async ({page}) => {
  await open(page, '/docs/v3/intro');
  const trigger = page.locator('.navbar .dropdown > a.navbar__link').first();
  await tabTo(page, trigger);
  await expectFocusedWithRing(trigger, 'version dropdown');
  await page.keyboard.press('Enter');
  const menu = page.locator('.navbar .dropdown__menu').first();
  await expect(menu).toBeVisible();
  const items = menu.getByRole('link');
  const count = await items.count();
  expect(count).toBeGreaterThanOrEqual(4);
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    await expectFocusedWithRing(items.nth(i), `version item ${i + 1}`);
  }
  // Back to the v2 entry and follow it.
  const v2 = menu.getByRole('link', {name: /1\.2\.0|v2/}).first();
  await v2.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/docs\/v2\//);
});

test('the colour toggle is reached and switched from the keyboard', async ({page}) => {
  await open(page, '/');
  const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
  await tabTo(page, toggle);
  await expectFocusedWithRing(toggle, 'colour toggle');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectFocusedWithRing(toggle, 'colour toggle in dark mode');
  await page.keyboard.press('Space');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('the search box is reached, typed in and its results chosen from the keyboard', async ({page}) => {
  await open(page, '/docs/v3/intro');
  const box = page.getByLabel('Search', {exact: true});
  test.skip((await box.count()) === 0, 'no search box on this site');
  await tabTo(page, box);
  await expectFocusedWithRing(box, 'search box');
  await page.keyboard.type('witness');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/docs\/v3\/intro$/);
  await expect(page.locator('main h1').first()).toBeVisible();
});

test.describe('at 360 px', () => {
  test.use({viewport: {width: 360, height: 740}});

  test('the drawer opens, is walked and closed from the keyboard', async ({page}) => {
    await open(page, '/docs/v3/intro');
    const hamburger = page.getByRole('button', {name: 'Toggle navigation bar'});
    await tabTo(page, hamburger);
    await expectFocusedWithRing(hamburger, 'drawer toggle');
    await page.keyboard.press('Enter');
    const drawer = page.locator('.navbar-sidebar');
    await expect(drawer).toBeVisible();
    // Tab moves through the drawer's controls and links, each with a ring.
    let inDrawer = 0;
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      if (await drawer.locator(':focus').count()) {
        inDrawer++;
        expect(await focusRing(focused), `drawer stop ${i + 1}`).not.toBe('');
      }
    }
    expect(inDrawer, 'stops inside the drawer').toBeGreaterThan(3);
    const back = drawer.getByRole('button', {name: /Back to main menu/});
    await back.focus();
    await page.keyboard.press('Enter');
    const community = drawer.getByRole('link', {name: 'Community'});
    await expect(community).toBeVisible();
    await community.focus();
    await expectFocusedWithRing(community, 'drawer link');
    const close = drawer.getByRole('button', {name: /Close navigation bar/});
    await close.focus();
    await page.keyboard.press('Enter');
    await expect(drawer).toBeHidden();
  });
});
