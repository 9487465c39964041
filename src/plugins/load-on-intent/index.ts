// Work no reader needs during the page load, moved to when it is needed (measured with
// `npm run bench:profile`, figures in benchmarks/README.md): route prefetches of the links in
// view run in idle time, a few per idle period (./docusaurus.js replaces core's
// `window.docusaurus` module in the client bundle).
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function loadOnIntentPlugin(): Plugin {
  return {
    name: 'load-on-intent',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const core = `${path.sep}@docusaurus${path.sep}core${path.sep}lib${path.sep}client`;
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /^\.\/docusaurus$/,
            (resource: {context: string; request: string}) => {
              if (resource.context.endsWith(core)) resource.request = path.join(__dirname, 'docusaurus.js');
            },
          ),
        ],
      };
    },
  };
}
