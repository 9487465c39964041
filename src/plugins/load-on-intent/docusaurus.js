// Replaces @docusaurus/core/lib/client/docusaurus.js (the `window.docusaurus` object that <Link>
// calls), same API and rules, but route prefetches run in idle time, a few per idle period.
// Every <Link> in view asks for its route's code right after hydration; stock looks each route's
// chunks up in the whole chunk-name table and appends the <link rel="prefetch"> hints in that same
// task (bench:profile: 130-200 ms of a 4×-slowed main thread on the v1 whitepaper and the long
// blog post). The hints and the files they fetch are the same, a few frames later. Stock freezes
// the object, so it cannot be patched from outside: ./index.ts swaps the module at build time.
import {matchRoutes} from 'react-router-config';
import routesChunkNames from '@generated/routesChunkNames';
import routes from '@generated/routes';
import prefetchHelper from '@docusaurus/core/lib/client/prefetch';
import preloadHelper from '@docusaurus/core/lib/client/preload';
import flat from '@docusaurus/core/lib/client/flat';

const fetched = new Set();
const loaded = new Set();

/** A 2g connection or data saving: no prefetch nor preload (as stock). */
const isSlowConnection = () => navigator.connection?.effectiveType.includes('2g') || navigator.connection?.saveData;
const canPrefetch = (routePath) => !isSlowConnection() && !loaded.has(routePath) && !fetched.has(routePath);
const canPreload = (routePath) => !isSlowConnection() && !loaded.has(routePath);

/** Route path (without its hash suffix) → chunk names, built once on first use. */
let chunkNamesByPath;
function chunkNamesOf(path) {
  if (!chunkNamesByPath) {
    chunkNamesByPath = new Map();
    for (const [key, chunks] of Object.entries(routesChunkNames)) {
      const routePath = key.replace(/-[^-]+$/, '');
      const names = chunkNamesByPath.get(routePath) ?? [];
      names.push(...Object.values(flat(chunks)));
      chunkNamesByPath.set(routePath, names);
    }
  }
  return chunkNamesByPath.get(path) ?? [];
}

function prefetchNow(routePath) {
  for (const match of matchRoutes(routes, routePath)) {
    for (const chunkName of chunkNamesOf(match.route.path)) {
      // The chunk's URL; a chunk merged into another by the bundler has none.
      // eslint-disable-next-line no-undef
      const asset = __webpack_require__.gca(chunkName);
      if (asset && !asset.includes('undefined')) prefetchHelper(asset);
    }
  }
}

const queue = [];
let scheduled = false;
const whenIdle = (run) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(run, {timeout: 1000}) : setTimeout(run, 50);
function runQueue(deadline) {
  scheduled = false;
  do prefetchNow(queue.shift());
  while (queue.length > 0 && deadline && deadline.timeRemaining() > 5);
  if (queue.length > 0) schedule();
}
function schedule() {
  if (scheduled) return;
  scheduled = true;
  whenIdle(runQueue);
}

const prefetch = (routePath) => {
  if (!canPrefetch(routePath)) return false;
  fetched.add(routePath);
  queue.push(routePath);
  schedule();
  return true;
};

const preload = (routePath) => {
  if (!canPreload(routePath)) return false;
  loaded.add(routePath);
  return preloadHelper(routePath);
};

export default Object.freeze({prefetch, preload});
