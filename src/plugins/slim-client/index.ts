// Keeps code that no page uses out of the browser bundle.
// @docusaurus/utils-common is CommonJS and its index does `require("tslib")` for one helper; a
// CommonJS require cannot be tree-shaken, so every page paid for all of tslib (about 3.3 KB
// gzipped in main.js) to call `__importDefault` once. The client build resolves the package to
// `utils-common.js`, which re-exports the same names from the package's submodules, none of which
// needs tslib. The server build is left alone.
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function slimClientPlugin(): Plugin {
  return {
    name: 'slim-client',
    configureWebpack: (_config, isServer) =>
      isServer ? {} : {resolve: {alias: {'@docusaurus/utils-common$': path.join(__dirname, 'utils-common.js')}}},
  };
}
