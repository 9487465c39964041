// Guards shared by the specs that watch what a page loads and runs: requests that leave the site
// and Content-Security-Policy violations.
import type {BrowserContext, Page} from '@playwright/test';

/** Aborts and records every request whose origin is not the site's. */
export async function guardOrigin(context: BrowserContext, baseURL: string): Promise<string[]> {
  const origin = new URL(baseURL).origin;
  const outside: string[] = [];
  await context.route(
    (url) => url.origin !== origin && !['data:', 'blob:', 'about:'].includes(url.protocol),
    (route) => {
      outside.push(
        `${route.request().resourceType()} ${route.request().url()} (from ${route.request().frame().url()})`,
      );
      return route.abort('blockedbyclient');
    },
  );
  return outside;
}

/** Records securitypolicyviolation events and CSP console messages of a page. */
export async function watchPolicy(page: Page): Promise<string[]> {
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
