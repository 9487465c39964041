import {existsSync} from 'node:fs';
import {join} from 'node:path';
import type {APIRequestContext, Page} from '@playwright/test';
import {test, expect, open} from './fixtures';
import {BLOG_ROUTES, DOCS, SITE_ROUTES} from './routes';

// Search engines index the latest version only (src/plugins/version-seo). A page of v1, v2 or next
// names the v3 page with the same doc as canonical when there is one, else it says noindex: one
// signal per page, never both. The sitemap lists only indexable pages; llms.txt only v3 docs.

const SITE = 'https://aqua-protocol.org';
type VersionPath = keyof typeof DOCS;
const OLDER: VersionPath[] = ['v2', 'v1', 'next'];

/** The v3 doc that is the same page as `id`, matching ids without regard to case. */
const latestEquivalent = (id: string) => DOCS.v3.find((candidate) => candidate.toLowerCase() === id.toLowerCase());

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

/** The same signals, read from the live document after hydration. */
async function liveSignals(page: Page) {
  return page.evaluate(() => ({
    canonical: Array.from(document.querySelectorAll('link[rel="canonical"]')).map(
      (link) => link.getAttribute('href') ?? '',
    ),
    robots: Array.from(document.querySelectorAll('meta[name="robots"]')).map(
      (meta) => meta.getAttribute('content') ?? '',
    ),
  }));
}

test.describe('canonical or noindex, per page', () => {
  test('every latest-version page is its own canonical and indexable', async ({request}) => {
    for (const id of DOCS.v3) {
      expect(await fetchSignals(request, `/docs/v3/${id}`), id).toEqual({
        canonical: [`${SITE}/docs/v3/${id}`],
        robots: [],
      });
    }
  });

  for (const version of OLDER) {
    test(`every ${version} page points to its v3 equivalent, or else is noindex`, async ({request}) => {
      let canonicalised = 0;
      for (const id of DOCS[version]) {
        const path = `/docs/${version}/${id}`;
        const signals = await fetchSignals(request, path);
        const equivalent = latestEquivalent(id);
        if (equivalent) {
          canonicalised++;
          expect(signals, path).toEqual({canonical: [`${SITE}/docs/v3/${equivalent}`], robots: []});
        } else {
          // noindex alone: the only canonical left is the page's own address, never another page.
          expect(signals, path).toEqual({canonical: [`${SITE}${path}`], robots: ['noindex']});
        }
      }
      if (version !== 'v2') expect(canonicalised, 'pages with a v3 equivalent').toBeGreaterThan(0);
    });
  }

  test('the hydrated page and client-side navigation keep the same signals', async ({page}) => {
    await open(page, '/docs/v1/intro');
    expect(await liveSignals(page)).toEqual({canonical: [`${SITE}/docs/v3/intro`], robots: []});
    await page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Guardian'}).click();
    await expect(page).toHaveURL('/docs/v1/Protocol/guardian');
    await expect
      .poll(() => liveSignals(page))
      .toEqual({canonical: [`${SITE}/docs/v1/Protocol/guardian`], robots: ['noindex']});
    await page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Introduction'}).click();
    await expect.poll(() => liveSignals(page)).toEqual({canonical: [`${SITE}/docs/v3/intro`], robots: []});
  });
});

test('the sitemap lists exactly the indexable pages', async ({request}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const locations = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) =>
    loc.replace(SITE, ''),
  );
  const expected = [...SITE_ROUTES, ...BLOG_ROUTES, ...DOCS.v3.map((id) => `/docs/v3/${id}`)];
  expect(locations.map((loc) => (loc === '' ? '/' : loc)).sort()).toEqual(expected.sort());
});

// Lighthouse's SEO audit fails a page without one (meta-description); stock Docusaurus leaves it
// out on the blog's tag list and author pages, and gives the archive the word "Archive".
test('every indexable page has a meta description of its own that says what it holds', async ({request}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc.replace(SITE, '') || '/');
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

// Lighthouse's SEO audit fails link texts that do not describe their target (link-text): stock shows
// the same "Read more" under every post of a list (src/theme/BlogPostItem/Footer/ReadMoreLink).
test('the blog index links to each full post by a visible text that names the post', async ({page}) => {
  await open(page, '/blog');
  const posts = page.locator('article');
  expect(await posts.count()).toBeGreaterThan(1);
  for (const post of await posts.all()) {
    const title = (await post.locator('h2').textContent())!.trim();
    const more = post.locator('footer a', {hasText: /^Read more/});
    await expect(more).toHaveCount(1);
    await expect(more).toHaveText(`Read more about ${title}`);
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
