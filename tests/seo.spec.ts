import {existsSync} from 'node:fs';
import {join} from 'node:path';
import type {APIRequestContext} from '@playwright/test';
import {test, expect, open} from './fixtures';
import {BLOG_ROUTES, BUILT_ROUTES, DOCS, SITE_ROUTES} from './routes';
import {LATEST_VERSION, versionLabel} from '../docs-versions';

// Search engines index the latest version only: every other version, next included, is `noIndex`
// (docs-versions.ts), and each page is its own canonical. The sitemap lists only indexable pages;
// llms.txt only v3 docs.

const SITE = 'https://aqua-protocol.org';
type VersionPath = keyof typeof DOCS;
const OLDER: VersionPath[] = ['v2', 'v1', 'next'];

/** The canonical links and robots directives of an HTML document. */
function headSignals(html: string): {canonical: string[]; robots: string[]} {
  const tags = html.match(/<(link|meta)\b[^>]*>/g) ?? [];
  const attribute = (tag: string, name: string) =>
    tag
      .match(new RegExp(`\\s${name}=(?:"([^"]*)"|([^\\s>]+))`))
      ?.slice(1)
      .find(Boolean);
  return {
    canonical: tags.filter((tag) => attribute(tag, 'rel') === 'canonical').map((tag) => attribute(tag, 'href') ?? ''),
    robots: tags.filter((tag) => attribute(tag, 'name') === 'robots').map((tag) => attribute(tag, 'content') ?? ''),
  };
}

async function fetchSignals(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return headSignals(await response.text());
}

test.describe('indexable or noindex, per version', () => {
  test('every latest-version page is its own canonical and indexable', async ({request}) => {
    for (const id of DOCS.v3) {
      expect(await fetchSignals(request, `/docs/v3/${id}`), id).toEqual({
        canonical: [`${SITE}/docs/v3/${id}`],
        robots: [],
      });
    }
  });

  for (const version of OLDER) {
    test(`every ${version} page is noindex`, async ({request}) => {
      for (const id of DOCS[version]) {
        const path = `/docs/${version}/${id}`;
        expect(await fetchSignals(request, path), path).toEqual({
          canonical: [`${SITE}${path}`],
          robots: ['noindex, nofollow'],
        });
      }
    });
  }

  test('the hydrated page and client-side navigation keep the same signals', async ({page}) => {
    const live = () => page.evaluate(() => document.querySelector('meta[name="robots"]')?.getAttribute('content'));
    await open(page, '/docs/v1/intro');
    expect(await live()).toBe('noindex, nofollow');
    await page.getByRole('link', {name: 'Documentation', exact: true}).click();
    await expect(page).toHaveURL('/docs/v3/intro');
    await expect.poll(live).toBeUndefined();
  });
});

test('the sitemap lists exactly the indexable pages', async ({request}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const locations = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) =>
    loc.replace(SITE, ''),
  );
  // Every page of the build but the older versions' docs (noindex) and the search page.
  const latest = `/docs/${versionLabel(LATEST_VERSION)}/`;
  const expected = BUILT_ROUTES.filter((route) => route !== '/search').filter(
    (route) => !route.startsWith('/docs/') || route.startsWith(latest),
  );
  for (const route of [...SITE_ROUTES, ...BLOG_ROUTES, ...DOCS.v3.map((id) => `/docs/v3/${id}`)])
    expect(expected, 'the spec’s indexable routes are built').toContain(route);
  expect(locations.map((loc) => (loc === '' ? '/' : loc)).sort()).toEqual(expected.sort());
});

// Lighthouse's SEO audit fails a page without one (meta-description). Stock Docusaurus gives the blog's
// tag list, author and archive pages none of their own, and those are left as stock gives them.
test('every indexable page has a meta description of its own that says what it holds', async ({request}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map(([, loc]) => loc.replace(SITE, '') || '/')
    .filter((path) => !/^\/blog\/(tags|authors|archive)(\/|$)/.test(path) || /^\/blog\/tags\/./.test(path));
  expect(paths.length).toBeGreaterThan(10);
  const descriptions = new Map<string, string>();
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const tags = (html.match(/<meta\b[^>]*>/g) ?? []).filter((tag) =>
      /\sname=("description"|description[\s>])/.test(tag),
    );
    expect(tags, `${path}: one meta description`).toHaveLength(1);
    const content =
      tags[0]
        .match(/\scontent=(?:"([^"]*)"|([^\s>]+))/)
        ?.slice(1)
        .find(Boolean) ?? '';
    expect(content.split(' ').length, `${path}: "${content}" is a sentence`).toBeGreaterThanOrEqual(6);
    descriptions.set(path, content);
  }
  const pages = (content: string) => [...descriptions].filter(([, c]) => c === content).map(([p]) => p);
  const shared = [...new Set(descriptions.values())].filter((content) => pages(content).length > 1);
  expect(
    shared.map((content) => `${pages(content).join(', ')}: "${content}"`),
    'pages sharing a description',
  ).toEqual([]);
});

// Each "Read more" link of the blog index names its post to assistive technology (stock: aria-label).
test('the blog index links to each full post by a name that names the post', async ({page}) => {
  await open(page, '/blog');
  const posts = page.locator('article');
  expect(await posts.count()).toBeGreaterThan(1);
  for (const post of await posts.all()) {
    const title = (await post.locator('h2').textContent())!.trim();
    await expect(post.getByRole('link', {name: `Read more about ${title}`})).toHaveCount(1);
  }
});

test('robots.txt allows crawling and points to the sitemap', async ({request}) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const lines = (await response.text()).split('\n').map((line) => line.trim());
  expect(lines).toContain('User-agent: *');
  expect(lines).not.toContain('Disallow: /');
  expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
});

test("llms.txt lists the latest version's docs, and only them, each as Markdown", async ({request}) => {
  const response = await request.get('/llms.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toMatch(/^# Aqua Protocol\n/);
  const links = [...text.matchAll(/\]\((\/[^)\s]+)\)/g)].map(([, href]) => href);
  expect(links.sort()).toEqual(DOCS.v3.map((id) => `/docs/v3/${id}.md`).sort());
  for (const link of links) expect(existsSync(join('build', link)), link).toBe(true);
  const markdown = await request.get('/docs/v3/intro.md');
  expect(markdown.status()).toBe(200);
  expect(await markdown.text()).toMatch(/^# Aqua Protocol v3/m);
});
