// Command-line flags as whole search terms (see ./flags.mjs): at build time the search plugin's
// lunr gets a tokenizer and trimmer that keep `--file` whole next to "file"; in the browser the
// search worker gets ./tokenize.mjs in place of the plugin's `utils/tokenize`, which keeps a flag
// in a query whole. Nothing else imports either: the page's own bundle is unchanged.
// Depends on @easyops-cn/docusaurus-search-local 0.55.3: dist/server/server/utils/buildIndex.js
// (builds each index with `require("lunr")`, lunr's default tokenizer and pipeline, language
// "en"), dist/client/client/theme/worker.js (imports `../utils/tokenize`) and
// dist/client/client/utils/tokenize.js (the function replaced); and on lunr 2.3.9's
// `lunr.tokenizer` and `lunr.trimmer`. scripts/check/search-definitions.mjs fails when the
// build's index holds no flag, or when the flags a page defines stop finding it.
import path from 'node:path';
import {createRequire} from 'node:module';
import type {Plugin} from '@docusaurus/types';
import {keepFlagsInIndex} from './flags.mjs';
import {replaceInSearchWorker} from '../search-typos';

const TOKENIZE = path.join(__dirname, 'tokenize.mjs');

export default function searchFlagsPlugin(): Plugin {
  // The lunr the search plugin's server code requires (the same module instance).
  const pluginRequire = createRequire(require.resolve('@easyops-cn/docusaurus-search-local/package.json'));
  keepFlagsInIndex(pluginRequire('lunr'));
  return {name: 'search-flags', configureWebpack: replaceInSearchWorker([/^\.\.\/utils\/tokenize$/, TOKENIZE])};
}
