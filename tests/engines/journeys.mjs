// The main journeys of a reader, written once for every engine of drivers.mjs. Each takes an
// engine (`e`) and the run's context (`ctx`: the routes, and `holdScripts()` of the server in
// front of the site), and throws on the first thing that is not as it should be. The Chromium
// suite (tests/*.spec.ts) checks the same behaviour in more depth.
import assert from 'node:assert/strict';
import {unusedWord} from '../unused-word.mjs';

const TOGGLE = '.navbar button[aria-label*="dark and light mode"]';
const SEARCH_BOX = '.navbar input[aria-label="Search"]';
const DIAGRAM_PAGE = '/docs/v3/sdk/core-concepts';

/** Marks the first element of `selector` whose text starts with `prefix`, for a real click. */
async function markByText(e, selector, prefix) {
  const found = await e.evaluate(
    (s, p) => {
      document.querySelectorAll('[data-journey-target]').forEach((old) => old.removeAttribute('data-journey-target'));
      const element = Array.from(document.querySelectorAll(s)).find((candidate) =>
        candidate.textContent.trim().startsWith(p),
      );
      element?.setAttribute('data-journey-target', '');
      return Boolean(element);
    },
    selector,
    prefix,
  );
  assert.ok(found, `${e.name}: ${selector} with the text ${prefix}`);
  return '[data-journey-target]';
}

async function noErrors(e, where) {
  assert.deepEqual(await e.takeErrors(), [], `${e.name}: page errors on ${where}`);
}

/** Every route of the site and the 404 page: loads, hydrates, one h1, no page error. */
export async function everyRoute(e, {routes}) {
  for (const route of [...routes, '/no-such-page']) {
    await e.open(route);
    const h1 = await e.evaluate(() => document.querySelectorAll('h1').length);
    assert.equal(h1, 1, `${e.name}: one h1 on ${route}`);
    assert.equal(
      await e.evaluate(() => document.querySelectorAll('main').length),
      1,
      `${e.name}: one main on ${route}`,
    );
    await noErrors(e, route);
  }
}

/** A sidebar link changes the page without a reload; while its code loads, the progress bar shows. */
export async function clientSideNavigation(e, {holdScripts}) {
  // The next page's content (the one script with its heading ids) is held from the start: the
  // idle-time prefetch of the links in view (src/plugins/load-on-intent) would fetch it early.
  const release = holdScripts('id:"which-version-to-use"');
  try {
    await e.open('/docs/v3/intro');
    await navigateWhileHeld(e, release);
  } finally {
    release();
  }
  await e.waitFor(() => location.pathname === '/docs/v3/cli-tool' && !document.getElementById('nprogress'), [], {
    message: 'the new page, and the bar gone',
  });
  assert.equal(await e.evaluate(() => window.__samePage), true, `${e.name}: no full reload`);
  await noErrors(e, 'client-side navigation');
}

async function navigateWhileHeld(e, release) {
  const before = await e.text('article h1');
  await e.evaluate(() => {
    window.__samePage = true;
    new MutationObserver(() => {
      if (document.querySelector('#nprogress .bar')) window.__barSeen = true;
    }).observe(document.body, {childList: true});
  });
  await e.click('nav.menu a.menu__link[href="/docs/v3/cli-tool"]');
  await e.waitFor(() => window.__barSeen === true, [], {message: 'the progress bar while the page loads'});
  assert.equal(await e.text('article h1'), before, `${e.name}: the old page stays while the next one loads`);
  release();
  await e.waitFor((old) => document.querySelector('article h1')?.textContent !== old, [before], {
    message: 'the new page title',
  });
}

/** The toggle switches to dark; the choice survives a reload; the toggle then names it. */
export async function colourMode(e) {
  await e.open('/docs/v3/intro');
  assert.equal(await e.evaluate(() => document.documentElement.dataset.theme), 'light');
  await e.click(TOGGLE);
  await e.waitFor(() => document.documentElement.dataset.theme === 'dark', [], {message: 'dark mode'});
  await e.reload();
  await e.hydrated();
  assert.equal(await e.evaluate(() => document.documentElement.dataset.theme), 'dark', `${e.name}: dark after reload`);
  const label = await e.evaluate((s) => document.querySelector(s)?.getAttribute('aria-label'), TOGGLE);
  assert.match(label, /currently dark mode/, `${e.name}: the toggle names the mode`);
  await e.click(TOGGLE);
  await e.waitFor(() => document.documentElement.dataset.theme === 'light', [], {message: 'back to light mode'});
  await noErrors(e, 'the colour toggle');
}

