import type {Page, Response} from '@playwright/test';
import {test, expect, open, drawDiagrams} from './fixtures';

// Mermaid diagrams are drawn in the browser by a library loaded only on pages that have one
// (src/theme/Mermaid). /docs/v3/intro has diagrams; /docs/v3/sdk/getting-started, /community and the
// blog post have none (each test checks this first, so that a content change shows up as such).

/** A string found only in the Mermaid library's code, not in the site's own bundles. */
const MERMAID_ONLY = 'mermaidAPI';
const diagrams = (page: Page) => page.locator('.docusaurus-mermaid-container svg');
/** The library (~650 KB) loads on demand: allow for a slow machine. An outcome, not a timing. */
const LOADED = {timeout: 20_000};

/** The relative luminance (0 black … 1 white) of the first diagram's first box. */
async function boxLuminance(page: Page): Promise<number> {
  const fill = await diagrams(page)
    .first()
    .locator('rect')
    .first()
    .evaluate((box) => getComputedStyle(box).fill);
  const [r, g, b] = (fill.match(/\d+/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Records the bodies of every JavaScript file the page loads. */
function recordScripts(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', async (response: Response) => {
    if (response.request().resourceType() === 'script') bodies.push(await response.text().catch(() => ''));
  });
  return bodies;
}

test('a diagram renders as SVG and follows the colour mode', async ({page}) => {
  await open(page, '/docs/v3/intro');
  await expect(diagrams(page).first()).toBeVisible(LOADED);
  await expect(diagrams(page).first()).toHaveAttribute('aria-roledescription', /flowchart/);
  await drawDiagrams(page);
  await expect(page.locator('pre.mermaid-source'), 'no diagram is left as source text').toHaveCount(0);
  const light = await boxLuminance(page);

  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => boxLuminance(page)).toBeLessThan(light - 0.3);

  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await expect.poll(() => boxLuminance(page)).toBeCloseTo(light, 2);
});

test('each diagram shows its source until the drawn diagram takes its place, never neither nor both', async ({
  page,
}) => {
  // In every frame once the page is parsed: how many sources and drawn diagrams are in the page.
  await page.addInitScript(() => {
    const w = window as unknown as {__shown: number[]};
    w.__shown = [];
    const look = () => {
      w.__shown.push(document.querySelectorAll('pre.mermaid-source, .docusaurus-mermaid-container').length);
      requestAnimationFrame(look);
    };
    document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(look));
  });
  await open(page, '/docs/v3/intro');
  await drawDiagrams(page);
  await expect(page.locator('pre.mermaid-source')).toHaveCount(0);
  const count = await diagrams(page).count();
  expect(count).toBeGreaterThan(1);
  const frames = await page.evaluate(() => (window as unknown as {__shown: number[]}).__shown);
  expect(frames.length).toBeGreaterThan(10);
  expect(new Set(frames)).toEqual(new Set([count]));
});

test('without JavaScript the diagram source is shown as text', async ({browser}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto('/docs/v3/intro');
  const sources = page.locator('pre.mermaid-source');
  await expect(sources).not.toHaveCount(0);
  await expect(sources.first()).toBeVisible();
  await expect(sources.first()).toContainText(/^\s*(flowchart|graph|sequenceDiagram)/);
  await context.close();
});

test('pages without a diagram load no Mermaid code; pages with one do', async ({page}) => {
  const scripts = recordScripts(page);
  for (const path of ['/docs/v3/sdk/getting-started', '/community', '/blog/welcome']) {
    await open(page, path);
    await expect(
      page.locator('pre.mermaid-source, .docusaurus-mermaid-container'),
      `${path} has no diagram`,
    ).toHaveCount(0);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((body) => body.includes(MERMAID_ONLY)).length, 'scripts with Mermaid code').toBe(0);

  // The marker is real: a page with diagrams fetches the library, and draws them.
  await open(page, '/docs/v3/intro');
  await expect(diagrams(page).first()).toBeVisible(LOADED);
  expect(scripts.filter((body) => body.includes(MERMAID_ONLY)).length).toBeGreaterThan(0);
});

test('a diagram renders after client-side navigation', async ({page}) => {
  await open(page, '/docs/v3/sdk/getting-started');
  await expect(page.locator('.docusaurus-mermaid-container')).toHaveCount(0);
  await page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Introduction'}).click();
  await expect(page).toHaveURL(/\/docs\/v3\/intro$/);
  await expect(diagrams(page).first()).toBeVisible(LOADED);
});

test('a diagram far below the viewport is drawn only when the reader comes near it', async ({page}) => {
  const scripts = recordScripts(page);
  // The whitepaper's first diagram sits several screens down.
  await open(page, '/docs/v1/Protocol/whitepaper');
  const first = page.locator('pre.mermaid-source').first();
  expect((await first.boundingBox())!.y, 'the first diagram is far down').toBeGreaterThan(3 * 800);
  await page.waitForLoadState('networkidle');
  expect(
    scripts.filter((body) => body.includes(MERMAID_ONLY)),
    'Mermaid loaded at the top',
  ).toHaveLength(0);
  await expect(diagrams(page)).toHaveCount(0);

  await first.scrollIntoViewIfNeeded();
  await expect(diagrams(page).first()).toBeVisible(LOADED);
  expect(scripts.filter((body) => body.includes(MERMAID_ONLY)).length).toBeGreaterThan(0);
});

test('printing draws every diagram', async ({page}) => {
  await open(page, '/docs/v1/Protocol/whitepaper');
  const count = await page.locator('pre.mermaid-source').count();
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await expect(diagrams(page)).toHaveCount(count, LOADED);
  await expect(page.locator('pre.mermaid-source')).toHaveCount(0);
});

test.describe('at 360 px', () => {
  test.use({viewport: {width: 360, height: 740}});

  test('drawn diagrams fit the page width', async ({page}) => {
    await open(page, '/docs/v3/schema_2');
    await drawDiagrams(page);
    await expect(diagrams(page).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
