// Production builds start the client from ./entry.js, which runs core's entry in six tasks instead
// of one. Measured (benchmarks/README.md): at 4x CPU the task that evaluated main.js took 84-287 ms
// in 11 of 12 loads (bench:profile), and no step now takes more than about 45 ms but the chunk
// requests on a bad run; Lighthouse A/B, medians of 3, TBT: whitepaper 257 -> 99 ms, schema_2
// 233 -> 67, getting-started 216 -> 98, intro 126 -> 93. The development server keeps core's
// entry as it is.
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function stagedEntryPlugin(): Plugin {
  return {
    name: 'staged-entry',
    configureWebpack: (config, isServer) =>
      isServer || config.mode !== 'production' ? {} : {entry: path.join(__dirname, 'entry.js')},
  };
}
