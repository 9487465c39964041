// The site's search: @easyops-cn/docusaurus-search-local 0.55.3, with its results merged with two
// more rankings of pages: by words (every word optional, lunr's BM25 over all of a page's indexes:
// ./words-ranking.mjs) and by meaning (GloVe word vectors; ./meaning.mjs says how). This wraps the
// plugin, with its own options and validation, and adds two things:
// - postBuild: once the plugin has written its index files, the meaning files beside them and the
//   word vectors (./vectors.mjs);
// - the client build: the plugin's `new Worker(new URL("./worker.js", ...))` gets ./worker.mjs,
//   which subclasses the plugin's SearchWorker, and the plugin's worker module gets a `comlink`
//   whose `expose` does nothing (./no-expose.mjs), so that the subclass is the one the page talks to.
// Measured with bench:search (benchmarks/README.md, "Matching by meaning" and "Ranking by words"); tests/search.spec.ts
// and scripts/check/search-meaning.mjs check it in the browser and in Node; the plugin files it
// depends on are pinned in scripts/check/upstream-pins.json ("search-meaning"). The build needs
// the word vectors' package, so it is a dependency, not a development one.
import path from 'node:path';
import {createRequire} from 'node:module';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
import {writeMeaning} from './vectors.mjs';
import {replaceImportsOf, WORKER as PLUGIN_WORKER} from '../search-typos';

// The plugin's module, typed here: its own types declare only its options.
const {default: searchLocal, validateOptions} = createRequire(__filename)('@easyops-cn/docusaurus-search-local') as {
  default: (context: LoadContext, options: PluginOptions) => Plugin;
  validateOptions: NonNullable<PluginModule['validateOptions']>;
};

const SEARCH_BY_WORKER = /docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]searchByWorker\.js$/;
const WORKER = path.join(__dirname, 'worker.mjs');
const NO_EXPOSE = path.join(__dirname, 'no-expose.mjs');

// `options` are the plugin's, validated by its own validateOptions (below).
export default function searchWithMeaning(context: LoadContext, options: unknown): Plugin {
  const plugin = searchLocal(context, options as PluginOptions);
  return {
    ...plugin,
    async postBuild(props) {
      await plugin.postBuild?.(props);
      writeMeaning(props.outDir, context.baseUrl);
    },
    configureWebpack(config, isServer, utils, content) {
      const own = plugin.configureWebpack?.(config, isServer, utils, content) ?? {};
      const startOurs = replaceImportsOf(SEARCH_BY_WORKER, [/^\.\/worker\.js$/, WORKER]);
      const noExpose = replaceImportsOf(PLUGIN_WORKER, [/^comlink$/, NO_EXPOSE]);
      const plugins = [startOurs, noExpose].flatMap((each) => each(config, isServer, utils, content)?.plugins ?? []);
      return {...own, plugins};
    },
  };
}
searchWithMeaning.validateOptions = validateOptions;
