// `DOCS_SOURCE_MAPS=true`: the client bundle gets source maps (`hidden-source-map`: a `.map` next to
// each script, with no `sourceMappingURL` comment, so browsers never fetch them and the scripts
// are byte-identical to a normal build). scripts/bench/profile.mjs reads them to attribute CPU
// time to packages and components. Off by default: a normal build writes no maps.
import type {Plugin} from '@docusaurus/types';

export default function sourceMapsPlugin(): Plugin {
  return {
    name: 'source-maps',
    configureWebpack: (_config, isServer) =>
      !isServer && process.env.DOCS_SOURCE_MAPS === 'true' ? {devtool: 'hidden-source-map'} : {},
  };
}
