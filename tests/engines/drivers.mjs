// The two engines that Playwright cannot drive from Debian's packages, behind one small interface,
// so that each journey (journeys.mjs) is written once for both:
// - Firefox ESR through puppeteer-core over WebDriver BiDi. (Playwright 1.65's own route to a stock
//   Firefox, channel `moz-firefox`, fails on Firefox ESR 153 at the first page: the BiDi command
//   `emulation.setMediaFeaturesOverride` is unknown to it.)
// - WebKitGTK, Safari's engine, through its WebKitWebDriver and selenium-webdriver, driving the
//   MiniBrowser; it needs a display (run.mjs starts Xvfb). Playwright's WebKit is a patched build
//   that cannot be installed here.
// Every method works on the first *visible* element a CSS selector matches.
import {spawn} from 'node:child_process';
import puppeteer from 'puppeteer-core';
import {Builder, Key} from 'selenium-webdriver';

export const FIREFOX = '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Finds the first visible match of a selector (runs in the page). */
const FIRST_VISIBLE = `return Array.from(document.querySelectorAll(arguments[0])).find((e) => e.checkVisibility
  ? e.checkVisibility({checkOpacity: false, checkVisibilityCSS: true})
  : e.getClientRects().length > 0) ?? null;`;

// Finds and focuses that element in one script: a box replaced between two calls (the search bar's
// stand-in swapped for the real one) would leave a stale reference to focus. Returns whether found.
const FOCUS_FIRST_VISIBLE = `${FIRST_VISIBLE.replace('return ', 'const element = ')}
element?.focus();
return element !== null;`;

/**
 * Catches uncaught errors and rejections from the moment it runs. Firefox reports page errors
 * through the driver from the first byte; WebKitWebDriver has no such event, so there it is
 * installed as soon as each page has loaded (errors thrown before that stop hydration, which every
 * journey waits for).
 */
const CATCH_ERRORS = `if (!window.__engineErrors) {
  window.__engineErrors = [];
  addEventListener('error', (e) => window.__engineErrors.push(String(e.error ?? e.message)));
  addEventListener('unhandledrejection', (e) => window.__engineErrors.push('unhandled rejection: ' + String(e.reason)));
}`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What both adapters share: polling, hydration, errors. */
class Engine {
  constructor(name, baseURL) {
    this.name = name;
    this.baseURL = baseURL;
    this.driverErrors = [];
  }

  /**
   * Polls `fn` (a function run in the page with `args`) until it returns a truthy value. On a
   * timeout, `state` (a page function given the same `args`) says what the page showed instead.
   */
  async waitFor(fn, args = [], {timeout = 15_000, message = String(fn), state} = {}) {
    const end = Date.now() + timeout;
    // The answer is made a boolean in the page: a DOM element does not cross every driver.
    const probe = new Function('...args', `return Boolean((${fn}).apply(null, args));`);
    let last;
    for (;;) {
      try {
        last = await this.evaluate(probe, ...args);
        if (last) return last;
      } catch (error) {
        last = error;
      }
      if (Date.now() > end) {
        const shown = state ? await this.evaluate(state, ...args).catch((error) => `unknown: ${error}`) : last;
        throw new Error(
          `${this.name}: timed out waiting for ${message} (${state ? 'page' : 'last'}: ${JSON.stringify(shown)})`,
        );
      }
      await sleep(100);
    }
  }

  async hydrated() {
    await this.waitFor(() => document.documentElement.dataset.hasHydrated === 'true', [], {
      message: 'hydration (html[data-has-hydrated])',
      timeout: 30_000,
    });
    await this.evaluate(new Function(CATCH_ERRORS));
  }

  /** Opens a path of the site and waits for hydration, unless `js` is off. */
  async open(pathname, {hydrate = true} = {}) {
    await this.goto(pathname);
    if (hydrate) await this.hydrated();
  }

  /** Page errors seen since the last call, from the driver and from the page. */
  async takeErrors() {
    const inPage = await this.evaluate(() => (window.__engineErrors ?? []).splice(0)).catch(() => []);
    return [...this.driverErrors.splice(0), ...inPage];
  }

  text(selector) {
    return this.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector);
  }

  async path() {
    return this.evaluate(() => location.pathname + location.search + location.hash);
  }
}

