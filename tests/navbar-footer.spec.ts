import {test, expect, open} from './fixtures';

test.describe('navbar (desktop)', () => {
  test('has its items, all on the right, with their targets', async ({page}) => {
    await open(page, '/');
    const right = page.locator('.navbar__items--right');
    await expect(right.getByRole('link', {name: 'Documentation'})).toHaveAttribute('href', '/docs/v3/intro');
    await expect(right.getByRole('link', {name: 'Community'})).toHaveAttribute('href', '/community');
    const github = right.getByRole('link', {name: /Source code on GitHub/});
    await expect(github).toHaveAttribute('href', 'https://github.com/inblockio');
    await expect(github).toHaveAttribute('target', '_blank');
    await expect(github).toHaveAttribute('rel', /noopener/);
    await expect(right.locator('.dropdown > .navbar__link')).toHaveText('v3');
    await expect(right.getByRole('button', {name: /Switch between dark and light mode/})).toBeVisible();
    // The left side holds only the brand: no item falls back to 3.6.3's default position.
    const left = page.locator('.navbar__items:not(.navbar__items--right)');
    await expect(left.locator('.navbar__item')).toHaveCount(0);
    await expect(left.getByRole('link', {name: /Aqua Protocol/})).toHaveAttribute('href', '/');
  });

  test('"Documentation" is active on every docs page and no other', async ({page}) => {
    for (const path of ['/docs/v3/intro', '/docs/v1/Protocol/guardian', '/docs/next/intro', '/docs/v2/references']) {
      await open(page, path);
      await expect(page.locator('.navbar__items--right').getByRole('link', {name: 'Documentation'})).toHaveClass(
        /navbar__link--active/,
      );
    }
    await open(page, '/community');
    await expect(page.locator('.navbar__items--right').getByRole('link', {name: 'Documentation'})).not.toHaveClass(
      /navbar__link--active/,
    );
  });
});

test.describe('version dropdown', () => {
  const cases: [string, Record<string, string>][] = [
    ['/docs/v3/intro', {Next: '/docs/next/intro', v3: '/docs/v3/intro', v2: '/docs/v2/prologue', v1: '/docs/v1/intro'}],
    [
      '/docs/v3/AccessControl',
      {Next: '/docs/next/intro', v3: '/docs/v3/AccessControl', v2: '/docs/v2/prologue', v1: '/docs/v1/intro'},
    ],
    [
      '/docs/v2/getting-started',
      {Next: '/docs/next/intro', v3: '/docs/v3/intro', v2: '/docs/v2/getting-started', v1: '/docs/v1/intro'},
    ],
    [
      '/docs/next/intro',
      {Next: '/docs/next/intro', v3: '/docs/v3/intro', v2: '/docs/v2/prologue', v1: '/docs/v1/intro'},
    ],
    ['/docs/v1/intro', {Next: '/docs/next/intro', v3: '/docs/v3/intro', v2: '/docs/v2/prologue', v1: '/docs/v1/intro'}],
  ];
  for (const [from, targets] of cases) {
    test(`from ${from} links to the matching doc or the main doc`, async ({page}) => {
      await open(page, from);
      const menu = page.locator('.navbar__items--right .dropdown__menu');
      for (const [label, href] of Object.entries(targets)) {
        await expect(menu.getByRole('link', {name: label, exact: true, includeHidden: true})).toHaveAttribute(
          'href',
          href,
        );
      }
    });
  }
});

test('footer has link columns, a logo, the social link, the source code and the copyright', async ({page}) => {
  await open(page, '/');
  const footer = page.locator('footer');
  await expect(footer.locator('.footer__title')).toHaveText(['Documentation', 'Community', 'More']);
  await expect(footer.getByRole('link', {name: 'X (@inblockio)'})).toHaveAttribute('href', 'https://x.com/inblockio');
  await expect(footer.getByRole('link', {name: 'Source code of these docs'})).toHaveAttribute(
    'href',
    'https://github.com/inblockio/aqua-docs',
  );
  await expect(footer.getByRole('link', {name: /Protocol 1\.3\.2/})).toHaveAttribute('href', '/docs/v3/intro');
  const logo = footer.locator('img.footer__logo');
  await expect(logo).toHaveAttribute('alt', 'Aqua Protocol');
  await expect(logo).toHaveAttribute('width', '48');
  await expect(logo).toHaveAttribute('height', '48');
  await expect(logo).toHaveAttribute('src', '/img/logo.svg');
  await expect(footer.locator('a:has(img.footer__logo)')).toHaveAttribute('href', 'https://inblock.io');
  await expect(footer.locator('.footer__copyright')).toHaveText('Copyright © 2025 inblock.io');
});

test('the footer logo switches to its dark variant', async ({page}) => {
  await open(page, '/');
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await expect(page.locator('footer img.footer__logo')).toHaveAttribute('src', '/img/logo-dark.svg');
});

test('edit links point to the file of the page, in every docs version and on posts', async ({page}) => {
  // The repository is this clone's (DOCS_REPO_URL, the Actions repository or origin): only the path is fixed.
  const cases = [
    ['/docs/v3/intro', /\/edit\/[^/]+\/versioned_docs\/version-1\.3\.2\/intro\.md$/],
    [
      '/docs/v2/Components/verifier',
      /\/edit\/[^/]+\/versioned_docs\/version-1\.2\.0\/Components\/verifier\/index\.md$/,
    ],
    ['/docs/next/protocol/guardian', /\/edit\/[^/]+\/docs\/protocol\/guardian\.md$/],
    ['/blog/welcome', /\/edit\/[^/]+\/blog\/.+\.mdx?$/],
  ] as const;
  for (const [path, href] of cases) {
    await open(page, path);
    await expect(page.getByRole('link', {name: 'Edit this page'})).toHaveAttribute('href', href);
  }
});
