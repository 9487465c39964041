// Route prefetches of the links in view run in idle time, a few per idle period, instead of all in
// the task that hydrates the page. Every <Link> that scrolls into view calls
// `window.docusaurus.prefetch(path)`; stock looks the route's chunks up in the whole chunk-name
// table and appends its <link rel="prefetch"> hints at once, so on a long page the links in view at
// hydration cost one long task (bench:profile at 4x CPU: 130-200 ms on the v1 whitepaper and the
// long blog post). The hints and the files they fetch stay the same, a few frames later.
// Mechanism: a client module (public plugin API) wraps core's `window.docusaurus` as core's entry
// assigns it; nothing of core is copied or replaced. Measured gain and test: ARCHITECTURE.md.
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function idlePrefetchPlugin(): Plugin {
  return {
    name: 'idle-prefetch',
    getClientModules: () => [path.join(__dirname, 'client.js')],
  };
}
