// The Content-Security-Policy of server/security-headers.mjs holds on the real site: every page,
// served by the production server with the policy enforced, runs without a single violation, at
// load and on interaction (colour toggle, search, diagrams, client-side navigation). Every route is
// opened and used with the policy watched in tests/crawl.spec.ts; here, the policy itself and the
// journeys that run code on demand. Static hosts get the same headers from build/_headers.
import {readFileSync} from 'node:fs';
import type {Page} from '@playwright/test';
import {test, expect, open, openDropdown} from './fixtures';
import {watchPolicy as watch} from './guards';

/** Opens a page and checks that the policy came with it. */
async function openWithPolicy(page: Page, path: string): Promise<void> {
  const response = page.waitForResponse(
    (r) => r.request().resourceType() === 'document' && r.request().frame() === page.mainFrame(),
  );
  await open(page, path);
  const policy = (await response).headers()['content-security-policy'] ?? '';
  expect(policy, `${path}: the policy is sent`).toContain("default-src 'self'");
}

test('the policy allows only the site itself and no inline script by default', async ({request}) => {
  const response = await request.get('/docs/v3/intro');
  const headers = response.headers();
  const policy = headers['content-security-policy'];
  const directives = Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...v]) => [name, v]),
  );
  expect(directives['default-src']).toEqual(["'self'"]);
  expect(directives['script-src'][0]).toBe("'self'");
  // Beyond 'self', only hashes: no 'unsafe-inline', 'unsafe-eval', host or scheme source.
  expect(directives['script-src'].slice(1).every((source: string) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source))).toBe(
    true,
  );
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(directives['base-uri']).toEqual(["'self'"]);
  expect(policy).not.toMatch(/https?:|\*/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  expect(headers['x-frame-options']).toBe('DENY');

  // Static hosts get exactly the same headers from build/_headers.
  const file = readFileSync('build/_headers', 'utf8');
  for (const name of [
    'Content-Security-Policy',
    'X-Content-Type-Options',
    'Referrer-Policy',
    'Permissions-Policy',
    'X-Frame-Options',
  ]) {
    expect(file, name).toContain(`  ${name}: ${headers[name.toLowerCase()]}\n`);
  }
});

test('search, diagrams, the wrong-base-URL check and navigation break no policy', async ({page}) => {
  const violations = await watch(page);
  await openWithPolicy(page, '/docs/v3/intro');
  await expect(page.locator('.docusaurus-mermaid-container svg').first()).toBeVisible();
  const box = page.getByLabel('Search', {exact: true});
  if (await box.count()) {
    await box.click();
    await box.fill('witness');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.waitForLoadState('networkidle');
  }
  const menu = await openDropdown(page.locator('.navbar .dropdown').first());
  await menu.getByRole('link').last().click();
  await page.waitForLoadState('networkidle');
  await page.goBack();
  await page.goForward();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('a script the policy does not know is blocked and reported (the test can fail)', async ({page, consoleErrors}) => {
  const violations = await watch(page);
  await openWithPolicy(page, '/');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.ranInjected = true';
    document.body.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as {ranInjected?: boolean}).ranInjected)).toBeUndefined();
  consoleErrors.length = 0; // the blocked script is logged on purpose
});
