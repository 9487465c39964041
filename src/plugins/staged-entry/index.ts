// Production builds start the client from ./entry.js, which runs core's entry in a few tasks
// instead of one (measured with `npm run bench:profile`, figures in benchmarks/README.md). The
// development server keeps core's entry as it is.
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function stagedEntryPlugin(): Plugin {
  return {
    name: 'staged-entry',
    configureWebpack: (config, isServer) =>
      isServer || config.mode !== 'production' ? {} : {entry: path.join(__dirname, 'entry.js')},
  };
}
