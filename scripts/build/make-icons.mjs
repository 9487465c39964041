#!/usr/bin/env node
// Generates the raster icons and the social card from the SVG artwork in static/img.
//
//   node scripts/build/make-icons.mjs
//
// Needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium) and @playwright/test from node_modules.
// Writes: static/favicon.ico (16, 32 and 48 px PNGs inside), static/img/apple-touch-icon.png (180 px),
// static/img/icon-192.png, static/img/icon-512.png and static/img/social-card.png (1200x630).
// The outputs are committed; run the script again after changing logo.svg.
import {readFileSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {chromium} from '@playwright/test';

const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const IMG = join(ROOT, 'static', 'img');
const logo = readFileSync(join(IMG, 'logo.svg'), 'utf8')
  .replace(/<title>.*?<\/title>/s, '')
  .replace(/ width="\d+" height="\d+"/, ' width="100%" height="100%"');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-background-networking'],
});

/** Renders an HTML body at the given size and returns PNG bytes. */
async function render(width, height, body, {transparent = true} = {}) {
  const page = await browser.newPage({viewport: {width, height}, deviceScaleFactor: 1});
  await page.setContent(
    `<!doctype html><html><head><style>html,body{margin:0;width:${width}px;height:${height}px;overflow:hidden;` +
      `background:${transparent ? 'transparent' : '#ffffff'}}</style></head><body>${body}</body></html>`,
  );
  const png = await page.screenshot({omitBackground: transparent, type: 'png'});
  await page.close();
  return png;
}

/** The logo centred in a square, with `pad` pixels of margin on each side. */
const icon = (size, pad, background) =>
  render(
    size,
    size,
    `<div style="box-sizing:border-box;width:${size}px;height:${size}px;padding:${pad}px;` +
      `background:${background ?? 'transparent'}">${logo}</div>`,
    {transparent: !background},
  );

/** An ICO file that wraps PNG images (supported by every current browser). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({size, png}, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // width
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // palette size
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

const favicons = [];
for (const size of [16, 32, 48]) favicons.push({size, png: await icon(size, 0)});
writeFileSync(join(ROOT, 'static', 'favicon.ico'), ico(favicons));
writeFileSync(join(IMG, 'apple-touch-icon.png'), await icon(180, 18, '#ffffff'));
writeFileSync(join(IMG, 'icon-192.png'), await icon(192, 12));
writeFileSync(join(IMG, 'icon-512.png'), await icon(512, 32));

// The social card: brand gradient, logo, name, tagline and a small revision chain.
const card = `
<div style="box-sizing:border-box;width:1200px;height:630px;padding:80px 90px;display:flex;flex-direction:column;
  justify-content:space-between;background:linear-gradient(135deg,#0b3d5c 0%,#0a5f8c 100%);color:#fff;
  font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans','Liberation Sans',sans-serif">
  <div style="display:flex;align-items:center;gap:36px">
    <div style="width:150px;height:150px;background:#fff;border-radius:36px;padding:14px;box-sizing:border-box">${logo}</div>
    <div>
      <div style="font-size:88px;font-weight:800;letter-spacing:-1px;line-height:1">Aqua Protocol</div>
      <div style="font-size:40px;color:#bfe9f8;margin-top:18px;font-weight:600">Account and verify data in seconds</div>
    </div>
  </div>
  <div style="font-size:34px;line-height:1.35;color:#f0f6fa;max-width:980px">An open protocol for the accounting of data:
    hash-chained revisions, signatures, witnessing and verification.</div>
  <div style="display:flex;align-items:center;gap:18px;font-size:28px;font-family:ui-monospace,'DejaVu Sans Mono',monospace">
    ${['file', 'signature', 'witness']
      .map(
        (t) =>
          `<span style="border:2px solid rgba(255,255,255,.8);border-radius:14px;padding:14px 26px;background:rgba(255,255,255,.1)">${t}</span>`,
      )
      .join('<span style="color:#7fe0d4;font-size:34px">&#8592;</span>')}
    <span style="margin-left:auto;font-family:inherit;color:#e8f7fd">aqua-protocol.org</span>
  </div>
</div>`;
writeFileSync(join(IMG, 'social-card.png'), await render(1200, 630, card, {transparent: false}));

await browser.close();
console.log('wrote favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png, social-card.png');
