import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {join, relative} from 'node:path';
import {test, expect, hydrated} from './fixtures';
import {REDIRECTS} from '../redirects';

// redirects.ts is the one redirect table: the build turns it into HTML stubs (for any static host),
// build/redirects.json (our server answers 301 from it) and build/_redirects (Netlify, Cloudflare).

const BUILD = 'build';

/** Every HTML file of the build, as paths relative to build/. */
function htmlFiles(dir = BUILD): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : htmlFiles(path);
    return entry.name.endsWith('.html') ? [relative(BUILD, path)] : [];
  });
}

/** The page file a path is served from, with trailingSlash: false. */
const pageFile = (path: string) => [join(BUILD, `${path}.html`), join(BUILD, path, 'index.html')].find(existsSync);

test.describe('each redirect leads to its page', () => {
  for (const {from, to} of REDIRECTS) {
    test(`${from} → ${to}`, async ({page}) => {
      await page.goto(from);
      await expect(page).toHaveURL(to);
      await hydrated(page);
      await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    });
  }

  test('a redirect keeps the query string and hash', async ({page}) => {
    await page.goto('/docs/v3/sdk/signing?ref=old#parameters');
    await expect(page).toHaveURL('/docs/v3/sdk/api/signing?ref=old#parameters');
  });
});

test('the build holds the table for servers and hosts, and a stub page per source', () => {
  const table = REDIRECTS.map(({from, to}) => ({from, to}));
  expect(JSON.parse(readFileSync(join(BUILD, 'redirects.json'), 'utf8'))).toEqual(table);
  expect(readFileSync(join(BUILD, '_redirects'), 'utf8').trim().split('\n')).toEqual(
    table.map(({from, to}) => `${from} ${to} 301`),
  );
  for (const {from, to} of REDIRECTS) {
    const stub = pageFile(from);
    expect(stub, `stub page for ${from}`).toBeDefined();
    expect(readFileSync(stub!, 'utf8')).toContain(`url=${to}"`);
    expect(pageFile(to), `page ${to}`).toBeDefined();
  }
});

test('no internal link on the site targets a redirect source instead of the page', () => {
  const sources = new Set(REDIRECTS.map(({from}) => from));
  const offenders: string[] = [];
  let links = 0;
  for (const file of htmlFiles()) {
    const html = readFileSync(join(BUILD, file), 'utf8');
    // Redirect stubs link to their target by definition; they are not pages.
    if (html.includes('http-equiv="refresh"')) continue;
    for (const [, double, single, bare] of html.matchAll(/\shref=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)) {
      const href = double ?? single ?? bare;
      if (!href.startsWith('/') || href.startsWith('//')) continue;
      links++;
      const path = href.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');
      if (sources.has(path)) offenders.push(`${file}: ${href}`);
    }
  }
  expect(links, 'internal links found').toBeGreaterThan(1000);
  expect(offenders).toEqual([]);
});
