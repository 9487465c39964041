// The site's search: @easyops-cn/docusaurus-search-local 0.55.3, wrapped (its own options and
// validation) with three changes, each measured with and without it on the query sets written after
// it (`npm run bench:search-parts`; ARCHITECTURE.md has the figures):
// - typos: the plugin's worker gets ./lunr.mjs in place of `lunr` (a query word that matches nothing
//   is retried as its closest spelling in the index; punctuation around a word and filler words are
//   dropped) and ./smart-queries.mjs in place of its `utils/smartQueries` (a last query of any of the
//   words, so "No results" only when no word of the query is in the docs);
// - flags: a command-line flag (`--file`) is one term, in the index (./flags.mjs gives the build's
//   lunr a tokenizer and trimmer that keep it whole next to "file") and in a query (./tokenize.mjs in
//   place of the worker's `utils/tokenize`);
// - rankings: the results are merged with a ranking by words (every word optional, BM25 over all of
//   a page's indexes: ./words-ranking.mjs) and by meaning (GloVe vectors: ./meaning.mjs). postBuild
//   writes the meaning files beside the plugin's index files (./vectors.mjs); the plugin's
//   `new Worker(new URL("./worker.js", ...))` gets ./worker.mjs, a subclass of its SearchWorker, and
//   its worker module a `comlink` whose `expose` does nothing (./no-expose.mjs), so that the subclass
//   is the one the page talks to.
// Only the search worker is changed: the page's own bundle and the server build are as stock. The
// plugin files this depends on are pinned in scripts/check/upstream-pins.json ("search");
// scripts/check/search-definitions.mjs, search-words.mjs and search-meaning.mjs fail when a change
// stops applying. The build needs the word vectors' package, so it is a dependency.
import path from 'node:path';
import {createRequire} from 'node:module';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
import {keepFlagsInIndex} from './flags.mjs';
import {writeMeaning} from './vectors.mjs';

// The plugin's module, typed here: its own types declare only its options.
const pluginRequire = createRequire(require.resolve('@easyops-cn/docusaurus-search-local/package.json'));
const {default: searchLocal, validateOptions} = pluginRequire('@easyops-cn/docusaurus-search-local') as {
  default: (context: LoadContext, options: PluginOptions) => Plugin;
  validateOptions: NonNullable<PluginModule['validateOptions']>;
};

const DIST = String.raw`docusaurus-search-local[\\/]dist[\\/]client[\\/]client[\\/]theme[\\/]`;
/** The plugin's worker module, and the module that starts it. */
export const WORKER = new RegExp(`${DIST}worker\\.js$`);
const SEARCH_BY_WORKER = new RegExp(`${DIST}searchByWorker\\.js$`);
const here = (file: string) => path.join(__dirname, file);

/** The replacements of the client build: [the importing module, the request, the file given instead]. */
const REPLACEMENTS: [issuer: RegExp, request: RegExp, file: string][] = [
  [WORKER, /^lunr$/, here('lunr.mjs')],
  [WORKER, /^\.\.\/utils\/smartQueries$/, here('smart-queries.mjs')],
  [WORKER, /^\.\.\/utils\/tokenize$/, here('tokenize.mjs')],
  [WORKER, /^comlink$/, here('no-expose.mjs')],
  [SEARCH_BY_WORKER, /^\.\/worker\.js$/, here('worker.mjs')],
];

type Resource = {request: string; contextInfo?: {issuer?: string}};

// `options` are the plugin's, validated by its own validateOptions (below).
export default function search(context: LoadContext, options: unknown): Plugin {
  // The lunr the plugin's server code requires (the same module instance) builds the index.
  keepFlagsInIndex(pluginRequire('lunr'));
  const plugin = searchLocal(context, options as PluginOptions);
  return {
    ...plugin,
    async postBuild(props) {
      await plugin.postBuild?.(props);
      writeMeaning(props.outDir, context.baseUrl);
    },
    configureWebpack(config, isServer, utils, content) {
      const own = plugin.configureWebpack?.(config, isServer, utils, content) ?? {};
      if (isServer) return own;
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      const plugins = REPLACEMENTS.map(
        ([issuer, request, file]) =>
          new NormalModuleReplacementPlugin(request, (resource: Resource) => {
            if (issuer.test(resource.contextInfo?.issuer ?? '')) resource.request = file;
          }),
      );
      return {...own, plugins: [...(own.plugins ?? []), ...plugins]};
    },
  };
}
search.validateOptions = validateOptions;
