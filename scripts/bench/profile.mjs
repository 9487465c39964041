#!/usr/bin/env node
/* global document, MutationObserver */ // used in page.evaluate callbacks, which run in the page
// `npm run bench:profile`: where the main thread's time goes while a page of build/ loads.
// Chromium (Playwright) opens each page at the Moto G Power viewport Lighthouse uses, with the CPU
// slowed down 4× (CDP Emulation.setCPUThrottlingRate), records a Chrome trace with the V8 sampling
// profiler from navigation until the page has hydrated and 1.5 s of quiet, and splits the main
// thread's busy time:
//   - by kind: style, layout (and how much of it JavaScript forced), paint, HTML parsing, script
//     compilation, garbage collection, and JavaScript, the latter split by phase: module evaluation
//     (webpack's require), React render, commit (mutation and layout effects), passive effects;
//   - by package (self time of JavaScript samples) and by component (render-phase samples charged
//     to the nearest component function on the stack), through the build's source maps;
//   - long tasks (over 50 ms under the 4× slowdown), each split by kind, its React work by component
//     and its module evaluation by package (a native call such as appendChild is its own "package"),
//     and the blocking time (task time over 50 ms)
//     from the hydration commit's task on: its effects and the updates they set;
//   - the React commits after hydration: how many components rendered, how many fibers were made,
//     and in which components the state changed (where each update began), through the same hook
//     React DOM calls for developer tools.
// Needs a build with source maps: `DOCS_SOURCE_MAPS=true npx docusaurus build` (hidden maps, the
// scripts are the same bytes as a normal build's). Without maps it still prints the split by kind.
// The figures are for comparing builds on one machine back to back, not absolute timings.
//   node scripts/bench/profile.mjs [--dir build] [--port 3372] [--runs 3] [--rate 4] [--json F]
//        [--desktop] [path ...]   (default paths: the v1 whitepaper and the long blog post)
import {SourceMap} from 'node:module';
import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import {chromium} from '@playwright/test';
import {startServer} from '../lib/start-server.mjs';

const {values, positionals} = parseArgs({
  allowPositionals: true,
  options: {
    dir: {type: 'string', default: 'build'},
    port: {type: 'string', default: '3372'},
    runs: {type: 'string', default: '3'},
    rate: {type: 'string', default: '4'},
    json: {type: 'string'},
    desktop: {type: 'boolean', default: false},
    top: {type: 'string', default: '12'},
  },
});
const PATHS = positionals.length ? positionals : ['/docs/v1/Protocol/whitepaper', '/blog/long-blog-post'];
const origin = `http://localhost:${values.port}`;
const TOP = Number(values.top);

// react-dom 18.3.1's production build, minified names of the functions that mark a phase
// (found by their error codes: commitRootImpl throws 327/177, flushPassiveEffects 331,
// performUnitOfWork is the body of both work loops).
const REACT_DOM_PHASES = {Hk: 'passive effects', Wk: 'commit', Uk: 'render', Lk: 'render', Tk: 'render'};

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'toplevel',
  'blink.user_timing',
  'loading',
  'v8',
];

/** Trace event names → the kind of main-thread work they are (their self time is counted). */
const KINDS = {
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  Paint: 'paint and composite',
  PrePaint: 'paint and composite',
  Layerize: 'paint and composite',
  UpdateLayer: 'paint and composite',
  Commit: 'paint and composite',
  ParseHTML: 'HTML parsing',
  'v8.compile': 'script compilation',
  'v8.compileModule': 'script compilation',
  CompileScript: 'script compilation',
  'v8.parseOnBackground': 'script compilation',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
  'V8.GC_SCAVENGER': 'garbage collection',
  'BlinkGC.AtomicPhase': 'garbage collection',
  EvaluateScript: 'JavaScript',
  FunctionCall: 'JavaScript',
  TimerFire: 'JavaScript',
  FireAnimationFrame: 'JavaScript',
  RunMicrotasks: 'JavaScript',
  EventDispatch: 'JavaScript',
  'v8.run': 'JavaScript',
  'v8.callFunction': 'JavaScript',
  'V8.Execute': 'JavaScript',
};
const JS_WRAPPERS = new Set([
  'EvaluateScript',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'EventDispatch',
  'v8.run',
  'v8.callFunction',
  'V8.Execute',
]);

