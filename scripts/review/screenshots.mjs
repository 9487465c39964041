#!/usr/bin/env node
// `npm run review:screenshots`: pictures of each page type at 360, 768 and 1280 px, in light and
// dark mode, in Chromium (Playwright), Firefox ESR and WebKitGTK (tests/engines/drivers.mjs), for a
// person to compare. Serves build/ (run `npm run build` first) and writes
// screenshots/<page>-<width>-<mode>-<engine>.png with screenshots/index.html, a sheet that puts the
// three engines side by side. The top of each page is taken as a reader first sees it, plus one
// picture per engine with the search results open. WebKitGTK's window does not get narrower than
// about 450 px; the sheet gives the width each engine really had.
// Options: --only <engine> (chromium, firefox or webkit), --out <dir>.
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {startServer} from '../lib/start-server.mjs';
import {launch} from '../../tests/engines/drivers.mjs';

if (!process.env.DISPLAY && !process.env.SCREENSHOTS_UNDER_XVFB) {
  const {status} = spawnSync('xvfb-run', ['-a', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: {...process.env, SCREENSHOTS_UNDER_XVFB: '1'},
  });
  process.exit(status ?? 1);
}

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const OUT = option('out', 'screenshots');
const ONLY = option('only', null);
const PORT = 3390;
const baseURL = `http://localhost:${PORT}`;

const PAGES = {
  home: '/',
  doc: '/docs/v3/sdk/getting-started',
  'long-doc': '/docs/v1/Protocol/whitepaper',
  schema: '/docs/v3/schema_2',
  'blog-index': '/blog',
  'blog-post': '/blog/long-blog-post',
  tag: '/blog/tags/hello',
  community: '/community',
  'not-found': '/no-such-page',
};
const WIDTHS = [360, 768, 1280];
const MODES = ['light', 'dark'];
const HEIGHT = 900;

/** Chromium through Playwright, with the few methods the shots need, shaped like drivers.mjs. */
async function launchChromium() {
  const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox']});
  const page = await browser.newPage({viewport: {width: 1280, height: HEIGHT}});
  return {
    name: 'chromium',
    goto: (p) => page.goto(new URL(p, baseURL).href),
    hydrated: () => page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'}),
    evaluate: (fn, ...args) => page.evaluate(fn, ...args),
    setViewport: (width, height) => page.setViewportSize({width, height}),
    type: async (selector, text) => {
      await page.locator(selector).first().click();
      await page.keyboard.type(text);
    },
    screenshot: (file) => page.screenshot({path: file}),
    close: () => browser.close(),
  };
}

async function shoot(engine, shots) {
  for (const width of WIDTHS) {
    await engine.setViewport(width, HEIGHT);
    for (const mode of MODES) {
      for (const [name, route] of Object.entries(PAGES)) {
        await engine.goto(route);
        await engine.evaluate((m) => localStorage.setItem('theme', m), mode);
        await engine.goto(route);
        await engine.hydrated();
        // Fonts and images settle; no transitions caught halfway.
        await engine.evaluate(() => document.fonts.ready.then(() => new Promise((r) => setTimeout(r, 300))));
        const file = `${name}-${width}-${mode}-${engine.name}.png`;
        await engine.screenshot(path.join(OUT, file));
        const actual = await engine.evaluate(() => window.innerWidth);
        shots.push({name, width, mode, engine: engine.name, file, actual});
      }
      // The search results, at this width and mode.
      await engine.goto('/docs/v3/intro');
      await engine.hydrated();
      const box = '.navbar input[aria-label="Search"]';
      const visible = await engine.evaluate((s) => Boolean(document.querySelector(s)?.checkVisibility()), box);
      if (visible) {
        await engine.type(box, 'witness');
        await engine.evaluate(() => new Promise((r) => setTimeout(r, 1500)));
        const file = `search-${width}-${mode}-${engine.name}.png`;
        await engine.screenshot(path.join(OUT, file));
        shots.push({name: 'search', width, mode, engine: engine.name, file, actual: width});
      }
    }
  }
}

if (!existsSync('build/index.html')) throw new Error('No build in build/: run `npm run build` first.');
mkdirSync(OUT, {recursive: true});
const stop = await startServer(
  process.execPath,
  ['server/serve.mjs', '--dir', 'build', '--port', String(PORT)],
  `${baseURL}/img/logo.svg`,
);
const shots = [];
try {
  const engines = [
    ['chromium', () => launchChromium()],
    ['firefox', () => launch('firefox', baseURL)],
    ['webkit', () => launch('webkit', baseURL, {port: PORT + 5})],
  ].filter(([name]) => !ONLY || name === ONLY);
  await Promise.all(
    engines.map(async ([name, start]) => {
      const engine = await start();
      try {
        await shoot(engine, shots);
        console.log(`${name}: done`);
      } finally {
        await engine.close();
      }
    }),
  );
} finally {
  stop();
}

// The sheet: one row per page, width and mode; one column per engine.
const rows = new Map();
for (const shot of shots) {
  const key = `${shot.name} · ${shot.width} px · ${shot.mode}`;
  rows.set(key, {...rows.get(key), [shot.engine]: shot});
}
const cell = (shot) =>
  shot
    ? `<td><a href="${shot.file}"><img src="${shot.file}" alt="" width="300"></a><br>${shot.engine}, ${shot.actual} px</td>`
    : '<td></td>';
const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Screenshots</title>
<style>body{font:14px sans-serif} td{vertical-align:top;padding:4px} img{border:1px solid #999}</style>
<table><tr><th>Page</th><th>Chromium</th><th>Firefox</th><th>WebKit</th></tr>
${[...rows]
  .map(([key, by]) => `<tr><th>${key}</th>${cell(by.chromium)}${cell(by.firefox)}${cell(by.webkit)}</tr>`)
  .join('\n')}
</table></html>`;
writeFileSync(path.join(OUT, 'index.html'), html);
console.log(`${shots.length} screenshots and ${OUT}/index.html`);
