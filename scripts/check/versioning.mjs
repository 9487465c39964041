#!/usr/bin/env node
// Proves that cutting a release is one command: in a throw-away copy of the repository it runs
// `npm run docusaurus docs:version <next minor>` (1.3.2 → 1.4.0), builds that copy strictly, and
// reads the built HTML to check that the new version is published and has become the latest:
// - every page of the next docs also exists under the new version's path (/docs/v4/...);
// - the version dropdown lists the new label, linking to its main doc, and still lists the others;
// - the navbar "Documentation" link, the footer's latest-protocol link, the announcement and the
//   /docs and /docs/v4 redirect pages point at the new version;
// - the previous latest version is still published (/docs/v3/intro) but no longer the default.
// The real working tree is never written to: the check compares the git status of the paths a
// version cut writes (and the version list itself) before and after.
//
// With --validate-html it also validates the HTML of every page of that build (scripts/check/html.mjs):
// the copy is built without HTML minification for that, and holds every page of the site plus the cut
// version's, so the fast lane needs no other build to validate them.
//
// The copy is made in the same folder of the system's temporary directory each time (one per working
// tree; its build output is removed after the check unless KEEP_VERSIONING_COPY=1): at the same
// path, its own Rspack cache stays warm from one run to the next.
//
// Usage: node scripts/check/versioning.mjs [--validate-html]
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {existsSync, readFileSync, readdirSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {scratchCopy} from '../lib/scratch-copy.mjs';

const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
/** What `docs:version` and the build write (or would write, were they run in the real tree). */
const CUT_PATHS = ['versions.json', 'versioned_docs', 'versioned_sidebars', 'docs', 'sidebars.ts'];

const failures = [];
const check = (ok, message) => {
  console.log(`${ok ? '  ok ' : '  FAIL'} ${message}`);
  if (!ok) failures.push(message);
};

function sh(command, args, options = {}) {
  const result = spawnSync(command, args, {encoding: 'utf8', ...options});
  if (result.status !== 0 && !options.allowFailure) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout ?? ''}${result.stderr ?? ''}`,
    );
  }
  return result;
}

/**
 * A fingerprint of the real tree where a version cut could leave traces: git's view of those paths
 * (safe.directory given, as CI checkouts in containers belong to another user) and, with or
 * without git, every file's path, size and content hash.
 */
function realTreeState() {
  const git = sh(
    'git',
    ['-c', `safe.directory=${ROOT}`, 'status', '--porcelain', '--untracked-files=all', '--', ...CUT_PATHS],
    {
      cwd: ROOT,
      allowFailure: true,
    },
  );
  const files = CUT_PATHS.flatMap((path) => {
    const full = join(ROOT, path);
    if (!existsSync(full)) return [];
    if (!statSync(full).isDirectory()) return [path];
    return readdirSync(full, {recursive: true})
      .map((name) => join(path, String(name)))
      .filter((name) => statSync(join(ROOT, name)).isFile());
  });
  const hash = createHash('sha256');
  for (const file of files.sort()) hash.update(`${file}\0`).update(readFileSync(join(ROOT, file)));
  return JSON.stringify({
    git: git.status === 0 ? git.stdout : '(not a git checkout)',
    files: files.length,
    content: hash.digest('hex'),
  });
}

/** The label (and URL segment) a visitor should see: 1.4.0 → v4 for protocol 1.x, 2.0.0 → v2.0 later. */
function expectedLabel(version) {
  const [major, minor] = version.split('.');
  return major === '1' ? `v${minor}` : `v${major}.${minor}`;
}

/** The next minor release after the newest one: 1.3.2 → 1.4.0. */
function nextRelease(versions) {
  const [major, minor] = versions[0].split('.').map(Number);
  const name = `${major}.${minor + 1}.0`;
  if (versions.includes(name)) throw new Error(`versions.json already lists ${name}`);
  return {name, label: expectedLabel(name)};
}

/** Every `<a>` of a built page, with its attributes and text. The minified HTML may omit quotes. */
function anchors(html) {
  const result = [];
  for (const match of html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)) {
    const attributes = {};
    for (const [, key, , , double, single, bare] of match[1].matchAll(
      /([\w:-]+)(\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
    )) {
      attributes[key.toLowerCase()] = double ?? single ?? bare ?? '';
    }
    const text = match[2].replace(/<[^>]+>/g, '').trim();
    result.push({...attributes, classes: (attributes.class ?? '').split(/\s+/), text});
  }
  return result;
}

/** The version dropdown of a page: its current label and its entries, in order. */
function versionDropdown(html) {
  const start = html.search(/class="?[^">]*\bdropdown--hoverable\b/);
  if (start < 0) return null;
  const end = html.indexOf('</ul>', start);
  const links = anchors(html.slice(start, end + 5));
  const toggle = links.find((a) => a.classes.includes('navbar__link'));
  const entries = links.filter((a) => a.classes.includes('dropdown__link')).map((a) => ({label: a.text, href: a.href}));
  return {label: toggle?.text, entries};
}

const htmlFiles = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, {recursive: true})
        .filter((name) => name.endsWith('.html') && statSync(join(dir, name)).isFile())
        .map(String)
        .sort()
    : [];

const before = realTreeState();
const versions = JSON.parse(readFileSync(join(ROOT, 'versions.json'), 'utf8'));
const previous = {name: versions[0], label: expectedLabel(versions[0])};
const release = nextRelease(versions);
// The sources without installed or generated files, with build caches of its own: the copy's
// build must neither reuse nor evict the working tree's Rspack cache.
// Not inside node_modules/: the bundler leaves files under node_modules untranspiled.
const copy = scratchCopy(ROOT, 'aqua-versioning-', {
  at: join(tmpdir(), `aqua-version-cut-${createHash('sha256').update(ROOT).digest('hex').slice(0, 8)}`),
});
const validateHtml = process.argv.includes('--validate-html');
console.log(`Cutting ${release.name} (expected label ${release.label}) in ${copy}`);

try {
  const env = {...process.env, NO_UPDATE_NOTIFIER: '1'};
  sh('npm', ['run', '--silent', 'docusaurus', '--', 'docs:version', release.name], {cwd: copy, env, stdio: 'inherit'});
  check(
    JSON.parse(readFileSync(join(copy, 'versions.json'), 'utf8'))[0] === release.name,
    `versions.json starts with ${release.name}`,
  );

  const started = Date.now();
  sh('npx', ['docusaurus', 'build', '--out-dir', 'build'], {
    cwd: copy,
    env: {...env, DOCS_STRICT: 'true', ...(validateHtml ? {SKIP_HTML_MINIFICATION: 'true'} : {})},
    stdio: 'inherit',
  });
  console.log(`strict build of the copy: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const build = join(copy, 'build');
  // trailingSlash: false writes /a/b as a/b.html; redirect pages for folders are a/b/index.html.
  const page = (path) => {
    const file = [`${path}.html`, `${path}/index.html`].map((f) => join(build, f)).find((f) => existsSync(f));
    return file ? readFileSync(file, 'utf8') : null;
  };

  // The new version's pages: one for each page of the next docs it was copied from.
  const nextPages = htmlFiles(join(build, 'docs/next'));
  const newPages = htmlFiles(join(build, `docs/${release.label}`));
  check(
    nextPages.length > 0 && newPages.join() === nextPages.join(),
    `docs/${release.label}/ has the ${nextPages.length} pages of docs/next/ (found ${newPages.length})`,
  );
  const mainDoc = `/docs/${release.label}/intro`;
  const intro = page(mainDoc);
  check(intro !== null, `${mainDoc} is built`);
  check(page(`/docs/${previous.label}/intro`) !== null, `/docs/${previous.label}/intro is still built`);
  // Its sidebar is its own copy: every sidebar link stays inside the new version.
  const sidebarLinks = anchors(intro ?? '').filter((a) => a.classes.includes('menu__link') && a.href && a.href !== '#');
  const outside = sidebarLinks.filter((a) => !a.href.startsWith(`/docs/${release.label}/`));
  check(
    sidebarLinks.length > 0 && outside.length === 0,
    `${mainDoc}: its ${sidebarLinks.length} sidebar links stay in /docs/${release.label}/${outside.length ? ` (not: ${outside.map((a) => a.href).join(', ')})` : ''}`,
  );

  const expectedEntries = ['Next', release.label, ...versions.map(expectedLabel)];
  for (const path of [mainDoc, '/community', `/docs/${previous.label}/intro`]) {
    const html = page(path);
    const dropdown = html && versionDropdown(html);
    if (!dropdown) {
      check(false, `${path} has a version dropdown`);
      continue;
    }
    const labels = dropdown.entries.map((e) => e.label);
    check(
      labels.join() === expectedEntries.join(),
      `${path}: dropdown entries are ${expectedEntries.join(', ')} (found ${labels.join(', ')})`,
    );
    const entry = dropdown.entries.find((e) => e.label === release.label);
    // From another version's page the entry leads to the same doc when it exists there, else the main doc.
    const expectedHref = path === '/community' ? mainDoc : path.replace(/^\/docs\/[^/]+/, `/docs/${release.label}`);
    check(
      entry?.href === expectedHref,
      `${path}: dropdown entry ${release.label} links to ${expectedHref} (found ${entry?.href})`,
    );
    // Outside the docs the dropdown shows the latest version: the new one, not the previous one.
    if (path === '/community') {
      check(dropdown.label === release.label, `/community: dropdown shows ${release.label} (found ${dropdown.label})`);
    }
    const documentation = anchors(html).find((a) => a.text === 'Documentation' && a.classes.includes('navbar__link'));
    check(
      documentation?.href === mainDoc,
      `${path}: navbar Documentation links to ${mainDoc} (found ${documentation?.href})`,
    );
  }

  const home = page('/index') ?? '';
  const footer = anchors(home.slice(home.indexOf('<footer')));
  const latestLink = footer.find((a) => a.text.includes('(latest)'));
  check(
    latestLink?.href === mainDoc && latestLink.text.includes(release.name),
    `footer's latest link is "${latestLink?.text}" → ${latestLink?.href}`,
  );
  const announcement = anchors(home).find((a) => /Read the .* documentation/.test(a.text));
  check(
    announcement?.href === mainDoc && announcement.text.includes(release.label),
    `announcement links to ${announcement?.href} ("${announcement?.text}")`,
  );

  // Redirect pages written by @docusaurus/plugin-client-redirects.
  for (const [from, to] of [
    ['/docs', mainDoc],
    [`/docs/${release.label}`, mainDoc],
    [`/docs/${previous.label}`, `/docs/${previous.label}/intro`],
  ]) {
    const html = page(from) ?? '';
    check(
      new RegExp(`http-equiv="?refresh"?[^>]*url=${to.replace(/\//g, '\\/')}\\b`, 'i').test(html),
      `redirect page ${from} → ${to}`,
    );
  }

  if (validateHtml) {
    const html = spawnSync(process.execPath, [join(ROOT, 'scripts/check/html.mjs'), build], {stdio: 'inherit'});
    check(html.status === 0, 'every page of the copy is valid HTML (html-validate, .htmlvalidate.json)');
  }
} catch (error) {
  failures.push(String(error.message ?? error));
  console.error(error.message ?? error);
} finally {
  if (process.env.KEEP_VERSIONING_COPY) console.log(`copy kept in ${copy}`);
  else rmSync(join(copy, 'build'), {recursive: true, force: true});
}

check(
  realTreeState() === before,
  `the real tree (${relative(process.cwd(), ROOT) || '.'}) is unchanged: ${CUT_PATHS.join(', ')}`,
);
if (failures.length) {
  console.error(`\nversioning: ${failures.length} problem(s)`);
  process.exit(1);
}
console.log(`\nversioning: cutting ${release.name} publishes ${release.label} as the latest version`);
