// The blog's post dates read exactly as Intl writes the site's locale's long date, in UTC, and the
// page hydrates without a mismatch (the server and the browser format the same date the same way).
import {test, expect, open} from './fixtures';

for (const path of ['/blog', '/blog/long-blog-post', '/blog/tags/docusaurus']) {
  test(`${path}: dates read as Intl writes them, and hydrate without a mismatch`, async ({page, consoleErrors}) => {
    await open(page, path);
    const times = await page
      .locator('article header time')
      .evaluateAll((all) => all.map((t) => [t.getAttribute('datetime'), t.textContent]));
    expect(times.length).toBeGreaterThan(0);
    for (const [iso, shown] of times) {
      const expected = await page.evaluate(
        (date) =>
          new Intl.DateTimeFormat('en', {day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC'}).format(
            new Date(date!),
          ),
        iso,
      );
      expect(shown).toBe(expected);
    }
    expect(consoleErrors).toEqual([]);
  });
}
