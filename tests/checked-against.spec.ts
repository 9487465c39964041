import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {parse as parseYaml} from 'yaml';
import {test, expect} from './fixtures';
import {BUILT_DOC_ROUTES as DOC_ROUTES} from './routes';

// Every doc page tells readers, at its foot, what its claims were checked against (the
// `checked_against` front matter, added to its Markdown by src/plugins/checked-against). The server-rendered HTML
// must carry it, so it reads without JavaScript too. The HTML is minified: attribute quotes and the closing </p> are optional.

test('every doc page ends with a "Checked against" line that links each source', async ({request}) => {
  for (const route of DOC_ROUTES) {
    const html = await (await request.get(route)).text();
    const line =
      /<p class="?[^">]*checked[^">]*"?>Checked against(.*?)(?=<\/p>|<\/?(?:div|footer|nav|article)\b)/s.exec(html);
    expect(line, `${route} has no "Checked against" line`).not.toBeNull();
    const links = [...line![1].matchAll(/<a href="?([^"\s>]+)/g)].map((m) => m[1]);
    expect(links.length, route).toBeGreaterThan(0);
    for (const href of links)
      expect(href, route).toMatch(
        /^https:\/\/(github\.com\/[\w.-]+\/[\w.-]+\/(tree|blob)\/[0-9a-f]{40}|www\.npmjs\.com\/package\/)/,
      );
  }
});

test('the line names exactly the sources of the front matter, repositories at their commit', async ({page}) => {
  const file = join('versioned_docs', 'version-1.3.2', 'sdk', 'api', 'verification.md');
  const front = parseYaml(/^---\n([\s\S]*?)\n---/.exec(readFileSync(file, 'utf8'))![1]) as {checked_against: string[]};
  await page.goto('/docs/v3/sdk/api/verification');
  const line = page.locator('article p', {hasText: /^Checked against/});
  await expect(line).toBeVisible();
  // The sources' links; the links of the paths inside a source lead to files (/blob/).
  const hrefs = (await line.locator('> a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).filter(
    (href) => !href?.includes('/blob/'),
  );
  expect(hrefs).toHaveLength(front.checked_against.length);
  front.checked_against.forEach((entry, i) => {
    const source = entry.split(/\s+/)[0];
    const repo = /^([\w.-]+\/[\w.-]+)@([0-9a-f]{40})$/.exec(source);
    if (repo) expect(hrefs[i]).toBe(`https://github.com/${repo[1]}/tree/${repo[2]}`);
    else expect(hrefs[i]).toBe(`https://www.npmjs.com/package/${source.replace(/@([^@]+)$/, '/v/$1')}`);
  });
});