class FirefoxEngine extends Engine {
  static async launch(baseURL, {javaScript = true} = {}) {
    const engine = new FirefoxEngine('firefox', baseURL);
    engine.browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      // BiDi has no command to turn scripts off in Firefox ESR 153: the preference does it.
      extraPrefsFirefox: javaScript ? {} : {'javascript.enabled': false},
    });
    engine.page = await engine.browser.newPage();
    engine.page.on('pageerror', (error) => engine.driverErrors.push(String(error)));
    await engine.setViewport(1280, 800);
    return engine;
  }

  version() {
    return this.browser.version();
  }

  async goto(pathname) {
    await this.page.goto(new URL(pathname, this.baseURL).href, {waitUntil: 'load'});
  }

  async reload() {
    await this.page.reload({waitUntil: 'load'});
  }

  evaluate(fn, ...args) {
    return this.page.evaluate(fn, ...args);
  }

  async element(selector) {
    const handle = await this.page.evaluateHandle(new Function(FIRST_VISIBLE), selector);
    const element = handle.asElement();
    if (!element) throw new Error(`${this.name}: no visible element matches ${selector}`);
    return element;
  }

  async click(selector) {
    await (await this.element(selector)).click();
  }

  async hover(selector) {
    await (await this.element(selector)).hover();
  }

  async type(selector, text, {delay = 0} = {}) {
    if (!(await this.page.evaluate(new Function(FOCUS_FIRST_VISIBLE), selector)))
      throw new Error(`${this.name}: no visible element matches ${selector}`);
    await this.page.keyboard.type(text, {delay});
  }

  /** A key, or a chord such as `Control+k`. */
  async press(chord) {
    const keys = chord.split('+');
    for (const key of keys.slice(0, -1)) await this.page.keyboard.down(key);
    await this.page.keyboard.press(keys.at(-1));
    for (const key of keys.slice(0, -1).reverse()) await this.page.keyboard.up(key);
  }

  async setViewport(width, height) {
    await this.page.setViewport({width, height});
  }

  async screenshot(file) {
    await this.page.screenshot({path: file, fullPage: false});
  }

  async close() {
    await this.browser.close();
  }
}

const SELENIUM_KEYS = {Control: Key.CONTROL, Escape: Key.ESCAPE, Enter: Key.ENTER, Meta: Key.META, Tab: Key.TAB};

class WebKitEngine extends Engine {
  static async launch(baseURL, {javaScript = true, port} = {}) {
    const engine = new WebKitEngine('webkit', baseURL);
    engine.server = spawn(WEBKIT_DRIVER, [`--port=${port}`], {stdio: 'ignore'});
    const server = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${server}/status`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(100);
    }
    const args = ['--automation'];
    if (!javaScript) args.push('--enable-javascript=false');
    // The page may copy to the clipboard from a click, as a browser with a user allows it.
    args.push('--javascript-can-access-clipboard=true');
    engine.driver = await new Builder()
      .usingServer(server)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': {binary: MINIBROWSER, args},
      })
      .build();
    engine.javaScript = javaScript;
    await engine.setViewport(1280, 800);
    return engine;
  }

  async version() {
    const capabilities = await this.driver.getCapabilities();
    return `MiniBrowser ${capabilities.get('browserVersion')}`;
  }

  async goto(pathname) {
    await this.driver.get(new URL(pathname, this.baseURL).href);
  }

  async reload() {
    await this.driver.navigate().refresh();
  }

  /** Runs `fn(...args)` in the page; with JavaScript off, WebDriver's scripts still run. */
  evaluate(fn, ...args) {
    return this.driver.executeScript(`return (${fn}).apply(null, arguments)`, ...args);
  }

  async element(selector) {
    const element = await this.driver.executeScript(FIRST_VISIBLE, selector);
    if (!element) throw new Error(`${this.name}: no visible element matches ${selector}`);
    return element;
  }

  async click(selector) {
    await (await this.element(selector)).click();
  }

  async hover(selector) {
    const element = await this.element(selector);
    // WebDriver moves the pointer only within the viewport.
    await this.driver.executeScript("arguments[0].scrollIntoView({block: 'center'})", element);
    await this.driver.actions().move({origin: element}).perform();
  }

  async type(selector, text, {delay = 0} = {}) {
    if (!(await this.driver.executeScript(FOCUS_FIRST_VISIBLE, selector)))
      throw new Error(`${this.name}: no visible element matches ${selector}`);
    if (!delay) return this.driver.actions().sendKeys(text).perform();
    let actions = this.driver.actions();
    for (const key of text) actions = actions.sendKeys(key).pause(delay);
    await actions.perform();
  }

  async press(chord) {
    const keys = chord.split('+').map((key) => SELENIUM_KEYS[key] ?? key);
    let actions = this.driver.actions();
    for (const key of keys.slice(0, -1)) actions = actions.keyDown(key);
    actions = actions.sendKeys(keys.at(-1));
    for (const key of keys.slice(0, -1).reverse()) actions = actions.keyUp(key);
    await actions.perform();
  }

  /**
   * Sizes the window so that the page gets `width` × `height` CSS pixels, as far as the window
   * allows: MiniBrowser's window does not get narrower than its toolbar (about 450 px).
   */
  async setViewport(width, height) {
    await this.driver.manage().window().setRect({width, height});
    const [innerWidth, innerHeight] = await this.evaluate(() => [window.innerWidth, window.innerHeight]).catch(() => [
      width,
      height,
    ]);
    if (innerWidth !== width || innerHeight !== height) {
      await this.driver
        .manage()
        .window()
        .setRect({width: width * 2 - innerWidth, height: height * 2 - innerHeight});
    }
  }

  async screenshot(file) {
    const {writeFile} = await import('node:fs/promises');
    await writeFile(file, await this.driver.takeScreenshot(), 'base64');
  }

  async close() {
    await this.driver.quit().catch(() => {});
    this.server.kill();
  }
}

/** Starts an engine: `firefox` or `webkit`. `port` is the WebKitWebDriver's. */
export function launch(name, baseURL, options = {}) {
  if (name === 'firefox') return FirefoxEngine.launch(baseURL, options);
  if (name === 'webkit') return WebKitEngine.launch(baseURL, options);
  throw new Error(`unknown engine ${name}`);
}
