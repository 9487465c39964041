// Right after hydration, effects set the state that the server could not know: core's browser
// context turns `isBrowser` true (the colour toggle, the search box, sidebar category links and
// more read it) and theme-common's useWindowSize turns "ssr" into "desktop" or "mobile" (on a
// phone: the docs sidebar and table of contents swap to their mobile parts and the navbar's drawer
// is rendered). Both set it at React's default priority, which React renders in one task: 126 to
// 230 ms at 4x CPU on a phone-wide doc page (bench:profile). The client build resolves both
// modules to copies (./browserContext.js, ./useWindowSize.js) that set that first value as a
// transition, which React renders in slices of a few milliseconds and interrupts for input.
// Nothing else changes: later resizes are set as before, and the server render is the same.
// Measured (benchmarks/README.md, "The updates after hydration as transitions"): Lighthouse TBT
// higher without it in 15 of 18 paired rounds, median +62 ms (p = 0.008); bench:profile's blocking
// from the hydration commit on, medians 170 -> 21 ms (whitepaper), 131 -> 22 ms (SDK page).
// Depends on core's lib/client/browserContext.js (imported by App.js and exports/useIsBrowser.js
// by relative path) and theme-common's lib/hooks/useWindowSize.js (imported by lib/index.js and
// contexts/navbarMobileSidebar.js): scripts/check/upstream-pins.json pins them,
// tests/patches.spec.ts fails when an alias stops matching.
import path from 'node:path';
import {createRequire} from 'node:module';
import type {Plugin} from '@docusaurus/types';

const {resolve} = createRequire(__filename);

export default function afterHydrationPlugin(): Plugin {
  // Those modules are imported by relative path; the resolver matches aliases against the absolute
  // path of such requests, without the extension.
  const themeCommon = path.dirname(resolve('@docusaurus/theme-common'));
  const core = path.dirname(resolve('@docusaurus/core/package.json'));
  const alias = {
    [`${path.join(themeCommon, 'hooks/useWindowSize')}$`]: path.join(__dirname, 'useWindowSize.js'),
    [`${path.join(core, 'lib/client/browserContext')}$`]: path.join(__dirname, 'browserContext.js'),
  };
  return {
    name: 'after-hydration',
    configureWebpack: (_config, isServer) => (isServer ? {} : {resolve: {alias}}),
  };
}
