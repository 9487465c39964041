// The security headers of the site, in one place. The production server (server/serve.mjs) sends
// them with every response; static hosts (Netlify, Cloudflare Pages) get the same values from
// build/_headers, which the security-headers plugin (src/plugins/security-headers) writes after
// each build by calling writeHeadersFile(). Nothing is duplicated by hand.
//   node server/security-headers.mjs [buildDir]   writes <buildDir>/_headers and prints the policy
//
// The Content-Security-Policy allows only the site's own origin. Docusaurus emits a few inline
// scripts (the colour-mode and announcement-bar bootstrap that must run before the first paint, the
// wrong-base-URL banner on the home page, and the client-redirect stubs); each is allowed by the
// SHA-256 of its exact text, computed from the built HTML, so the policy follows the build and no
// other inline script can run. JSON-LD blocks (type="application/ld+json") are data, never run, and
// CSP does not apply to them.
import {createHash} from 'node:crypto';
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/** Types a browser executes; any other <script type> is a data block that CSP does not govern. */
const EXECUTABLE = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

/**
 * The client-redirect stubs of plugin-client-redirects are left out: the server and static hosts
 * answer their paths with a real 301 (build/redirects.json, build/_redirects), so they are never
 * served; and if one were, its meta refresh still redirects, which CSP does not block. (They are also
 * written by another plugin's postBuild, concurrently with ours: counting them would be a race.)
 */
const isRedirectStub = (html) => /<meta[^>]+http-equiv=["']?refresh/i.test(html);

/** The distinct 'sha256-…' sources of every executable inline script in the HTML of `root`. */
export function inlineScriptHashes(root) {
  const hashes = new Set();
  const files = readdirSync(root, {recursive: true}).filter((file) => String(file).endsWith('.html'));
  for (const file of files) {
    const html = readFileSync(path.join(root, String(file)), 'utf8');
    if (isRedirectStub(html)) continue;
    for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
      if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
      const type = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
      if (!EXECUTABLE.test((type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim())) continue;
      hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

/** The policy, given the hashes of the inline scripts it must allow. */
export function contentSecurityPolicy(scriptHashes) {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    // 'unsafe-inline' for styles only, and unavoidably: React renders style attributes (the navbar,
    // collapsible sidebar heights, the announcement bar colours), and Mermaid writes a <style> into
    // each diagram's SVG at run time with content no hash can predict. Styles cannot run code; the
    // worst an injected style could do is restyle this page, and no input reaches the page anyway.
    "style-src 'self' 'unsafe-inline'",
    // data: images are Infima's inline SVG icons (menu carets, external-link arrow) in the CSS.
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const cache = new Map();

/**
 * Every header, for the site built in `root` (default: ./build). Computed once per folder: the
 * server calls it at start-up, after the build.
 */
export function securityHeaders(root = 'build') {
  const dir = path.resolve(root);
  if (!cache.has(dir)) {
    cache.set(dir, {
      'Content-Security-Policy': contentSecurityPolicy(inlineScriptHashes(dir)),
      'X-Content-Type-Options': 'nosniff',
      // Other sites learn nothing of what a visitor read here, not even the page of an outbound link.
      'Referrer-Policy': 'same-origin',
      // A documentation site needs none of these powerful features; no embedded page may ask either.
      'Permissions-Policy': [
        'accelerometer',
        'browsing-topics',
        'camera',
        'display-capture',
        'geolocation',
        'gyroscope',
        'magnetometer',
        'microphone',
        'midi',
        'payment',
        'usb',
      ]
        .map((feature) => `${feature}=()`)
        .join(', '),
      // frame-ancestors 'none' above is the modern form; this covers browsers without CSP level 2.
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
    });
  }
  return cache.get(dir);
}

/** The headers as a static host's `_headers` file (Netlify and Cloudflare Pages syntax). */
export function headersFile(root = 'build') {
  const lines = Object.entries(securityHeaders(root)).map(([name, value]) => `  ${name}: ${value}`);
  return `# Generated by server/security-headers.mjs after each build; do not edit.\n/*\n${lines.join('\n')}\n`;
}

/** Writes `<root>/_headers`; returns its path. */
export function writeHeadersFile(root = 'build') {
  const file = path.join(path.resolve(root), '_headers');
  writeFileSync(file, headersFile(root));
  return file;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const root = process.argv[2] ?? 'build';
  console.log(`wrote ${writeHeadersFile(root)}`);
  console.log(securityHeaders(root)['Content-Security-Policy']);
}
