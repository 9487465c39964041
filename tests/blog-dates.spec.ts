// The blog's post dates (src/theme/BlogPostItem/Header/Info) are written without Intl during the
// page load, which saves the first Intl.DateTimeFormat (28-87 ms on a phone). They must still read
// exactly as Intl writes them, and the page must hydrate without a mismatch.
import {test, expect, open} from './fixtures';

for (const path of ['/blog', '/blog/long-blog-post', '/blog/tags/docusaurus']) {
  test(`${path}: dates read as Intl writes them, and none is formatted by Intl while loading`, async ({
    page,
    consoleErrors,
  }) => {
    await page.addInitScript(() => {
      const Real = Intl.DateTimeFormat;
      const w = window as unknown as {dateFormats: number};
      w.dateFormats = 0;
      Intl.DateTimeFormat = new Proxy(Real, {
        construct(target, args) {
          w.dateFormats++;
          return Reflect.construct(target, args);
        },
      });
    });
    await open(page, path);
    const times = await page
      .locator('article header time')
      .evaluateAll((all) => all.map((t) => [t.getAttribute('datetime'), t.textContent]));
    expect(times.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as {dateFormats: number}).dateFormats)).toBe(0);
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