/** The version dropdown leads to the same doc in another version, keeping query and hash. */
export async function versionDropdown(e) {
  await e.open('/docs/v1/Protocol/guardian?from=docs#overview');
  await e.hover('.navbar__items--right .dropdown');
  const next = '.navbar__items--right .dropdown__menu a[href^="/docs/next/"]';
  await e.waitFor((s) => document.querySelector(s)?.checkVisibility({checkVisibilityCSS: true}), [next], {
    message: 'the open dropdown',
  });
  await e.click(next);
  await e.waitFor(() => location.pathname === '/docs/next/protocol/guardian', [], {message: 'the same doc in Next'});
  assert.equal(await e.path(), '/docs/next/protocol/guardian?from=docs#overview');
  await noErrors(e, 'the version dropdown');
}

/** Ctrl+K, a query, a result: its page opens with the terms marked. */
export async function search(e) {
  await e.open('/docs/v3/sdk');
  await e.press('Control+k');
  await e.waitFor((s) => document.activeElement === document.querySelector(s), [SEARCH_BOX], {
    message: 'the focused search box',
  });
  // A key a tenth of a second, as a person types. On this cold page the keys span the swap from
  // the stand-in box, the search bar emptying its new box, and its wiring. In WebKit, a key typed
  // just after that emptying once landed before the text already typed: "hCainable API".
  await e.type(SEARCH_BOX, 'Chainable API', {delay: 100});
  await e.waitFor((s) => document.querySelector(s)?.value === 'Chainable API', [SEARCH_BOX], {
    message: 'every key typed in the box',
    state: (s) => ({
      boxes: Array.from(document.querySelectorAll(s), (box) => ({value: box.value, role: box.getAttribute('role')})),
      focused: document.activeElement?.outerHTML.slice(0, 120),
    }),
  });
  const option = '[role="listbox"] [role="option"]';
  await e.waitFor((o) => document.querySelector(o), [option], {timeout: 30_000, message: 'results for the query'});
  // The list is drawn again as results arrive for each key: wait for the one wanted, and click it
  // again if it was replaced between finding and clicking.
  await e.waitFor(
    (o) => Array.from(document.querySelectorAll(o)).some((x) => x.textContent.trim().startsWith('Chainable API')),
    [option],
    {message: 'the Chainable API result'},
  );
  for (let attempt = 1; ; attempt++) {
    try {
      await e.click(await markByText(e, option, 'Chainable API'));
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  await e.waitFor(() => location.pathname === '/docs/v3/sdk/api/chainable', [], {message: 'the result page'});
  await e.waitFor(() => document.querySelector('article mark'), [], {message: 'the terms marked on the page'});
  // A word that no page uses still finds sections by meaning (src/plugins/search).
  const word = unusedWord();
  await e.open('/docs/v3/intro');
  await e.press('Control+k');
  await e.waitFor((s) => document.activeElement === document.querySelector(s), [SEARCH_BOX], {
    message: 'the focused search box',
  });
  await e.type(SEARCH_BOX, word, {delay: 100});
  await e.waitFor((s, w) => document.querySelector(s)?.value === w, [SEARCH_BOX, word], {message: 'the word typed'});
  await e.waitFor((o) => document.querySelector(o), [option], {timeout: 30_000, message: 'results by meaning'});
  await noErrors(e, 'search');
}

/** At phone width the drawer opens with the docs menu and closes again. */
export async function mobileDrawer(e) {
  await e.setViewport(390, 800);
  try {
    await e.open('/docs/v3/sdk/getting-started');
    await e.click('.navbar button[aria-label="Toggle navigation bar"]');
    // Open, and done sliding in: its left edge at the window's.
    await e.waitFor(
      () =>
        document.querySelector('.navbar').classList.contains('navbar-sidebar--show') &&
        Math.abs(document.querySelector('.navbar-sidebar').getBoundingClientRect().left) < 1,
      [],
      {message: 'the open drawer'},
    );
    const links = await e.evaluate(() => document.querySelectorAll('.navbar-sidebar a').length);
    assert.ok(links > 5, `${e.name}: the drawer lists the docs (${links} links)`);
    await e.click('.navbar-sidebar__close');
    await e.waitFor(() => !document.querySelector('.navbar').classList.contains('navbar-sidebar--show'), [], {
      message: 'the closed drawer',
    });
  } finally {
    await e.setViewport(1280, 800);
  }
  await noErrors(e, 'the drawer');
}

/** A code block's copy button puts the block's text on the clipboard and says so. */
export async function copyButton(e) {
  await e.open('/docs/v3/sdk/getting-started');
  await e.evaluate(() => {
    // The copy itself: the button copies through a selection (execCommand) or the Clipboard API.
    document.addEventListener('copy', (event) => {
      const field = event.target instanceof HTMLTextAreaElement ? event.target : null;
      window.__copied = field ? field.value : String(document.getSelection());
    });
    const write = navigator.clipboard?.writeText?.bind(navigator.clipboard);
    if (write) navigator.clipboard.writeText = (text) => ((window.__copied = text), write(text).catch(() => {}));
  });
  const block = '.theme-code-block';
  // On screen first: off screen the lines are not drawn, and innerText is what is drawn. They
  // are drawn at the next frame after the scroll, which a busy machine can delay past the read.
  await e.hover(block);
  await e.waitFor((s) => document.querySelector(s).querySelector('pre').innerText.trim() !== '', [block], {
    message: "the block's lines drawn",
  });
  const expected = await e.evaluate((s) => document.querySelector(s).querySelector('pre').innerText, block);
  await e.click(`${block} button[aria-label="Copy code to clipboard"]`);
  await e.waitFor((s) => document.querySelector(s)?.querySelector('button[aria-label="Copied"]'), [block], {
    message: 'the button saying Copied',
  });
  const copied = await e.evaluate(() => window.__copied);
  assert.equal(copied?.replace(/\n$/, ''), expected.replace(/\n$/, ''), `${e.name}: the copied text`);
  await noErrors(e, 'the copy button');
}

/** The home page's demo notarises a text with aqua-js-sdk, in the page. */
export async function homeDemo(e) {
  await e.open('/');
  const text = '[data-testid="aqua-playground"] textarea[data-pg="text"]';
  await e.evaluate((s) => document.querySelector(s).scrollIntoView({block: 'center'}), text);
  await e.type(text, 'hello from a test');
  await e.click(await markByText(e, '[data-testid="aqua-playground"] button', 'Notarise'));
  await e.waitFor(
    () => /Notarised note\.txt/.test(document.querySelector('[data-testid="status"]')?.textContent),
    [text],
    {
      timeout: 60_000,
      message: 'the notarised revision',
      state: (s) => ({
        text: document.querySelector(s)?.value,
        status: document.querySelector('[data-testid="status"]')?.textContent,
      }),
    },
  );
  await noErrors(e, 'the home demo');
}

/**
 * The diagrams are drawn ahead of time (src/plugins/drawn-diagrams): each is SVG in the page, and
 * the drawing of the current colour mode is the one shown.
 */
export async function diagrams(e) {
  await e.open(DIAGRAM_PAGE);
  const shown = () =>
    [...document.querySelectorAll('.docusaurus-mermaid-container[data-drawing] > svg')]
      .filter((svg) => svg.getBoundingClientRect().height > 0)
      .map((svg) => svg.id.replace(/^diagram-\w+-/, ''));
  const light = await e.evaluate(shown);
  assert.ok(light.length > 0, `${e.name}: the page shows its diagrams`);
  assert.deepEqual(new Set(light), new Set(['light']), `${e.name}: the light drawings in light mode`);
  await e.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  assert.deepEqual(new Set(await e.evaluate(shown)), new Set(['dark']), `${e.name}: the dark drawings in dark mode`);
  await e.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await noErrors(e, 'diagrams');
}

/** With JavaScript off: the content, the menus' links and the drawn diagrams are all there. */
export async function javaScriptOff(e, {routes}) {
  for (const route of [routes.find((r) => r.startsWith('/docs/v3/sdk/')), '/', '/blog/long-blog-post', DIAGRAM_PAGE]) {
    await e.open(route, {hydrate: false});
    const page = await e.evaluate(() => ({
      // The server's markup says "false" until React has hydrated; no Docusaurus runtime either.
      hydrated: document.documentElement.dataset.hasHydrated === 'true' || 'docusaurus' in window,
      h1: document.querySelectorAll('h1').length,
      text: (document.querySelector('main') ?? document.body).innerText.length,
      links: document.querySelectorAll('.navbar a[href]').length,
    }));
    assert.equal(page.hydrated, false, `${e.name}: scripts really are off on ${route}`);
    assert.equal(page.h1, 1, `${e.name}: the title of ${route}`);
    assert.ok(page.text > 500, `${e.name}: the text of ${route} (${page.text} characters)`);
    assert.ok(page.links > 3, `${e.name}: the navbar links of ${route}`);
  }
  const drawn = await e.evaluate(
    () => document.querySelector('.docusaurus-mermaid-container > svg')?.getBoundingClientRect().height ?? 0,
  );
  assert.ok(drawn > 30, `${e.name}: a drawn diagram without JavaScript (${drawn} px high)`);
}

/** In this order; `javaScriptOff` runs in a second browser started with scripts off. */
export const JOURNEYS = {
  // First, while the browser's cache is empty: the next page's code must come from the network.
  clientSideNavigation,
  everyRoute,
  colourMode,
  versionDropdown,
  search,
  mobileDrawer,
  copyButton,
  homeDemo,
  diagrams,
};