// ---------------------------------------------------------------------------------------------
// Source maps: script URL → SourceMap (or null), and a mapped frame's package and function name.

const maps = new Map();
function mapFor(url) {
  if (!maps.has(url)) {
    let map = null;
    try {
      const path = new URL(url).pathname;
      const file = join(values.dir, `${decodeURIComponent(path)}.map`);
      if (existsSync(file)) map = new SourceMap(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      map = null;
    }
    maps.set(url, map);
  }
  return maps.get(url);
}

function packageOf(source) {
  if (!source) return '(unmapped)';
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = source.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (source.includes('webpack/runtime') || source.startsWith('webpack/')) return '(webpack runtime)';
  if (source.includes('.docusaurus/')) return '(generated: routes, registry, config)';
  if (/\/(docs|versioned_docs|blog)\/|\.mdx?$/.test(source)) return '(content: MDX)';
  if (source.includes('/src/'))
    return `site ${source
      .slice(source.indexOf('/src/') + 1)
      .split('/')
      .slice(0, 3)
      .join('/')}`;
  return source.replace(/^.*?\/\/\//, '');
}

const frameCache = new Map();
/** {pkg, name, source, line} of a V8 call frame, through the script's source map. */
function resolveFrame(frame) {
  const key = `${frame.url}:${frame.lineNumber}:${frame.columnNumber}:${frame.functionName}`;
  if (frameCache.has(key)) return frameCache.get(key);
  let result;
  if (!frame.url || !frame.url.startsWith(origin)) {
    result = {
      pkg: frame.url ? '(other script)' : `(${frame.functionName || 'native'})`,
      name: frame.functionName,
      source: frame.url,
    };
  } else {
    const map = mapFor(frame.url);
    const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
    if (!entry || !entry.originalSource) {
      result = {pkg: map ? '(unmapped)' : new URL(frame.url).pathname, name: frame.functionName, source: frame.url};
    } else {
      let name = entry.name || '';
      const content = sourceContent(map, entry.originalSource);
      if (content) {
        // The name at the function's start in the original source: `function X(`, `X = (`, `X(`.
        const lines = content.split('\n');
        const text = (lines[entry.originalLine] ?? '').slice(
          Math.max(0, entry.originalColumn - 60),
          entry.originalColumn + 60,
        );
        const at = 60 - Math.max(0, 60 - entry.originalColumn);
        const after = text.slice(at);
        const before = text.slice(0, at);
        const m =
          /^(?:async\s+)?function\s*\*?\s*([\w$]+)/.exec(after) ||
          /^([\w$]+)\s*\(/.exec(after) ||
          /([\w$]+)\s*[:=]\s*(?:async\s*)?(?:function\b[^(]*)?$/.exec(before) ||
          /function\s+([\w$]+)\s*$/.exec(before);
        if (m) name = m[1];
      }
      result = {
        pkg: packageOf(entry.originalSource),
        name: name || frame.functionName || '(anonymous)',
        source: entry.originalSource,
        line: entry.originalLine + 1,
      };
    }
  }
  frameCache.set(key, result);
  return result;
}

const contentCache = new Map();
function sourceContent(map, source) {
  const key = `${source}`;
  if (!contentCache.has(key)) {
    const payload = map.payload;
    const index = payload.sources.indexOf(source);
    contentCache.set(key, index >= 0 ? (payload.sourcesContent?.[index] ?? null) : null);
  }
  return contentCache.get(key);
}

// ---------------------------------------------------------------------------------------------
// One traced page load.

async function traceLoad(browser, path) {
  const context = await browser.newContext(
    values.desktop
      ? {viewport: {width: 1350, height: 940}}
      : {viewport: {width: 412, height: 823}, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true},
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: Number(values.rate)});
  // When hydration ends: React's first commit on the page, seen through the hook React DOM calls on
  // every commit when a developer-tools extension has installed one. (The `data-has-hydrated`
  // attribute comes later: Helmet sets it after the updates that follow hydration.)
  await page.addInitScript(() => {
    globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject: () => 1,
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      // After the hydration commit, each commit's work: the components that rendered (React
      // marks them PerformedWork; a subtree whose child list is the one of the last commit was
      // skipped), the fibers made new, and the components whose state changed (where the update
      // began), named by their function's text, found in the build's scripts afterwards.
      // The walk runs inside each commit's task, so its time (not measured apart) is in the blocking
      // time after hydration, in every build compared alike. The hydration commit is not walked.
      onCommitFiberRoot(id, root) {
        if (globalThis.__hydratedAt === undefined) {
          globalThis.__hydratedAt = performance.now();
          globalThis.__commits = [];
          return;
        }
        const commit = {at: performance.now(), rendered: 0, created: 0, changed: []};
        const stack = [root.current];
        while (stack.length) {
          const fiber = stack.pop();
          const before = fiber.alternate;
          if (before === null) commit.created++;
          if (typeof fiber.type === 'function' && fiber.flags & 1) {
            commit.rendered++;
            // A state hook (one with an update queue) holding another value than before.
            let hook = fiber.memoizedState;
            let old = before?.memoizedState;
            while (hook && old && !(hook.queue && hook.memoizedState !== old.memoizedState)) {
              hook = hook.next;
              old = old.next;
            }
            if (hook && old) commit.changed.push(String(fiber.type).slice(0, 100));
          }
          if (fiber.sibling) stack.push(fiber.sibling);
          if (fiber.child && (before === null || fiber.child !== before.child)) stack.push(fiber.child);
        }
        globalThis.__commits.push(commit);
      },
    };
  });
  await browser.startTracing(page, {categories: CATEGORIES});
  await page.goto(origin + path, {waitUntil: 'load'});
  // Hydrated: one call that waits on a MutationObserver (Playwright's polling locators would run in
  // the page and be profiled with it).
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const html = document.documentElement;
        const done = () => html.dataset.hasHydrated === 'true';
        if (done()) return resolve();
        new MutationObserver((_, observer) => done() && (observer.disconnect(), resolve())).observe(html, {
          attributes: true,
        });
      }),
  );
  // Quiet: no task over 50 ms for 1.5 s (or 8 s at most), so effects and late chunks are in.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        let last = performance.now();
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = Math.max(last, entry.startTime + entry.duration);
        }).observe({type: 'longtask', buffered: true});
        const start = performance.now();
        const check = () =>
          performance.now() - last > 1500 || performance.now() - start > 8000 ? resolve() : setTimeout(check, 100);
        check();
      }),
  );
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const hydratedAt = await page.evaluate(() => globalThis.__hydratedAt);
  if (hydratedAt === undefined) throw new Error(`${path}: the hydration commit was not seen`);
  const commits = await page.evaluate(() => globalThis.__commits);
  await context.close();
  return {...analyse(Array.isArray(trace) ? trace : trace.traceEvents, hydratedAt), updates: updatesOf(commits)};
}

