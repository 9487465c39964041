// Accessibility: axe-core with every rule it has (WCAG A, AA and AAA, best practices, and the
// experimental rules) finds no violation on any route of the site (tests/routes.ts and the 404
// page), in light and in dark mode, in each state a visitor meets:
// - on landing: the whole page, with the diagrams drawn ahead of time (src/plugins/drawn-diagrams)
//   in the colour mode's own drawing; a diagram with no drawing shows its source as text here;
// - with such diagrams drawn in the browser: the diagrams (the rest of the page was checked on landing);
// - with the version dropdown open, with search results open, and at 360 px with the drawer open:
//   the navbar that holds them, on one page of each layout (a doc of each version, home, blog
//   index, blog post, community, 404), since that markup is the same on every page of a layout.
// No rule is disabled and no element is let through.
import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import {test, expect, open, drawDiagrams, drawingsGivenUp, navigate} from './fixtures';
import {BUILT_ROUTES as ALL_ROUTES} from './routes';

// axe's full pass over a long page takes a few seconds, and over two minutes on this 2-core machine
// while it runs other jobs (the v3 verification reference: 120 s were not enough at a load of 12).
test.describe.configure({timeout: 240_000});
const toggleName = /Switch between dark and light mode/;

// Off by default in axe-core 4.13 and on here, so that "every rule" means every rule.
const EXPERIMENTAL = [
  'css-orientation-lock',
  'focus-order-semantics',
  'hidden-content',
  'label-content-name-mismatch',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header',
];

/**
 * Colours are read as they end, not halfway through Infima's colour transitions. And everything is
 * drawn, as for a reader who scrolls through the page: axe reports what content-visibility leaves
 * undrawn off screen (code blocks' lines, drawn diagrams) as "incomplete" instead of checking it
 * (86 code tokens on the verification reference).
 */
async function settle(page: Page): Promise<void> {
  await page.addStyleTag({
    content:
      '*, *::before, *::after { transition: none !important; animation: none !important; }' +
      ' * { content-visibility: visible !important; }',
  });
}

/**
 * Holds every diagram as its source: src/theme/Mermaid draws a diagram when an IntersectionObserver
 * reports it near the viewport, so the observers' reports wait until `releaseDiagrams`. Without
 * this, the diagrams at the top of a page would be drawn before axe sees the landing state.
 */
async function holdDiagrams(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const held: Array<() => void> = [];
    const Real = window.IntersectionObserver;
    const w = window as unknown as {__release: () => void; __holding: boolean};
    w.__holding = true;
    w.__release = () => {
      w.__holding = false;
      held.splice(0).forEach((report) => report());
    };
    window.IntersectionObserver = class extends Real {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        super((entries, observer) => {
          if (w.__holding) held.push(() => callback(entries, observer));
          else callback(entries, observer);
        }, options);
      }
    };
  });
}

/**
 * The markup of the diagrams drawn in the browser, which changes when Mermaid draws them again in the
 * other colours (a diagram drawn ahead of time has both drawings already: CSS shows one).
 */
const diagramMarkup = (page: Page) =>
  page.locator('.docusaurus-mermaid-container:not([data-drawing])').evaluateAll((all) => all.map((d) => d.innerHTML));

/** Switches the colour mode with the visible toggle and waits until every diagram is redrawn. */
async function switchMode(page: Page, mode: 'dark' | 'light'): Promise<void> {
  const before = await diagramMarkup(page);
  await page.getByRole('button', {name: toggleName}).filter({visible: true}).first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  if (before.length) {
    await expect
      .poll(async () => {
        const after = await diagramMarkup(page);
        return after.length === before.length && after.every((markup, i) => markup !== before[i]);
      })
      .toBe(true);
  }
}

