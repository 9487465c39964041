#!/usr/bin/env node
// The writers' journeys (a step of `npm test`): what a writer does most often passes every check, and
// cutting a release is one command. In a throw-away copy of the repository it makes, as a writer
// would and with nothing else changed:
// 1. a new page in the next docs, with its sidebar entry;
// 2. a new page in the latest released version, with its sidebar entry;
// 3. a new author, with a picture and an author page, and a blog post of plain prose by them;
// 4. a reworded sentence on two pages of the latest version;
// 5. a deleted paragraph on a page of the previous version;
// then cuts the next release (`npm run docusaurus docs:version <next minor>`: 1.3.2 → 1.4.0) and runs,
// in the copy, every check whose verdict can depend on content (`node scripts/test.mjs --content`:
// the strict build, links, search, spelling, Markdown style, front matter, examples, content tests…),
// with the build left unminified so that every page's HTML is validated too (scripts/check/html.mjs).
// Last, it reads the copy's built HTML to check that the new version is published and is the latest:
// - every page of the next docs also exists under the new version's path (/docs/v4/...);
// - the version dropdown lists the new label, linking to its main doc, and still lists the others;
// - the navbar "Documentation" link, the footer's latest-protocol link, the announcement and the
//   /docs and /docs/v4 redirect pages point at the new version;
// - the previous latest version is still published (/docs/v3/intro) but no longer the default.
// The real working tree is never written to: the check compares the git status of the paths the
// journeys write (and the version list itself) before and after.
//
// The copy is made in the same folder of the system's temporary directory each time (one per working
// tree; its build output is removed after the check unless KEEP_WRITERS_COPY=1): at the same path,
// its own build caches stay warm from one run to the next.
//
// Usage: node scripts/check/writers.mjs
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {scratchCopy} from '../lib/scratch-copy.mjs';

const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
/** What the journeys and `docs:version` write (or would write, were they run in the real tree). */
const CUT_PATHS = [
  'versions.json',
  'versioned_docs',
  'versioned_sidebars',
  'docs',
  'sidebars.ts',
  'blog',
  'static/img/authors',
];

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

/** Plain prose a writer might add: dictionary words, one link, nothing the checks could object to. */
const PROSE = [
  'This page was added by a writer to show that an ordinary new page passes every check.',
  'It has a heading, two paragraphs of plain prose and one link to another page of the same version.',
];
const docPage = (title, description, body) =>
  [
    '---',
    `title: ${title}`,
    `description: ${description}`,
    'checked_against:',
    `  - aqua-js-sdk@3.2.1-45`,
    '---',
    '',
    body,
    '',
  ].join('\n');

/** The five edits of a writer, made in `copy` as a writer would make them. Returns what was done. */
function writerEdits(copy, latest, previous) {
  const done = [];
  const edit = (file, change, what) => {
    const path = join(copy, file);
    const before = readFileSync(path, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`writers' journeys: could not ${what} in ${file}; adapt writerEdits()`);
    writeFileSync(path, after);
    done.push(`${what} (${file})`);
  };
  const body = (link) => `${PROSE[0]}\n\n## What it shows\n\n${PROSE[1]} See [the introduction](${link}).`;

  // 1. A new page in next, and its entry at the end of the sidebar.
  writeFileSync(
    join(copy, 'docs/writers-note.md'),
    docPage('A writer’s note', 'A page added to the next docs by a writer.', body('./intro.md')),
  );
  edit(
    'sidebars.ts',
    (text) =>
      text.replace(/\n {2}\],\n\};/, "\n    {type: 'doc', id: 'writers-note', label: 'A writer’s note'},\n  ],\n};"),
    'add the new page to the next sidebar',
  );
  // 2. A new page in the latest released version, and its sidebar entry.
  writeFileSync(
    join(copy, `versioned_docs/version-${latest}/writers-note.md`),
    docPage('A writer’s note', 'A page added to the latest release by a writer.', body('./intro.md')),
  );
  edit(
    `versioned_sidebars/version-${latest}-sidebars.json`,
    (text) => {
      const sidebars = JSON.parse(text);
      Object.values(sidebars)[0].push({type: 'doc', id: 'writers-note', label: 'A writer’s note'});
      return `${JSON.stringify(sidebars, null, 2)}\n`;
    },
    'add the new page to the latest version’s sidebar',
  );
  // 3. A new author with a picture and a page, and a post of plain prose by them.
  edit(
    'blog/authors.yml',
    (text) =>
      `${text.trimEnd()}\n\nnew-writer:\n  name: New Writer\n  title: Writer of the documentation\n` +
      '  image_url: /img/authors/new-writer.svg\n  page: true\n',
    'add an author',
  );
  writeFileSync(
    join(copy, 'static/img/authors/new-writer.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#0a5f8c"/></svg>\n',
  );
  writeFileSync(
    join(copy, 'blog/2026-01-15-a-writers-post.md'),
    [
      '---',
      'slug: a-writers-post',
      'title: A post of plain prose',
      'description: A post that a new author wrote in plain prose.',
      'authors: [new-writer]',
      'tags: [hello]',
      'date: 2026-01-15',
      '---',
      '',
      'This post is plain prose by a new author. It says what it covers in its first paragraph.',
      '',
      '<!-- truncate -->',
      '',
      'The rest of the post is more prose: a second paragraph, then a third.',
      '',
      'Writers should be able to publish a post like this one without touching anything else.',
      '',
      'A last paragraph ends the post.',
      '',
    ].join('\n'),
  );
  done.push('a post of plain prose by the new author (blog/2026-01-15-a-writers-post.md)');
  // 4. A reworded sentence on two pages of the latest version: the first prose paragraph that uses
  //    one of these words says it in another.
  const REWORD = [
    [' shows ', ' explains '],
    [' explains ', ' describes '],
    [' describes ', ' explains '],
    [' uses ', ' relies on '],
    [' checks ', ' verifies '],
  ];
  const reword = (text) => {
    const lines = text.split('\n');
    let fence = false;
    const i = lines.findIndex((line) => {
      if (line.startsWith('```')) fence = !fence;
      return !fence && /^[A-Z]/.test(line) && !line.includes('`') && REWORD.some(([from]) => line.includes(from));
    });
    if (i < 0) return text;
    const [from, to] = REWORD.find(([word]) => lines[i].includes(word));
    lines[i] = lines[i].replace(from, to);
    return lines.join('\n');
  };
  const latestDir = join(copy, `versioned_docs/version-${latest}`);
  const reworded = readdirSync(latestDir, {recursive: true})
    .map(String)
    .filter((name) => name.endsWith('.md') && name !== 'writers-note.md')
    .sort()
    .filter((name) => {
      const text = readFileSync(join(latestDir, name), 'utf8');
      return reword(text) !== text;
    })
    .slice(0, 2);
  if (reworded.length < 2)
    throw new Error("writers' journeys: no two pages to reword a sentence in; adapt writerEdits()");
  for (const name of reworded) edit(`versioned_docs/version-${latest}/${name}`, reword, 'reword a sentence');
  // 5. A deleted paragraph on a page of the previous version: its second paragraph of prose.
  edit(
    `versioned_docs/version-${previous}/prologue.md`,
    (text) => {
      const [front, ...rest] = text.split(/\n---\n/);
      const blocks = rest.join('\n---\n').split('\n\n');
      const prose = blocks.map((b, i) => (/^[A-Z][^\n]*$/.test(b) ? i : -1)).filter((i) => i >= 0);
      if (prose.length < 2) return text;
      blocks.splice(prose[1], 1);
      return `${front}\n---\n${blocks.join('\n\n')}`;
    },
    'delete a paragraph',
  );
  return done;
}

