// After hydration, every component that asks for the window size learns it in an effect: "ssr"
// becomes "desktop" or "mobile". On a phone that swaps the docs sidebar and the table of contents
// for their mobile versions and turns the navbar's drawer on. theme-common sets that state at
// React's default priority, so the whole swap renders in one task, together with the other
// updates that effects make after hydration. The client build resolves theme-common's hook to
// ./useWindowSize.js, which sets the first value as a transition: React renders it in slices of a
// few milliseconds and can stop for input. Later changes (resizes) are set as before.
// Measured (benchmarks/README.md, "The mobile layout after hydration"): phone-sized window, 4x CPU,
// 10 loads each of the whitepaper and the verification reference, alternating with the build
// before: a task over 50 ms after the hydration commit in 19 of 20 loads before (61-133 ms), in 8
// of 20 after (51-80 ms); median blocking time after hydration 36 and 39 ms before, 2 and 0 after.
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
