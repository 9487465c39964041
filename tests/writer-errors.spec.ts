// The writer's side: a writer who makes a mistake gets a message that names it.
// Each test builds tests/fixtures/writer-errors (the real site's configuration around a small
// content folder, see its docusaurus.config.ts) in a temporary copy, with one case of mistakes, and
// reads the build output as a writer would. Builds that can share a case do: every warning comes
// from one successful build, and the page mistakes share a failing build with one navbar mistake.
// The site's own content is checked by its strict build (npm test, build-copy.sh): in strict mode
// an unknown code language fails the build, as broken links do, so that build stays free of them.
// This is a Playwright spec rather than a Node step in scripts/test.mjs because one check needs a
// browser (a navbar item that fails only in the browser), and so the builds run in parallel with
// the other specs. Each build runs without minification: the messages are the same, in less time.
import {spawn} from 'node:child_process';
import {createServer, type Server} from 'node:http';
import {cp, mkdtemp, readFile, rm, symlink, writeFile} from 'node:fs/promises';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import sirv from 'sirv';
import {test, expect} from './fixtures';

const ROOT = path.resolve(__dirname, '..');
const FIXTURE = path.join(ROOT, 'tests/fixtures/writer-errors');
const DOCUSAURUS = path.join(ROOT, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');

type Build = {dir: string; ok: boolean; output: string};

/** Builds the fixture with one case of mistakes; `strict` is the test command's DOCS_STRICT=true. */
async function buildFixture(fixtureCase: string, strict = false): Promise<Build> {
  const dir = await mkdtemp(path.join(tmpdir(), `writer-errors-${fixtureCase}-`));
  await cp(FIXTURE, dir, {recursive: true});
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  await writeFile(path.join(dir, 'package.json'), '{"private": true}\n');
  if (fixtureCase === 'strict-link' || fixtureCase === 'strict-anchor') {
    // A strict build stops at the first mistake, and unknown code languages and diagrams without
    // drawings are caught before links are checked: these cases need fixture pages whose fences
    // are all known to the highlighter, and no diagram.
    for (const file of ['docs/code.md', 'docs/intro.md', 'blog/2025-01-01-release.md', 'src/pages/index.md']) {
      const page = path.join(dir, file);
      await writeFile(
        page,
        (await readFile(page, 'utf8')).replace(/^```(cobol|brainfuck|lolcode|mermaid)\b/gm, '```text'),
      );
    }
  }
  // --no-minify: minifying the bundles is a third of a build's time and changes no message.
  const child = spawn(process.execPath, [DOCUSAURUS, 'build', '--out-dir', 'build', '--no-minify'], {
    cwd: dir,
    env: {
      ...process.env,
      SITE_ROOT: ROOT,
      WRITER_ERROR_CASE: fixtureCase,
      DOCS_STRICT: strict ? 'true' : 'false',
      NO_UPDATE_NOTIFIER: '1',
      FORCE_COLOR: '0',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  // Without colours, and without the indentation Node gives to the causes of an error.
  const plain = output
    // eslint-disable-next-line no-control-regex -- ANSI colour codes start with the ESC character
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .join('\n');
  return {dir, ok: code === 0, output: plain};
}

/** Builds one failing case and returns its output, removing the copy afterwards. */
async function failingBuild(fixtureCase: string, strict = false): Promise<string> {
  const build = await buildFixture(fixtureCase, strict);
  await rm(build.dir, {recursive: true, force: true});
  expect(build.ok, `the ${fixtureCase} build should fail:\n${build.output}`).toBe(false);
  return build.output;
}

// A build takes 10 to 60 s on a busy two-core machine.
const BUILD_TIMEOUT = 180_000;
test.describe.configure({timeout: BUILD_TIMEOUT});

test.describe('npm run build, with mistakes it only warns about', () => {
  test.describe.configure({mode: 'serial'});
  let build: Build;
  let server: Server;
  let origin: string;

  test.beforeAll(async () => {
    test.setTimeout(BUILD_TIMEOUT);
    build = await buildFixture('warnings');
    expect(build.ok, build.output).toBe(true);
    const serve = sirv(path.join(build.dir, 'build'), {extensions: ['html']});
    server = createServer((request, response) =>
      serve(request, response, () => {
        response.writeHead(404).end();
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    if (build) await rm(build.dir, {recursive: true, force: true});
  });

  test('a code block in a language the highlighter lacks warns, naming the language, file and line', async () => {
    const warnings = build.output.split('\n').filter((line) => line.includes('Language does not exist'));
    // One per block, for docs, blog posts and pages alike.
    expect(warnings).toHaveLength(3);
    expect(warnings.join('\n')).toContain('[WARNING] Language does not exist: cobol (code block at docs/code.md:7)');
    expect(warnings.join('\n')).toContain(
      'Language does not exist: brainfuck (code block at blog/2025-01-01-release.md:8)',
    );
    expect(warnings.join('\n')).toContain('Language does not exist: lolcode (code block at src/pages/index.md:3)');
    // bash and its alias shell, mermaid, text and cjs (highlighted as JavaScript) are fine.
    expect(warnings.join('\n')).not.toContain('docs/intro.md');
    const intro = await readFile(path.join(build.dir, 'build/docs/intro.html'), 'utf8');
    expect(intro).toMatch(/class="[^"]*language-javascript/);
  });

  test('a diagram without drawings warns, naming the file and line and the command that draws it', async () => {
    // The fixture has no static/diagrams/: its diagram is left to the browser (strict builds fail).
    expect(build.output).toContain(
      '[WARNING] docs/intro.md: 1 Mermaid diagram(s) (line 21) have no drawing in static/diagrams/ and will be drawn in the browser. Run `npm run diagrams`.',
    );
  });

  test('broken links, Markdown links and anchors are warnings and the build succeeds', async () => {
    expect(build.ok).toBe(true);
    expect(build.output).toContain(
      "[WARNING] Docs markdown link couldn't be resolved: (./no-such-file.md) in source file",
    );
    expect(build.output).toMatch(
      /\[WARNING\] Docusaurus found broken links![^]*Broken link on source page path = \/docs\/broken-link:\s+-> linking to \/docs\/no-such-page/,
    );
    expect(build.output).toMatch(
      /\[WARNING\] Docusaurus found broken anchors![^]*Broken anchor on source page path = \/docs\/broken-anchor:\s+-> linking to \/docs\/intro#no-such-heading/,
    );
  });

  test('a navbar item that fails to render names the item to check in the configuration', async ({page}) => {
    // The crash happens while hydrating, so the page never reports itself hydrated.
    await page.goto(`${origin}/docs/intro`);
    await expect(page.getByRole('heading', {name: 'This page crashed'})).toBeVisible();
    const details = page.locator('p', {hasText: 'A theme navbar item failed to render.'});
    await expect(details).toContainText(
      'Please double-check the following navbar item (themeConfig.navbar.items) of your Docusaurus config:',
    );
    await expect(details).toContainText('"type": "custom-releaseFeed"');
    await expect(details).toContainText('"label": "Release feed"');
    await expect(details).toContainText('Cause:\nThe release feed is not loaded (window.releaseFeed is undefined).');
    await expect(page.getByRole('button', {name: 'Try again'})).toBeVisible();
  });
});

test.describe('the test command (DOCS_STRICT=true) fails the build', () => {
  test('on a broken Markdown link, and on a code block in an unknown language', async () => {
    const output = await failingBuild('strict-markdown-link', true);
    expect(output).toContain("Docs markdown link couldn't be resolved: (./no-such-file.md) in source file");
    expect(output).toContain('markdown-link.md');
    // This is what keeps the site's own content free of such blocks: its strict build fails too.
    expect(output).toContain('Language does not exist: cobol (code block at docs/code.md:7)');
    expect(output).not.toContain('[WARNING] Language does not exist');
  });

  test('on a broken link', async () => {
    const output = await failingBuild('strict-link', true);
    expect(output).toMatch(
      /Docusaurus found broken links![^]*Broken link on source page path = \/docs\/broken-link:\s+-> linking to \/docs\/no-such-page/,
    );
  });

  test('on a broken anchor', async () => {
    const output = await failingBuild('strict-anchor', true);
    expect(output).toMatch(
      /Docusaurus found broken anchors![^]*Broken anchor on source page path = \/docs\/broken-anchor:\s+-> linking to \/docs\/intro#no-such-heading/,
    );
  });
});

test.describe('a configuration or page mistake fails the build with its message', () => {
  test('a docs-sidebar navbar item whose sidebar has nothing to link to', async () => {
    const output = await failingBuild('empty-sidebar');
    expect(output).toContain(
      'DocSidebarNavbarItem: Sidebar with ID "externalOnly" doesn\'t have anything to be linked to.',
    );
  });

  test('a missing sidebar id lists the available ids', async () => {
    const output = await failingBuild('missing-sidebar');
    expect(output).toContain('Can\'t find any sidebar with id "guides" in version current".');
    expect(output).toContain('Available sidebar ids are:\n- docs\n- externalOnly');
  });

  test('a missing doc id is reported; a draft is not', async () => {
    const output = await failingBuild('missing-doc');
    expect(output).toContain('Couldn\'t find any doc with id "getting-started" in version "current".');
    expect(output).toMatch(/Available doc ids are:\n(- [^\n]+\n)*- intro\n/);
    expect(output).not.toContain('doc with id "draft"');
  });

  test('docs disabled: a docs feature, a page without a default export, an unknown navbar item type', async () => {
    const output = await failingBuild('docs-disabled');
    expect(output).toContain(
      'You are using a feature of the Docusaurus docs plugin, but this plugin does not seem to be enabled',
    );
    expect(output).toContain(
      "The page component at /no-default-export doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.",
    );
    expect(output).toContain('No NavbarItem component found for type "custom-changelog".');
  });
});