const before = realTreeState();
const versions = JSON.parse(readFileSync(join(ROOT, 'versions.json'), 'utf8'));
const previous = {name: versions[0], label: expectedLabel(versions[0])};
const release = nextRelease(versions);
// The sources without installed or generated files, with build caches of its own: the copy's
// build must neither reuse nor evict the working tree's Rspack cache.
// Not inside node_modules/: the bundler leaves files under node_modules untranspiled.
const copy = scratchCopy(ROOT, 'aqua-writers-', {
  at: join(tmpdir(), `aqua-writers-${createHash('sha256').update(ROOT).digest('hex').slice(0, 8)}`),
});

try {
  const env = {...process.env, NO_UPDATE_NOTIFIER: '1'};
  for (const what of writerEdits(copy, versions[0], versions[1])) console.log(`  a writer's edit: ${what}`);
  sh('npm', ['run', '--silent', 'docusaurus', '--', 'docs:version', release.name], {cwd: copy, env, stdio: 'inherit'});
  check(
    JSON.parse(readFileSync(join(copy, 'versions.json'), 'utf8'))[0] === release.name,
    `versions.json starts with ${release.name}`,
  );

  // Every check that reads content, in the copy; the build unminified, so that its HTML can be validated.
  const checks = sh('node', ['scripts/test.mjs', '--content'], {
    cwd: copy,
    env: {...env, SKIP_HTML_MINIFICATION: 'true'},
    stdio: 'inherit',
    allowFailure: true,
  });
  check(checks.status === 0, "every check that reads content passes after the writers' edits and the version cut");
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

  const html = spawnSync(process.execPath, [join(ROOT, 'scripts/check/html.mjs'), build], {stdio: 'inherit'});
  check(html.status === 0, 'every page of the copy is valid HTML (html-validate, .htmlvalidate.json)');
} catch (error) {
  failures.push(String(error.message ?? error));
  console.error(error.message ?? error);
} finally {
  if (process.env.KEEP_WRITERS_COPY) console.log(`copy kept in ${copy}`);
  else rmSync(join(copy, 'build'), {recursive: true, force: true});
}

check(
  realTreeState() === before,
  `the real tree (${relative(process.cwd(), ROOT) || '.'}) is unchanged: ${CUT_PATHS.join(', ')}`,
);
if (failures.length) {
  console.error(`\nwriters' journeys: ${failures.length} problem(s); the copy is kept only with KEEP_WRITERS_COPY=1`);
  process.exit(1);
}
console.log(
  `\nwriters' journeys: a writer's five ordinary edits pass every check, and cutting ${release.name} publishes ` +
    `${release.label} as the latest version`,
);
