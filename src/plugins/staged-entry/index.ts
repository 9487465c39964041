// Production builds start the client from ./entry.js, which runs core's entry in six tasks instead
// of one. Measured (benchmarks/README.md, "The client starts in short tasks"): at 4x CPU the task
// that evaluated main.js took 84-287 ms in 11 of 12 loads (bench:profile); the steps now take
// 1-35 ms each, and requesting the route's chunks 21-45 ms (one run 92). Lighthouse A/B, medians
// of 3, TBT: whitepaper 257 -> 99 ms, schema_2 233 -> 67, getting-started 216 -> 98, intro
// 126 -> 93. The development server keeps core's entry as it is.
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function stagedEntryPlugin(): Plugin {
  return {
    name: 'staged-entry',
    configureWebpack: (config, isServer) =>
      isServer || config.mode !== 'production' ? {} : {entry: path.join(__dirname, 'entry.js')},
  };
}
