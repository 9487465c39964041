// Code blocks off screen (src/theme/CodeBlock/Content): their lines are not drawn until the reader
// comes near them (content-visibility), in room of exactly their height, so nothing on the page
// moves when they are drawn and links to headings below them land where they point. The word-wrap
// button, which needs the drawn width, still appears on blocks with long lines once they are seen.
import type {Page} from '@playwright/test';
import {test, expect, open, hydrated, afterFrames} from './fixtures';

// The page with the most code blocks (19, about 2,800 highlighted tokens).
const PAGE = '/docs/v3/sdk/api/verification';
const LINES = 'pre > code[style*="--code-lines"]';

/** Height of every code block's lines, and whether the browser has left them undrawn. */
const blocks = (page: Page) =>
  page.locator(LINES).evaluateAll((codes) =>
    codes.map((code) => ({
      height: code.getBoundingClientRect().height,
      // The lines inside an undrawn <code> are invisible to checkVisibility; the <code> is not.
      undrawn: !code.firstElementChild!.checkVisibility({contentVisibilityAuto: true}),
    })),
  );

test.use({viewport: {width: 360, height: 740}});

test('an undrawn code block keeps the exact room of its lines: drawing it moves nothing', async ({page}) => {
  await open(page, PAGE);
  const before = await blocks(page);
  expect(before.length).toBeGreaterThan(10);
  // Most blocks are far below the first screen, so most are undrawn at first.
  expect(before.filter((b) => b.undrawn).length).toBeGreaterThan(before.length / 2);

  const codes = page.locator(LINES);
  for (let i = 0; i < before.length; i++) {
    if (!before[i]!.undrawn) continue;
    await codes.nth(i).evaluate((code) => code.scrollIntoView({block: 'center'}));
    await expect.poll(async () => (await blocks(page))[i]!.undrawn, `block ${i + 1} drawn on screen`).toBe(false);
    const drawn = (await blocks(page))[i]!.height;
    expect(
      Math.abs(drawn - before[i]!.height),
      `block ${i + 1}: room kept ${before[i]!.height}, drawn ${drawn}`,
    ).toBeLessThan(1);
  }
});

test('a link to the last heading lands on it, below every undrawn block', async ({page}) => {
  await page.goto(`${PAGE}#next-steps`);
  const heading = page.locator('#next-steps');
  // At its place under the navbar on arrival, and still there once the page has hydrated.
  const top = () => heading.evaluate((h) => h.getBoundingClientRect().top);
  await expect.poll(top).toBeLessThan(200);
  expect(await top()).toBeGreaterThanOrEqual(0);
  await hydrated(page);
  await afterFrames(page);
  expect(await top()).toBeGreaterThanOrEqual(0);
  expect(await top()).toBeLessThan(200);
  // Blocks above it were never drawn: the landing relied on the room they keep.
  expect((await blocks(page)).filter((b) => b.undrawn).length).toBeGreaterThan(0);
});

test('a block with long lines offers word wrap once on screen; wrapping removes its scrollbar and keeps its room', async ({
  page,
}) => {
  await open(page, PAGE);
  // The last block whose lines are wider than the 360 px screen.
  const index = await page.locator(LINES).evaluateAll((codes) => {
    const widest = codes.map((code) => Math.max(...code.textContent!.split('\n').map((line) => line.length)));
    return widest.map((width, i) => (width > 60 ? i : -1)).reduce((last, i) => Math.max(last, i), -1);
  });
  expect(index).toBeGreaterThan(0);
  const code = page.locator(LINES).nth(index);
  const block = code.locator('xpath=ancestor::div[contains(@class, "theme-code-block")]');
  const wrap = block.getByRole('button', {name: 'Toggle word wrap'});
  await expect(wrap).toHaveCount(0);

  await code.evaluate((c) => c.scrollIntoView({block: 'center'}));
  await expect(wrap).toHaveCount(1);
  const pre = block.locator('pre');
  const scrollable = () => pre.evaluate((p) => p.scrollWidth > p.clientWidth);
  expect(await scrollable()).toBe(true);
  await wrap.click();
  await expect(code).toHaveCSS('white-space', 'pre-wrap');
  expect(await scrollable()).toBe(false);
  await wrap.click();
  await expect(code).toHaveCSS('white-space', 'pre');
  expect(await scrollable()).toBe(true);
  // The line count the kept room is computed from survives the toggle.
  expect(await code.getAttribute('style')).toMatch(/--code-lines:\s*\d+/);
});