/** The commits after hydration, summed, and where their updates began (component and package). */
function updatesOf(commits) {
  const origins = {};
  for (const text of commits.flatMap((c) => c.changed)) {
    const {pkg, name} = locateFunction(text);
    const key = `${name} (${pkg})`;
    origins[key] = (origins[key] ?? 0) + 1;
  }
  return {
    commits: commits.length,
    rendered: commits.reduce((sum, c) => sum + c.rendered, 0),
    created: commits.reduce((sum, c) => sum + c.created, 0),
    origins,
  };
}

const scripts = new Map();
/** A function of the build's scripts, found by the start of its text, named through the source map. */
function locateFunction(text) {
  if (scripts.size === 0)
    for (const file of readdirSync(join(values.dir, 'assets/js')).filter((f) => f.endsWith('.js')))
      scripts.set(file, readFileSync(join(values.dir, 'assets/js', file), 'utf8'));
  for (const [file, code] of scripts) {
    const at = code.indexOf(text);
    if (at < 0) continue;
    const lines = code.slice(0, at).split('\n');
    // Mapped at the `function` keyword: the original source's name is read there.
    return resolveFrame({
      url: `${origin}/assets/js/${file}`,
      lineNumber: lines.length - 1,
      columnNumber: lines.at(-1).length,
    });
  }
  return {pkg: '(not found)', name: text.slice(0, 40)};
}

