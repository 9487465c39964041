// Client module of ./index.ts. Client modules run before core's entry assigns `window.docusaurus`
// (its frozen {prefetch, preload} object), so this defines the property with a setter that takes
// core's object and keeps a wrapper in its place: prefetch requests are queued and passed on to
// core's prefetch in idle callbacks; preload (a pointer over a link) is passed on at once. Core's
// rules stay core's: a route is prefetched once, never after it was preloaded, and never on a 2g
// connection or with data saving on.
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

/** Time left in an idle period below which the queue waits for the next one. */
const MIN_IDLE_MS = 5;

function onIdle(stock) {
  const queue = [];
  const queued = new Set();
  let scheduled = false;
  const whenIdle = (run) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(run, {timeout: 1000}) : setTimeout(run, 50);
  const runQueue = (deadline) => {
    scheduled = false;
    do stock.prefetch(queue.shift());
    while (queue.length > 0 && deadline && deadline.timeRemaining() > MIN_IDLE_MS);
    if (queue.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    whenIdle(runQueue);
  };
  return Object.freeze({
    prefetch(routePath) {
      if (queued.has(routePath)) return false;
      queued.add(routePath);
      queue.push(routePath);
      schedule();
      return true;
    },
    preload: (routePath) => stock.preload(routePath),
  });
}

if (ExecutionEnvironment.canUseDOM) {
  let current;
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set(stock) {
      current = stock && typeof stock.prefetch === 'function' ? onIdle(stock) : stock;
    },
  });
}
