// Build-time syntax highlighting (src/plugins/code-highlight, src/theme/CodeBlock): code blocks are
// coloured exactly as prism-react-renderer colours them, in both colour modes, from the server
// HTML on, and no Prism reaches the browser. Titles and the copy button keep working.
import {pathToFileURL} from 'node:url';
import {Prism, normalizeTokens, themes, type PrismTheme} from 'prism-react-renderer';
import {test, expect, open} from './fixtures';
import {encodeTokens, loadLanguages} from '../src/plugins/code-highlight';
import {decodeRuns, keptLineIndexes} from '../src/plugins/code-highlight/runs';

interface PrismConfig {
  theme: PrismTheme;
  darkTheme: PrismTheme;
  additionalLanguages: string[];
}
let prism: PrismConfig;

// `themeConfig.prism` as the build saw it (the generated site config of the tested build).
test.beforeAll(async () => {
  const generated = `${process.cwd()}/.docusaurus/docusaurus.config.mjs`;
  prism = (await import(generated)).default.themeConfig.prism;
});
const PAGE = '/docs/v3/sdk/getting-started';

/** prism-react-renderer's style for a token: theme entries merged per type, types merged in order. */
function expectedStyle(theme: PrismTheme, types: string[]): {color: string; fontStyle: string} {
  const dict: Record<string, Record<string, string>> = {};
  for (const entry of theme.styles) {
    if (entry.languages) continue;
    for (const type of entry.types) dict[type] = {...dict[type], ...(entry.style as Record<string, string>)};
  }
  const merged = Object.assign(
    {color: theme.plain.color!, fontStyle: 'normal'},
    ...types.map((type) => dict[type] ?? {}),
  );
  return {color: merged.color, fontStyle: merged.fontStyle};
}

