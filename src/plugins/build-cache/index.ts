// Persistent Rspack cache, so that a second build reuses the first one's compiled modules.
// Docusaurus 3.6.3 gives webpack a filesystem cache but Rspack none (Rspack lacked one when 3.6
// shipped; 3.8 adds it as `rspackPersistentCache`). Without it a warm Rspack build is as slow as a
// cold one, and slower than a warm webpack build. This sets Rspack's persistent cache up the way
// 3.6.3 sets up webpack's: one cache per client/server build and devtool, evicted when Docusaurus,
// the theme aliases (swizzles), the site config or the packages change. `npm run clear` empties it.
// Also when the search glossary changes: every doc's derived keywords (src/plugins/search-definitions)
// take words from it, but a cached doc is only compiled again when its own file changes, so a build
// after a glossary edit kept the old words in every other page (found when a fresh clone's search
// figures differed from a warm build's).
import path from 'node:path';
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {loadGlossary} from '../search-definitions/definitions.mjs';

const hash = (value: string) => createHash('md5').update(value).digest('hex').slice(0, 12);

export default function buildCachePlugin(context: LoadContext): Plugin {
  return {
    name: 'build-cache',
    configureWebpack(config, isServer, {currentBundler}) {
      if (currentBundler.name !== 'rspack') return {};
      // A build with source maps (DOCS_SOURCE_MAPS) gets a cache of its own: cached modules carry
      // no maps, and sharing one cache would evict the normal build's.
      const devtool = typeof config.devtool === 'string' ? `-${config.devtool}` : '';
      const name = `${isServer ? 'server' : 'client'}-${config.mode}-${context.i18n.currentLocale}${devtool}`;
      const lockfile = path.join(context.siteDir, 'package-lock.json');
      return {
        cache: true,
        experiments: {
          cache: {
            type: 'persistent',
            version: [
              createRequire(__filename)('@docusaurus/core/package.json').version as string,
              hash(JSON.stringify(config.resolve?.alias ?? {})),
              hash(readFileSync(lockfile, 'utf8')),
              hash(JSON.stringify(loadGlossary(context.siteDir).rows)),
            ].join('-'),
            buildDependencies: [context.siteConfigPath, __filename],
            storage: {type: 'filesystem', directory: path.join(context.siteDir, 'node_modules/.cache/rspack', name)},
          },
        },
      };
    },
  };
}
