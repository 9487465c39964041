import type {Page, Response} from '@playwright/test';
import {test, expect, open, drawDiagrams, drawingsGivenUp, holdRequests, navigate} from './fixtures';

// Mermaid diagrams are drawn ahead of time (`npm run diagrams`, src/plugins/drawn-diagrams): each is
// SVG in the page's HTML, one drawing per colour mode, and a client-side navigation fetches the two
// files from /diagrams/. Only when those cannot be fetched does the browser draw a diagram itself,
// with the Mermaid library loaded on demand (src/theme/Mermaid), as stock theme-mermaid does.
// /docs/v3/intro has diagrams; /docs/v3/sdk/getting-started, /community and the blog post have none
// (each test checks this first, so that a content change shows up as such).

/** A string found only in the Mermaid library's code, not in the site's own bundles. */
const MERMAID_ONLY = 'mermaidAPI';
/** The diagrams shown: the drawing of the current colour mode, or a diagram drawn in the browser. */
const diagrams = (page: Page) => page.locator('.docusaurus-mermaid-container > svg:visible');
/** The library (~650 KB) loads on demand: allow for a slow machine. An outcome, not a timing. */
const LOADED = {timeout: 20_000};

/** The relative luminance (0 black … 1 white) of the first shown diagram's first box. */
async function boxLuminance(page: Page): Promise<number> {
  const fill = await diagrams(page)
    .first()
    .locator('rect, path[fill]:not([fill="none"])')
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

/**
 * The drawings' files cannot be had: every request for one fails (offline, say), or, with `answer`,
 * gets that page instead (a host that answers a missing file with an HTML page and status 200).
 */
async function withoutDrawingFiles(page: Page, answer?: string): Promise<string[]> {
  const asked: string[] = [];
  await page.route('**/diagrams/*.svg', (route) => {
    asked.push(route.request().url());
    return answer === undefined ? route.abort() : route.fulfill({contentType: 'text/html', body: answer});
  });
  return asked;
}

test('the diagrams are SVG in the page, and each colour mode shows its own drawing', async ({page}) => {
  const drawings: string[] = [];
  page.on('request', (request) => request.url().includes('/diagrams/') && drawings.push(request.url()));
  await open(page, '/docs/v3/intro');
  const containers = page.locator('.docusaurus-mermaid-container');
  const count = await containers.count();
  expect(count, 'the page has diagrams').toBeGreaterThan(1);
  await expect(page.locator('.docusaurus-mermaid-container[data-drawing] > svg')).toHaveCount(2 * count);
  await expect(diagrams(page)).toHaveCount(count);
  await expect(diagrams(page).first()).toHaveAttribute('aria-roledescription', /flowchart/);
  await expect(diagrams(page).first()).toHaveAttribute('id', /-light$/);
  await expect(page.locator('pre.mermaid-source'), 'no diagram is left as source text').toHaveCount(0);
  const light = await boxLuminance(page);

  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(diagrams(page)).toHaveCount(count);
  await expect(diagrams(page).first()).toHaveAttribute('id', /-dark$/);
  expect(await boxLuminance(page)).toBeLessThan(light - 0.3);

  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await expect(diagrams(page).first()).toHaveAttribute('id', /-light$/);
  expect(await boxLuminance(page)).toBeCloseTo(light, 2);
  expect(drawings, 'the drawings came with the page').toEqual([]);
});

test('without JavaScript the diagrams are drawn', async ({browser}) => {
  const context = await browser.newContext({javaScriptEnabled: false});
  const page = await context.newPage();
  await page.goto('/docs/v3/intro');
  await expect(page.locator('pre.mermaid-source')).toHaveCount(0);
  const shown = page.locator('.docusaurus-mermaid-container > svg:visible');
  await expect(shown).not.toHaveCount(0);
  await expect(shown.first()).toHaveAttribute('id', /-light$/);
  expect((await shown.first().boundingBox())!.height, 'drawn at its size').toBeGreaterThan(30);
  await context.close();
});

test('no page loads Mermaid code: pages without diagrams, and pages whose diagrams are drawn', async ({page}) => {
  const scripts = recordScripts(page);
  for (const path of ['/docs/v3/sdk/getting-started', '/community', '/blog/welcome']) {
    await open(page, path);
    await expect(
      page.locator('pre.mermaid-source, .docusaurus-mermaid-container'),
      `${path} has no diagram`,
    ).toHaveCount(0);
    await page.waitForLoadState('networkidle');
  }
  for (const path of ['/docs/v3/intro', '/docs/v3/sdk/api/chainable', '/docs/v1/Protocol/whitepaper']) {
    await open(page, path);
    await expect(diagrams(page).first(), `${path} has a diagram`).toBeAttached();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((body) => body.includes(MERMAID_ONLY)).length, 'scripts with Mermaid code').toBe(0);
});

test('after a client-side navigation the drawings come from /diagrams/, in the room kept for them', async ({page}) => {
  const scripts = recordScripts(page);
  const drawings: string[] = [];
  page.on('response', (response) => response.url().includes('/diagrams/') && drawings.push(String(response.status())));
  // The drawings are held until the page has been looked at without them.
  const release = await holdRequests(page, '**/diagrams/*.svg');
  await open(page, '/docs/v3/sdk/getting-started');
  await expect(page.locator('.docusaurus-mermaid-container')).toHaveCount(0);
  await page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Introduction'}).click();
  await expect(page).toHaveURL(/\/docs\/v3\/intro$/);
  const containers = page.locator('.docusaurus-mermaid-container');
  // The old page stays until the new one's code has loaded: wait for the new page to render.
  await expect(page.locator('h1')).toHaveText(/^Aqua Protocol v3/);
  await expect(containers).not.toHaveCount(0);
  const count = await containers.count();
  expect(count).toBeGreaterThan(1);
  const heights = () => containers.evaluateAll((all) => all.map((c) => Math.round(c.getBoundingClientRect().height)));
  const empty = await heights();
  await expect(diagrams(page)).toHaveCount(0);
  release();
  await expect(diagrams(page)).toHaveCount(count);
  expect(Math.min(...empty), 'room kept while the drawings load').toBeGreaterThan(30);
  expect(await heights(), 'the drawings fill exactly that room').toEqual(empty);
  await expect(diagrams(page).first()).toHaveAttribute('id', /-light$/);
  expect(drawings, 'both drawings of each diagram, fetched').toEqual(Array(2 * count).fill('200'));
  expect(scripts.filter((body) => body.includes(MERMAID_ONLY))).toHaveLength(0);
});

for (const [failure, answer] of [
  ['cannot be fetched', undefined],
  ['come back as an HTML page', '<!doctype html><title>Not found</title><p>Not found</p>'],
] as const) {
  test(`when the drawings ${failure}, the browser draws the diagrams from their source`, async ({page}) => {
    const scripts = recordScripts(page);
    const asked = await withoutDrawingFiles(page, answer);
    await open(page, '/docs/v3/sdk/getting-started');
    await navigate(page, '/docs/v3/intro');
    await drawingsGivenUp(page);
    await drawDiagrams(page);
    expect(asked.length, 'the drawings were asked for').toBeGreaterThan(0);
    const count = await page.locator('.docusaurus-mermaid-container').count();
    expect(count).toBeGreaterThan(1);
    await expect(diagrams(page)).toHaveCount(count);
    await expect(page.locator('.docusaurus-mermaid-container[data-drawing]')).toHaveCount(0);
    await expect(diagrams(page).first()).toHaveAttribute('aria-roledescription', /flowchart/);
    await expect(page.locator('pre.mermaid-source')).toHaveCount(0);
    await expect(page.getByText('Not found'), 'no page put where a drawing goes').toHaveCount(0);
    expect(scripts.filter((body) => body.includes(MERMAID_ONLY)).length, 'Mermaid drew them').toBeGreaterThan(0);
    const light = await boxLuminance(page);
    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    await expect.poll(() => boxLuminance(page)).toBeLessThan(light - 0.3);
  });
}

test('drawn in the browser, a diagram shows its source until the drawing takes its place, never neither nor both', async ({
  page,
}) => {
  await withoutDrawingFiles(page);
  await open(page, '/docs/v3/sdk/getting-started');
  // In every frame from the navigation on: how many sources and drawn diagrams are in the page.
  await page.evaluate(() => {
    const w = window as unknown as {__shown: number[]};
    w.__shown = [];
    const look = () => {
      if (document.querySelector('.docusaurus-mermaid-container, pre.mermaid-source')) {
        w.__shown.push(document.querySelectorAll('pre.mermaid-source, .docusaurus-mermaid-container').length);
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await navigate(page, '/docs/v3/intro');
  await drawingsGivenUp(page);
  await drawDiagrams(page);
  await expect(page.locator('pre.mermaid-source')).toHaveCount(0);
  const count = await diagrams(page).count();
  expect(count).toBeGreaterThan(1);
  const frames = await page.evaluate(() => (window as unknown as {__shown: number[]}).__shown);
  expect(frames.length).toBeGreaterThan(10);
  expect(new Set(frames)).toEqual(new Set([count]));
});

test('drawn in the browser, a diagram far below the viewport is drawn only when the reader comes near it', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await withoutDrawingFiles(page);
  await open(page, '/docs/v1/intro');
  await navigate(page, '/docs/v1/Protocol/whitepaper');
  await drawingsGivenUp(page);
  // The whitepaper's first diagram sits several screens down.
  const first = page.locator('pre.mermaid-source').first();
  await expect(first).toBeAttached();
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

test('drawn in the browser, printing draws every diagram', async ({page}) => {
  await withoutDrawingFiles(page);
  await open(page, '/docs/v1/intro');
  await navigate(page, '/docs/v1/Protocol/whitepaper');
  await drawingsGivenUp(page);
  const count = await page.locator('pre.mermaid-source').count();
  expect(count).toBeGreaterThan(0);
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await expect(diagrams(page)).toHaveCount(count, LOADED);
  await expect(page.locator('pre.mermaid-source')).toHaveCount(0);
});

test.describe('at 360 px', () => {
  test.use({viewport: {width: 360, height: 740}});

  test('the diagrams fit the page width', async ({page}) => {
    await open(page, '/docs/v3/schema_2');
    await expect(diagrams(page).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