function analyse(events, hydratedAt) {
  // The renderer main thread that ran our page: the CrRendererMain with the most ParseHTML time.
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const parse = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (names.get(key) === 'CrRendererMain' && e.name === 'ParseHTML')
      parse.set(key, (parse.get(key) ?? 0) + (e.dur ?? 0));
  }
  const main = [...parse.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main);
  const navStart =
    onMain.find((e) => e.name === 'navigationStart' || e.name === 'markAsMainFrame')?.ts ??
    Math.min(...onMain.filter((e) => e.ts).map((e) => e.ts));

  // Top-level tasks and the self time of each kind of event nested in them.
  // Top-level tasks only (RunTask events can nest: ThreadControllerImpl::RunTask wraps RunTask).
  const allTasks = onMain
    .filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.dur)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = [];
  for (const t of allTasks) if (!tasks.length || t.ts >= tasks.at(-1).ts + tasks.at(-1).dur) tasks.push(t);
  const busy = tasks.reduce((sum, t) => sum + t.dur, 0) / 1000;
  const taskAt = (ts) => tasks.find((t) => t.ts <= ts && ts < t.ts + t.dur);
  const longTasks = tasks
    .filter((t) => t.dur > 50_000)
    .map((t) => ({start: Math.round((t.ts - navStart) / 1000), ms: Math.round(t.dur / 1000), kinds: {}}));
  const longOf = (ts) => {
    const t = taskAt(ts);
    return t && t.dur > 50_000 ? longTasks[tasks.filter((u) => u.dur > 50_000).indexOf(t)] : null;
  };
  const blocking = tasks.reduce((sum, t) => sum + Math.max(0, t.dur / 1000 - 50), 0);
  // From the task of the hydration commit on (its effects, and the updates they set).
  const blockingAfterHydration = tasks
    .filter((t) => (t.ts + t.dur - navStart) / 1000 >= hydratedAt)
    .reduce((sum, t) => sum + Math.max(0, t.dur / 1000 - 50), 0);

  const complete = onMain.filter((e) => e.ph === 'X' && e.dur !== undefined && KINDS[e.name]);
  // B/E pairs (some Blink events are emitted that way) → complete events.
  const open = new Map();
  for (const e of onMain) {
    if (!KINDS[e.name]) continue;
    if (e.ph === 'B') open.set(e.name, e);
    else if (e.ph === 'E' && open.has(e.name)) {
      const b = open.get(e.name);
      complete.push({...b, ph: 'X', dur: e.ts - b.ts, args: {...b.args, ...e.args}});
      open.delete(e.name);
    }
  }
  complete.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const kinds = {};
  const forced = {style: 0, layout: 0, stacks: new Map()};
  const stack = [];
  for (const e of complete) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    const kind = KINDS[e.name];
    kinds[kind] = (kinds[kind] ?? 0) + e.dur / 1000;
    if (parent) kinds[KINDS[parent.name]] -= e.dur / 1000;
    const long = longOf(e.ts);
    if (long) {
      long.kinds[kind] = (long.kinds[kind] ?? 0) + e.dur / 1000;
      if (parent) long.kinds[KINDS[parent.name]] -= e.dur / 1000;
    }
    if ((kind === 'style' || kind === 'layout') && stack.some((s) => JS_WRAPPERS.has(s.name))) {
      forced[kind] += e.dur / 1000;
      const frames = e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace ?? [];
      const where = frames
        .slice(0, 6)
        .map((f) =>
          resolveFrame({
            url: f.url,
            lineNumber: f.lineNumber - 1,
            columnNumber: f.columnNumber - 1,
            functionName: f.functionName,
          }),
        )
        .filter((f) => f.pkg !== '(other script)')
        .map((f) => `${f.name} (${f.pkg})`)
        .join(' < ');
      const label = `${kind}: ${where || '(no stack)'}`;
      forced.stacks.set(label, (forced.stacks.get(label) ?? 0) + e.dur / 1000);
    }
    stack.push(e);
  }

  // JavaScript samples of the main thread's V8 profile.
  const profiles = new Map();
  for (const e of events) {
    if (e.name === 'Profile' && `${e.pid}:${e.tid}` === main)
      profiles.set(e.id, {nodes: new Map(), samples: [], deltas: [], start: e.args.data.startTime});
  }
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !profiles.has(e.id)) continue;
    const p = profiles.get(e.id);
    const data = e.args.data;
    for (const node of data.cpuProfile?.nodes ?? []) p.nodes.set(node.id, node);
    p.samples.push(...(data.cpuProfile?.samples ?? []));
    p.deltas.push(...(data.timeDeltas ?? []));
  }
  const phases = {};
  const packages = {};
  const components = {};
  const others = {};
  const functions = {};
  let sampled = 0;
  for (const p of profiles.values()) {
    p.times = [];
    for (let i = 0, t = 0; i < p.deltas.length; i++) p.times.push((t += p.deltas[i]));
    const stackCache = new Map();
    const stackOf = (id) => {
      if (stackCache.has(id)) return stackCache.get(id);
      const frames = [];
      for (let node = p.nodes.get(id); node; node = p.nodes.get(node.parent)) frames.push(node.callFrame);
      stackCache.set(id, frames);
      return frames;
    };
    for (let i = 0; i < p.samples.length; i++) {
      const ms = (p.deltas[i + 1] ?? 0) / 1000;
      if (ms <= 0 || ms > 100) continue;
      const frames = stackOf(p.samples[i]);
      const leaf = frames[0];
      if (!leaf || ['(idle)', '(root)', '(program)', '(garbage collector)'].includes(leaf.functionName)) continue;
      const resolved = frames.map(resolveFrame);
      // Samples of scripts that are not the page's (browser-internal pages, injected tooling)
      // share the thread's profile; they are left out.
      if (
        resolved.every((f) => f.pkg === '(other script)' || /^\(+(root|program|native|idle)\)+$/.test(f.pkg)) &&
        resolved[0].pkg === '(other script)'
      )
        continue;
      sampled += ms;
      let phase = null;
      for (const f of resolved) {
        if (f.pkg === 'react-dom' && REACT_DOM_PHASES[f.name]) {
          phase = REACT_DOM_PHASES[f.name];
          if (phase === 'passive effects') break;
          if (phase === 'commit' && !resolved.some((g) => g.pkg === 'react-dom' && g.name === 'Hk')) break;
          if (phase === 'render') continue;
        }
      }
      if (!phase) {
        phase = resolved.some((f) => f.name === '__webpack_require__' || f.pkg === '(webpack runtime)')
          ? 'module evaluation'
          : 'other JavaScript';
      }
      phases[phase] = (phases[phase] ?? 0) + ms;
      const long = longOf(p.start + p.times[i + 1]);
      if (long) long.kinds[`js: ${phase}`] = (long.kinds[`js: ${phase}`] ?? 0) + ms;
      // Module evaluation in a long task, by the package whose code the sample was in.
      if (long && phase === 'module evaluation')
        long.kinds[`  evaluating ${resolved[0].pkg}`] = (long.kinds[`  evaluating ${resolved[0].pkg}`] ?? 0) + ms;
      if (phase === 'other JavaScript') {
        const label = resolved
          .slice(0, 4)
          .map((f) => `${f.name} (${f.pkg})`)
          .join(' < ');
        others[label] = (others[label] ?? 0) + ms;
      }
      packages[resolved[0].pkg] = (packages[resolved[0].pkg] ?? 0) + ms;
      const fn = `${resolved[0].name} (${resolved[0].pkg}${resolved[0].line ? ` ${resolved[0].source.split('/').pop()}:${resolved[0].line}` : ''})`;
      functions[fn] = (functions[fn] ?? 0) + ms;
      if (phase === 'render' || phase === 'commit' || phase === 'passive effects') {
        const component = resolved.find(
          (f) => !['react-dom', 'react', 'scheduler', '(other script)'].includes(f.pkg) && /^[A-Z]/.test(f.name ?? ''),
        );
        const label = component ? `${component.name} (${component.pkg})` : '(React itself)';
        components[`${phase}: ${label}`] = (components[`${phase}: ${label}`] ?? 0) + ms;
        if (long && component)
          long.kinds[`  ${phase} in ${component.name}`] = (long.kinds[`  ${phase} in ${component.name}`] ?? 0) + ms;
      }
    }
  }
  return {
    busy,
    blocking,
    blockingAfterHydration,
    longTasks,
    others,
    functions,
    kinds,
    forced: {style: forced.style, layout: forced.layout, stacks: Object.fromEntries(forced.stacks)},
    phases,
    packages,
    components,
    sampled,
  };
}

