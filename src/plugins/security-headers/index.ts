// Writes build/_headers after every build: the security headers of server/security-headers.mjs
// (the module the production server uses), with the Content-Security-Policy hashes of the inline
// scripts that this very build emitted. Static hosts that read `_headers` (Netlify, Cloudflare
// Pages) then send exactly what `npm run serve` sends.
import type {Plugin} from '@docusaurus/types';
import {writeHeadersFile} from '../../../server/security-headers.mjs';

export default function securityHeadersPlugin(): Plugin {
  return {
    name: 'security-headers',
    async postBuild({outDir}) {
      writeHeadersFile(outDir);
    },
  };
}
