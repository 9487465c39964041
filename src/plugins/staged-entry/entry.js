// The client entry of production builds (./index.ts). Core's entry (clientEntry.js) evaluates the
// whole module tree, matches the route and starts loading its chunks in the one task that runs
// main.js; here the same work runs in a few tasks with a yield between them, so the browser can
// handle input and paint in between. Same modules and same work, a few modules evaluated earlier:
// each step only makes the next one cheaper (a module evaluated once is not evaluated again; a
// route chunk already requested is not requested again), and the last step is core's entry.
/* eslint-disable @typescript-eslint/no-require-imports -- a require() evaluates a module when the step runs; an import would evaluate it at once */
const steps = [
  // React DOM and the scheduler.
  ['react-dom', () => require('react-dom/client')],
  // The route table and the chunk registry.
  ['routes', () => require('@generated/routes')],
  // The app's component tree (theme, client modules).
  ['app', () => require('@docusaurus/core/lib/client/App')],
  // The route table's paths compiled to regular expressions by matching the current path once
  // (react-router caches them), so the steps that match it again do not compile them.
  [
    'match',
    () => require('react-router-config').matchRoutes(require('@generated/routes').default, window.location.pathname),
  ],
  // The current route's chunks start loading. Core's entry preloads the same route again, waits for
  // it and meets any failure itself, so this promise's outcome is not needed here.
  [
    'chunks',
    () =>
      require('@docusaurus/core/lib/client/preload')
        .default(window.location.pathname)
        .catch(() => {}),
  ],
  ['entry', () => require('@docusaurus/core/lib/client/clientEntry')],
];

// Each step leaves a User Timing mark ("client start: <step>"): a performance profile shows where
// each task began, and tests/patches.spec.ts tells this entry from core's by them.
function run() {
  const [name, step] = steps.shift();
  performance.mark(`client start: ${name}`);
  step();
  if (steps.length > 0) setTimeout(run, 0);
}
run();
