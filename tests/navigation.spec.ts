// Requirement: "Navigation: the next route's content loads before switching. If loading fails the
// page reloads fully. After a route change the page scrolls to the hash anchor, or to the top when
// path or hash changed. Scrolling is smooth, or eased at about 85% per frame when smooth scrolling
// is not set." and "Route changes show a thin progress bar after a 200 ms delay, with no
// spinner". Chunk responses are held or aborted with page.route to make loading observable.
import type {Page} from '@playwright/test';
import {test, expect, open, hydrated, holdRequests, afterFrames} from './fixtures';

const LONG_DOC = '/docs/v3/RestAPI';

/** A link of the docs sidebar, by its target path. */
const sidebarLink = (page: Page, path: string) => page.locator(`nav.menu a.menu__link[href="${path}"]`);

test('the next page loads before the switch; the progress bar appears after 200 ms, without a spinner', async ({
  page,
}) => {
  // The page's clock is Playwright's: it runs as usual until paused, then only as far as told.
  await page.clock.install();
  await open(page, '/docs/v3/intro');
  const title = page.locator('article h1');
  const before = await title.textContent();
  const release = await holdRequests(page, '**/assets/js/*.js');
  await page.clock.pauseAt(Date.now() + 60_000);
  await sidebarLink(page, '/docs/v3/cli-tool').click();

  await page.clock.runFor(199);
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(page.locator('#nprogress .bar')).toBeAttached();
  await expect(page.locator('#nprogress .spinner')).toHaveCount(0);
  await expect(page.locator('html')).toHaveClass(/nprogress-busy/);
  // While the next page's code is held back, the current page stays on screen.
  await expect(title).toHaveText(before!);

  await page.clock.resume();
  release();
  await expect(page).toHaveURL(/\/docs\/v3\/cli-tool$/);
  await expect(title).not.toHaveText(before!);
  await expect(page.locator('#nprogress')).toHaveCount(0);
});

test('a fast route change shows no progress bar at all', async ({page}) => {
  await page.clock.install();
  await open(page, '/docs/v3/intro');
  await page.evaluate(() => {
    const w = window as unknown as {barSeen?: boolean};
    new MutationObserver(() => {
      if (document.getElementById('nprogress')) w.barSeen = true;
    }).observe(document.body, {childList: true});
  });
  // Load the next page's code first, so the route change itself needs no request.
  await sidebarLink(page, '/docs/v3/schema_2').hover();
  await page.waitForLoadState('networkidle');
  await page.clock.pauseAt(Date.now() + 60_000);
  await sidebarLink(page, '/docs/v3/schema_2').click();
  await expect(page).toHaveURL(/\/docs\/v3\/schema_2$/);
  await expect(page.locator('article h1')).toHaveText(/Schema/);
  await page.clock.runFor(1000); // far past the bar's 200 ms delay, in the page's clock
  expect(await page.evaluate(() => (window as unknown as {barSeen?: boolean}).barSeen ?? false)).toBe(false);
});

test("when the next page's code fails to load, the browser loads the target URL in full", async ({page}) => {
  await open(page, '/docs/v3/intro');
  await page.evaluate(() => Object.assign(window, {samePage: true}));
  let failing = true;
  page.on('request', (request) => {
    if (request.isNavigationRequest()) failing = false; // the full reload gets working scripts
  });
  await page.route('**/assets/js/*.js', (route) => (failing ? route.abort() : route.continue()));
  await sidebarLink(page, '/docs/v3/cli-tool').click();

  await expect(page).toHaveURL(/\/docs\/v3\/cli-tool$/);
  await hydrated(page);
  expect(await page.evaluate(() => (window as unknown as {samePage?: boolean}).samePage)).toBeUndefined();
  expect(failing).toBe(false);
  await expect(sidebarLink(page, '/docs/v3/cli-tool')).toHaveAttribute('aria-current', 'page');
});

