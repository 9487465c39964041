// Bundling of aqua-js-sdk for the playground (src/components/AquaPlayground), which imports it on
// the reader's first use.
// - Browser build: the SDK's platform code has Node-only branches (`import("crypto")`, "http",
//   "https") that never run in a browser; they resolve to empty modules instead of warning.
// - Server build: the playground never runs during static rendering, so the SDK and ethers (which
//   the playground's engine imports for one address check) stay externals that Node would load on
//   demand, and are not compiled a second time.
import type {Plugin} from '@docusaurus/types';

export default function aquaPlaygroundPlugin(): Plugin {
  return {
    name: 'aqua-playground',
    configureWebpack: (_config, isServer) =>
      isServer
        ? {externals: {'aqua-js-sdk': 'commonjs aqua-js-sdk', ethers: 'commonjs ethers'}}
        : {resolve: {fallback: {crypto: false, http: false, https: false}}},
  };
}
