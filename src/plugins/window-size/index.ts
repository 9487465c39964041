// After hydration, every component that asks for the window size learns it in an effect: "ssr"
// becomes "desktop" or "mobile". On a phone that swaps the docs sidebar and the table of contents
// for their mobile versions and turns the navbar's drawer on. theme-common sets that state at
// React's default priority, so the whole swap renders in one task, together with the other
// updates that effects make after hydration. The client build resolves theme-common's hook to
// ./useWindowSize.js, which sets the first value as a transition: React renders it in slices of a
// few milliseconds and can stop for input. Later changes (resizes) are set as before.
// Measured (benchmarks/README.md, "The mobile layout after hydration"): bench:profile's blocking
// time from the hydration commit on, phone viewport, 4x CPU, 10 loads per page in two sessions
// alternating with the build before: median 36 -> 0 ms on the whitepaper, 32 -> 1 ms on the
// verification reference.
import path from 'node:path';
import {createRequire} from 'node:module';
import type {Plugin} from '@docusaurus/types';

export default function windowSizePlugin(): Plugin {
  // theme-common imports the hook by relative path; the resolver matches aliases against the
  // absolute path of such requests, without the extension.
  const hook = path.join(
    path.dirname(createRequire(__filename).resolve('@docusaurus/theme-common')),
    'hooks/useWindowSize',
  );
  return {
    name: 'window-size',
    configureWebpack: (_config, isServer) =>
      isServer ? {} : {resolve: {alias: {[`${hook}$`]: path.join(__dirname, 'useWindowSize.js')}}},
  };
}