/** The violations of every axe rule within `include` (the whole page by default), one line each. */
async function violations(page: Page, include?: string): Promise<string[]> {
  const rules = Object.fromEntries(EXPERIMENTAL.map((id) => [id, {enabled: true}]));
  // Only violations are reported in full: axe then keeps one node of each passing or incomplete rule
  // instead of every node, which makes the pass over a long page faster.
  const axe = new AxeBuilder({page}).options({rules, resultTypes: ['violations']});
  if (include) axe.include(include);
  const results = await axe.analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(' ')}`,
    ),
  );
}

for (const path of [...ALL_ROUTES, '/no-such-page']) {
  test(`${path}: no axe violation on landing and with its diagrams drawn, light and dark`, async ({page}) => {
    await holdDiagrams(page);
    await open(page, path);
    await settle(page);
    const sources = await page.locator('pre.mermaid-source').count();
    expect.soft(await violations(page), `${path} on landing, light mode`).toEqual([]);
    await switchMode(page, 'dark');
    expect.soft(await violations(page), `${path} on landing, dark mode`).toEqual([]);
    if (sources === 0) return;
    // The landing state really was the undrawn one.
    expect(await page.locator('.docusaurus-mermaid-container').count(), 'nothing drawn on landing').toBe(0);
    await page.evaluate(() => (window as unknown as {__release: () => void}).__release());
    await drawDiagrams(page);
    const diagrams = '.docusaurus-mermaid-container';
    expect.soft(await violations(page, diagrams), `${path} with its diagrams drawn, dark mode`).toEqual([]);
    await switchMode(page, 'light');
    expect.soft(await violations(page, diagrams), `${path} with its diagrams drawn, light mode`).toEqual([]);
  });
}

test('diagrams drawn in the browser, when their drawings cannot be fetched: no axe violation in any state', async ({
  page,
}) => {
  await holdDiagrams(page);
  await page.route('**/diagrams/*.svg', (route) => route.abort());
  await open(page, '/docs/v3/sdk/getting-started');
  await settle(page);
  await navigate(page, '/docs/v3/intro');
  await drawingsGivenUp(page);
  const sources = page.locator('pre.mermaid-source');
  await expect(sources.first()).toBeVisible();
  const count = await sources.count();
  expect.soft(await violations(page, 'article'), 'the diagrams as source text, light mode').toEqual([]);
  await page.evaluate(() => (window as unknown as {__release: () => void}).__release());
  await drawDiagrams(page);
  const diagrams = '.docusaurus-mermaid-container';
  await expect(page.locator(diagrams)).toHaveCount(count);
  await expect(page.locator(`${diagrams}[data-drawing]`)).toHaveCount(0);
  expect.soft(await violations(page, diagrams), 'drawn in the browser, light mode').toEqual([]);
  await switchMode(page, 'dark');
  expect.soft(await violations(page, diagrams), 'drawn in the browser, dark mode').toEqual([]);
});

/** One page of each layout, for the states a visitor opens in the navbar. */
const LAYOUTS = [
  '/',
  '/docs/next/intro',
  '/docs/v3/sdk/getting-started',
  '/docs/v2/prologue',
  '/docs/v1/intro',
  '/blog',
  '/blog/long-blog-post',
  '/community',
  '/no-such-page',
];

for (const path of LAYOUTS) {
  test(`${path}: no axe violation with the version dropdown, search results or drawer open`, async ({page}) => {
    await holdDiagrams(page);
    await open(page, path);
    await settle(page);
    const dropdown = page.locator('.navbar__items--right .dropdown');
    const box = page.getByLabel('Search', {exact: true});
    for (const mode of ['light', 'dark'] as const) {
      if (mode === 'dark') await switchMode(page, 'dark');
      await dropdown.hover();
      await expect(dropdown.locator('.dropdown__menu')).toBeVisible();
      expect.soft(await violations(page, '.navbar'), `${path}, version dropdown open, ${mode}`).toEqual([]);
      await page.mouse.move(640, 600);
      await box.click();
      await box.fill(mode === 'light' ? 'witness' : 'signature');
      await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
      expect.soft(await violations(page, '.navbar'), `${path}, search results open, ${mode}`).toEqual([]);
      await box.fill('');
      await page.keyboard.press('Escape');
      await page.locator('h1').click();
    }
    await page.setViewportSize({width: 360, height: 740});
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    expect.soft(await violations(page, '.navbar'), `${path}, drawer open at 360 px, dark`).toEqual([]);
    // The drawer holds the colour toggle: it switches with the drawer open.
    await switchMode(page, 'light');
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    expect.soft(await violations(page, '.navbar'), `${path}, drawer open at 360 px, light`).toEqual([]);
  });
}
