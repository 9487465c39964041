// The Content-Security-Policy of server/security-headers.mjs holds on the real site: every page,
// served by the production server with the policy enforced, runs without a single violation, at
// load and on interaction (colour toggle, search, diagrams, client-side navigation). Static hosts
// get the same headers from build/_headers.
import {readFileSync} from 'node:fs';
import type {Page} from '@playwright/test';
import {test, expect, open} from './fixtures';
import {ALL_ROUTES} from './routes';

/** Records securitypolicyviolation events and CSP console messages of a page. */
async function watch(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as {reportCspViolation: (line: string) => void}).reportCspViolation(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} (${event.sample})`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

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

test.describe('no page breaks the policy', () => {
  const routes = [...ALL_ROUTES, '/no-such-page'];
  const size = 8;
  for (let start = 0; start < routes.length; start += size) {
    const batch = routes.slice(start, start + size);
    test(`${batch[0]} … ${batch.at(-1)}`, async ({page}) => {
      test.setTimeout(150_000);
      const violations = await watch(page);
      for (const path of batch) {
        await openWithPolicy(page, path);
        // Dark mode (diagrams re-render), the end of the page (lazy content), back to the top (the
        // navbar hides on scrolling down) and to light mode.
        const toggle = page.getByRole('button', {name: /Switch between dark and light mode/});
        await toggle.click();
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => window.scrollTo(0, 0));
        await toggle.click();
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
        await page.waitForLoadState('networkidle');
        expect(violations, path).toEqual([]);
      }
    });
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
  await page.locator('.navbar .dropdown').first().hover();
  await page.locator('.navbar .dropdown__menu').getByRole('link').last().click();
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
