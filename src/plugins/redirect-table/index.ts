// Writes the redirect table of redirects.ts into the build for servers and hosts, so that they can
// answer with real HTTP 301s instead of the client-side HTML stubs of plugin-client-redirects (a
// meta refresh, which search engines and link checkers treat as a page of its own):
//   build/redirects.json  [{from, to}, …], read by the production server (server/serve.mjs);
//   build/_redirects      `from to 301` lines, the Netlify and Cloudflare Pages format.
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {REDIRECTS} from '../../../redirects';

export default function redirectTablePlugin(): Plugin {
  return {
    name: 'redirect-table',
    async postBuild({outDir}) {
      const table = REDIRECTS.map(({from, to}) => ({from, to}));
      await writeFile(path.join(outDir, 'redirects.json'), `${JSON.stringify(table, null, 2)}\n`);
      await writeFile(path.join(outDir, '_redirects'), table.map(({from, to}) => `${from} ${to} 301\n`).join(''));
    },
  };
}