// ---------------------------------------------------------------------------------------------

const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
function meanOf(records) {
  const keys = new Set(records.flatMap((r) => Object.keys(r)));
  return Object.fromEntries([...keys].map((k) => [k, mean(records.map((r) => r[k] ?? 0))]));
}
const fmt = (ms) => `${Math.round(ms).toLocaleString('en-US').padStart(6)} ms`;
const top = (record, n = TOP) =>
  Object.entries(record)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);

const stop = await startServer('node', ['server/serve.mjs', '--dir', values.dir, '--port', values.port], `${origin}/`);
const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu']});
const report = {};
try {
  for (const path of PATHS) {
    const runs = [];
    for (let i = 0; i < Number(values.runs); i++) runs.push(await traceLoad(browser, path));
    const summary = {
      busy: mean(runs.map((r) => r.busy)),
      blocking: mean(runs.map((r) => r.blocking)),
      blockingAfterHydration: runs.map((r) => Math.round(r.blockingAfterHydration)),
      updates: {
        commits: mean(runs.map((r) => r.updates.commits)),
        rendered: mean(runs.map((r) => r.updates.rendered)),
        created: mean(runs.map((r) => r.updates.created)),
        origins: meanOf(runs.map((r) => r.updates.origins)),
      },
      longTasks: runs.map((r) => r.longTasks.map((t) => t.ms).join('+') || '0'),
      longTaskKinds: runs.map((r) =>
        r.longTasks.map((t) => ({
          ms: t.ms,
          at: t.start,
          split: Object.fromEntries(top(t.kinds, 9).map(([k, v]) => [k, Math.round(v)])),
        })),
      ),
      others: meanOf(runs.map((r) => r.others)),
      functions: meanOf(runs.map((r) => r.functions)),
      kinds: meanOf(runs.map((r) => r.kinds)),
      forced: {
        style: mean(runs.map((r) => r.forced.style)),
        layout: mean(runs.map((r) => r.forced.layout)),
        stacks: meanOf(runs.map((r) => r.forced.stacks)),
      },
      phases: meanOf(runs.map((r) => r.phases)),
      packages: meanOf(runs.map((r) => r.packages)),
      components: meanOf(runs.map((r) => r.components)),
    };
    report[path] = summary;
    console.log(
      `\n${path}  (${values.runs} runs, CPU ${values.rate}× slower, ${values.desktop ? 'desktop' : 'mobile'} viewport; mean)`,
    );
    console.log(
      `  main thread busy ${fmt(summary.busy)}   blocking (task time over 50 ms) ${fmt(summary.blocking)}   long tasks per run: ${summary.longTasks.join(' | ')}`,
    );
    console.log(`  blocking from the hydration commit on, per run: ${summary.blockingAfterHydration.join(' | ')} ms`);
    console.log(
      `  after the hydration commit (mean per run): ${summary.updates.commits.toFixed(1)} commits, ${Math.round(summary.updates.rendered)} components rendered, ${Math.round(summary.updates.created)} fibers made; state changed in:`,
    );
    for (const [where, count] of top(summary.updates.origins, 16))
      console.log(`    ${count.toFixed(1).padStart(5)}  ${where}`);
    for (const task of summary.longTaskKinds[0])
      console.log(
        `    long task at ${task.at} ms: ${task.ms} ms = ${Object.entries(task.split)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
    console.log('  by kind:');
    for (const [kind, ms] of top(summary.kinds, 20)) console.log(`    ${kind.padEnd(22)} ${fmt(ms)}`);
    console.log(`    (forced by JavaScript: style ${fmt(summary.forced.style)}, layout ${fmt(summary.forced.layout)})`);
    for (const [where, ms] of top(summary.forced.stacks, 6)) console.log(`      ${fmt(ms)}  ${where}`);
    console.log('  JavaScript by phase (samples):');
    for (const [phase, ms] of top(summary.phases)) console.log(`    ${phase.padEnd(22)} ${fmt(ms)}`);
    for (const [where, ms] of top(summary.others, 6)) console.log(`      other: ${fmt(ms)}  ${where}`);
    console.log('  JavaScript self time by package:');
    for (const [pkg, ms] of top(summary.packages)) console.log(`    ${pkg.padEnd(46)} ${fmt(ms)}`);
    console.log('  JavaScript self time by function:');
    for (const [fn, ms] of top(summary.functions)) console.log(`    ${fn.padEnd(70)} ${fmt(ms)}`);
    console.log('  React work by component (nearest component on the stack):');
    for (const [component, ms] of top(summary.components, 20)) console.log(`    ${component.padEnd(64)} ${fmt(ms)}`);
  }
} finally {
  await browser.close();
  stop();
}
if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2));