test('a new path starts at the top of the page', async ({page}) => {
  await open(page, LONG_DOC);
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await page.locator('.pagination-nav__link--next').click();
  await expect(page).not.toHaveURL(new RegExp(`${LONG_DOC}$`));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a new hash scrolls its heading into view', async ({page}) => {
  await open(page, LONG_DOC);
  const tocLink = page.locator('.table-of-contents a').last();
  const id = (await tocLink.getAttribute('href'))!.replace(/^.*#/, '');
  await tocLink.click();
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect
    .poll(() => page.evaluate((target) => document.getElementById(target)!.getBoundingClientRect().top, id))
    .toBeLessThan(120);
  await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
});

test('a change of the query string alone keeps the scroll position', async ({page}) => {
  await open(page, LONG_DOC);
  // Switch off the browser's own scroll restoration, so that only the site decides.
  await page.evaluate(() => {
    history.scrollRestoration = 'manual';
    history.pushState(null, '', '?tab=1');
    history.pushState(null, '', '?tab=2');
  });
  await page.mouse.wheel(0, 1200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
  const scrolled = await page.evaluate(() => window.scrollY);
  // Back to ?tab=1: the router sees "?tab=1" after "" (it did not see the pushes), a query-only change.
  await page.evaluate(() => history.back());
  await expect(page).toHaveURL(/\?tab=1$/);
  await afterFrames(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  // The same Back with the path changing instead does scroll to the top (control).
  await page.evaluate(() => history.pushState(null, '', '/docs/v3/intro'));
  await page.evaluate(() => history.back());
  await expect(page).toHaveURL(new RegExp(`${LONG_DOC}\\?tab=1$`));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

/** Scrolls down, clicks "Scroll back to top" and records scrollY once per animation frame. */
async function backToTopSamples(page: Page): Promise<number[]> {
  // Instant scrolls (a wheel animates, and a downward step would cancel the button's scroll).
  await page.evaluate(() => window.scrollTo(0, 2500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1500);
  // Two frames, so the page has handled that scroll's event: otherwise, on a busy machine, both
  // scrolls can reach it as one, downward, and the button stays hidden (one full-suite run).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.evaluate(() => window.scrollBy(0, -100)); // the button shows while the reader scrolls up
  const button = page.getByRole('button', {name: 'Scroll back to top'});
  await expect(button).toBeVisible();
  await page.evaluate(() => {
    const samples: number[] = [];
    (window as unknown as {samples: number[]}).samples = samples;
    const sample = () => {
      samples.push(window.scrollY);
      if (samples.length < 240 && !(samples.length > 2 && window.scrollY === 0)) requestAnimationFrame(sample);
    };
    document.addEventListener('click', () => requestAnimationFrame(sample), {capture: true, once: true});
  });
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  return page.evaluate(() => (window as unknown as {samples: number[]}).samples);
}

test('the back-to-top button eases to the top at about 85 % per frame', async ({page}) => {
  await open(page, LONG_DOC);
  const samples = await backToTopSamples(page);
  const moving = samples.filter((y, i) => i > 0 && samples[i - 1] > 100 && y > 0 && y < samples[i - 1]);
  const ratios = samples
    .slice(1)
    .map((y, i) => y / samples[i])
    .filter((r, i) => samples[i] > 100 && r > 0 && r < 1);
  expect(moving.length, `frames while scrolling: ${samples.join(', ')}`).toBeGreaterThan(5);
  for (const ratio of ratios) {
    expect(ratio).toBeGreaterThan(0.83);
    expect(ratio).toBeLessThan(0.87);
  }
  expect(samples.at(-1)).toBe(0);
});

test("with smooth scrolling set in CSS, the button uses the browser's smooth scroll instead", async ({page}) => {
  await open(page, LONG_DOC);
  await page.addStyleTag({content: 'html { scroll-behavior: smooth; }'});
  const samples = await backToTopSamples(page);
  // More than one frame, so not a jump; and not the 85 % polyfill curve.
  const steps = samples.filter((y, i) => i > 0 && y < samples[i - 1]);
  expect(steps.length).toBeGreaterThan(2);
  const ratios = samples
    .slice(1)
    .map((y, i) => y / samples[i])
    .filter((r, i) => samples[i] > 100 && r > 0 && r < 1);
  expect(
    ratios.some((r) => Math.abs(r - 0.85) > 0.03),
    `frames: ${samples.join(', ')}`,
  ).toBe(true);
});