/** Normalises any CSS colour to rgb()/rgba() the way the browser reports computed colours. */
const toRgb = (color: string) => {
  const hex = /^#([0-9a-f]{3,8})$/i.exec(color)?.[1];
  if (!hex) return color.replace(/\s+/g, ' ').replace(/, /g, ', ');
  const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

test.describe('token runs (no browser)', () => {
  const SAMPLES: Record<string, string> = {
    ts: "import {Aquafier, type FileObject} from 'aqua-js-sdk';\nconst tree = await aquafier.createGenesisRevision(file);\n// comment\nif (tree.isOk()) console.log(`hash ${tree.data}`);",
    json: '{\n  "previous_verification_hash": "",\n  "local_timestamp": 20250101,\n  "ok": true\n}',
    bash: 'npm install aqua-js-sdk && export KEY="x"\nfor f in *.json; do echo "$f"; done',
    php: '<?php\n$hash = hash("sha3-512", $content);\necho "<b>$hash</b>";\n?>',
    js: "const {createHash} = require('node:crypto');\nconsole.log(createHash('sha256').update('').digest('hex'));",
  };

  for (const [language, code] of Object.entries(SAMPLES)) {
    test(`${language}: the runs decode to prism-react-renderer's tokens`, () => {
      loadLanguages(prism.additionalLanguages);
      const lines = code.split('\n');
      const runs = decodeRuns(encodeTokens(code, language), lines);
      expect(runs, 'runs fit the text').toBeDefined();
      const reference = normalizeTokens(Prism.tokenize(code, Prism.languages[language])).map((line) =>
        line
          .filter((token) => !token.empty && token.content !== '')
          .map((token) => ({text: token.content, types: token.types.join('.')})),
      );
      // Adjacent tokens of one type are one run; compare text per type path, in order.
      const merge = (tokens: {text: string; types: string}[]) =>
        tokens.reduce<{text: string; types: string}[]>((out, token) => {
          const last = out[out.length - 1];
          if (last && last.types === token.types) last.text += token.text;
          else out.push({...token});
          return out;
        }, []);
      expect(
        runs!.map((line) => merge(line.map((run) => ({text: run.text, types: run.types.join('.') || 'plain'})))),
      ).toEqual(reference.map(merge));
      expect(
        runs!.flat().some((run) => run.types.length > 0),
        'something is highlighted',
      ).toBe(true);
    });
  }

  test('runs that do not fit the text are refused, so the block falls back to plain text', () => {
    const encoded = encodeTokens('const a = 1;', 'js')!;
    expect(decodeRuns(encoded, ['const a = 1;'])).toBeDefined();
    expect(decodeRuns(encoded, ['const a = 12;'])).toBeUndefined();
    expect(decodeRuns(encoded, ['const a = 1;', ''])).toBeUndefined();
    expect(encodeTokens('x', 'no-such-language')).toBeUndefined();
  });

  test('after magic-comment lines are removed, each kept line keeps its own runs', async () => {
    // Stock parseLines (theme-common exports it only through its React-laden internal entry).
    const utils = require.resolve('@docusaurus/theme-common').replace(/index\.js$/, 'utils/codeBlockUtils.js');
    const {parseLines} = await import(pathToFileURL(utils).href);
    const original =
      'const a = 1;\n// highlight-next-line\nconst b = 2;\n// highlight-start\nconst c = 3;\n// highlight-end\nconst d = 4;';
    const magicComments = [
      {
        className: 'theme-code-block-highlighted-line',
        line: 'highlight-next-line',
        block: {start: 'highlight-start', end: 'highlight-end'},
      },
    ];
    const {code, lineClassNames} = parseLines(original, {metastring: undefined, language: 'js', magicComments});
    const kept = code.split('\n');
    expect(kept).toEqual(['const a = 1;', 'const b = 2;', 'const c = 3;', 'const d = 4;']);
    expect(Object.keys(lineClassNames).map(Number)).toEqual([1, 2]);
    const indexes = keptLineIndexes(original.split('\n'), kept)!;
    expect(indexes).toEqual([0, 2, 4, 6]);
    const runs = decodeRuns(encodeTokens(original, 'js'), original.split('\n'))!;
    expect(indexes.map((i) => runs[i].map((run) => run.text).join(''))).toEqual(kept);
  });
});

test.describe('in the browser', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`every token looks as stock's inline-styled token would in ${mode} mode`, async ({page}) => {
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
      await open(page, PAGE);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      const theme = mode === 'dark' ? prism.darkTheme : prism.theme;
      // Stock renders a flat span per token, classes `token <types…>` and the merged theme style
      // inline; a probe built that way next to each token shows what stock would show, site CSS
      // (contrast overrides in custom.css) included.
      const styles = await page.locator('.theme-code-block .token').evaluateAll((spans) =>
        spans.map((span) => {
          const types: string[] = [];
          for (let node: Element | null = span; node && node.classList.contains('token'); node = node.parentElement) {
            types.unshift(Array.from(node.classList).find((name) => name !== 'token')!);
          }
          const style = getComputedStyle(span);
          return {types, color: style.color, fontStyle: style.fontStyle};
        }),
      );
      expect(styles.length).toBeGreaterThan(50);
      const probes = styles.map((token) => ({types: token.types, style: expectedStyle(theme, token.types)}));
      const stock = await page
        .locator('.theme-code-block pre')
        .first()
        .evaluate((pre, list) => {
          return list.map(({types, style}) => {
            const probe = document.createElement('span');
            probe.className = ['token', ...types].join(' ');
            probe.style.color = style.color;
            probe.style.fontStyle = style.fontStyle;
            pre.append(probe);
            const computed = getComputedStyle(probe);
            const result = {types, color: computed.color, fontStyle: computed.fontStyle};
            probe.remove();
            return result;
          });
        }, probes);
      expect(styles).toEqual(stock);
      const background = await page
        .locator('.theme-code-block pre')
        .first()
        .evaluate((pre) => getComputedStyle(pre).backgroundColor);
      expect(background).toBe(toRgb(theme.plain.backgroundColor!));
    });
  }

  test('the server HTML is already highlighted and titled (JavaScript off)', async ({browser}) => {
    const context = await browser.newContext({javaScriptEnabled: false});
    const page = await context.newPage();
    await page.goto(PAGE);
    const block = page.locator('.theme-code-block').filter({hasText: 'imports.ts'});
    await expect(block.locator('.token.keyword').first()).toHaveText('import');
    await expect(block.locator('.token-line')).not.toHaveCount(0);
    await context.close();
  });

  test('no Prism is downloaded or defined in the browser', async ({page}) => {
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.text());
    });
    await open(page, PAGE);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => 'Prism' in window)).toBe(false);
    const scripts = await Promise.all(bodies);
    expect(scripts.length).toBeGreaterThan(2);
    for (const script of scripts) expect(script).not.toMatch(/\bPrism\b/);
  });

  test('the copy button copies the block text', async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, PAGE);
    const block = page.locator('.theme-code-block').filter({hasText: 'imports.ts'});
    // On screen first: off screen the lines are not drawn, and innerText is what is drawn. They
    // are drawn at the next frame after the scroll, which a busy machine can delay past the read.
    await block.hover();
    await expect.poll(() => block.locator('pre').innerText()).not.toBe('');
    const text = (await block.locator('pre').innerText()).replace(/\n$/, '');
    await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
    await expect(block.getByRole('button', {name: 'Copied'})).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  });
});

// The light and dark themes stay those of the configuration.
test('the configuration keeps prism-react-renderer themes and one language list', () => {
  expect(prism.theme).toEqual(themes.github);
  expect(prism.darkTheme).toEqual(themes.dracula);
  expect(prism.additionalLanguages.length).toBeGreaterThan(0);
});
