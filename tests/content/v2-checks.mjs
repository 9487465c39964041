// The two check modules of the v2 (protocol 1.2) pages as the content tests load them, and how they call them.
//
// - check-chain-1.2.mjs (Components/verifier/index.md) takes the file's text or bytes. `checkChain` here takes a
//   chain as an object (serialised with JSON.stringify, which never writes a key twice) or as text. Before the
//   duplicate-key fix the published function took the parsed object; with FUZZ_AGAINST=<such a commit> the text is
//   parsed first, so the same tests show what the older module let through.
// - check-aqua-links.mjs (Components/verifier/aqua-cli-javascript.md) imports ethers, pkijs, asn1js, @noble/curves
//   and @scure/base. By default they resolve from this site's node_modules. With V2_CLONE_MODULES=<folder> they
//   resolve from <folder>/node_modules instead: a folder where the versions the 538eab0 lock file pins were
//   installed, as `npm ci` in the clone installs them (see CLONE_VERSIONS), so that every test of the module runs
//   against exactly what the page's readers get:
//
//     mkdir /tmp/v2-538eab0 && cd /tmp/v2-538eab0 && npm init -y >/dev/null &&
//       npm install --save-exact pkijs@3.2.4 asn1js@3.0.5 @noble/curves@1.2.0 @scure/base@1.1.1 ethers@6.13.3
//     V2_CLONE_MODULES=/tmp/v2-538eab0 node --test tests/content/v2-timestamps.test.mjs tests/content/v2-verifier.test.mjs
//
// (Their own dependencies then resolve as npm picks them on the day; a lock file cut down from the clone's to these
// packages and their dependencies installs the clone's exact tree with `npm ci`.) In one process every pkijs copy
// shares the crypto engine that any of them set, so whether pkijs finds one of its own shows only in a process that
// loads nothing else: the tests of that run the script in a child process.
import {execFileSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import {infoAttribute, parseFences} from '../../scripts/lib/fences.mjs';
import {ROOT, docBlock} from './doc-blocks.mjs';
import {AGAINST, publishedBlock} from './published.mjs';

export const CHAIN_PAGE = 'versioned_docs/version-1.2.0/Components/verifier/index.md';
export const LINKS_PAGE = 'versioned_docs/version-1.2.0/Components/verifier/aqua-cli-javascript.md';

/** The versions `npm ci` installs in aqua-verifier-js at 538eab0 (its package-lock.json). */
export const CLONE_VERSIONS = {
  pkijs: '3.2.4',
  asn1js: '3.0.5',
  '@noble/curves': '1.2.0',
  '@scure/base': '1.1.1',
  ethers: '6.13.3',
};
/** The folder V2_CLONE_MODULES names (holding node_modules with CLONE_VERSIONS), or undefined. */
export const CLONE = process.env.V2_CLONE_MODULES ? resolve(process.env.V2_CLONE_MODULES) : undefined;
if (CLONE) {
  for (const [name, version] of Object.entries(CLONE_VERSIONS)) {
    const found = JSON.parse(readFileSync(join(CLONE, 'node_modules', name, 'package.json'), 'utf8')).version;
    if (found !== version) throw new Error(`V2_CLONE_MODULES has ${name} ${found}, not ${version}`);
  }
}

/** The body of the fence titled `title` of `page`, in the working tree or at FUZZ_AGAINST. */
export function blockBody(page, title) {
  if (!AGAINST) return docBlock(page, title).body;
  const text = execFileSync('git', ['show', `${AGAINST}:${page}`], {cwd: ROOT, encoding: 'utf8'});
  const found = parseFences(text).fences.filter((f) => infoAttribute(f.info, 'title') === title);
  if (found.length !== 1) throw new Error(`${AGAINST}:${page}: expected one fence titled "${title}"`);
  return found[0].body;
}

/** The text of `page`, in the working tree or at FUZZ_AGAINST. */
export function pageText(page) {
  if (AGAINST) return execFileSync('git', ['show', `${AGAINST}:${page}`], {cwd: ROOT, encoding: 'utf8'});
  return readFileSync(join(ROOT, page), 'utf8');
}

/** A folder where a published script resolves its packages as the reader's would: the clone's, or this site's. */
export function scriptFolder(name) {
  const dir = CLONE ? join(CLONE, `site-tests-${name}`) : join(ROOT, 'node_modules', '.cache', name);
  mkdirSync(dir, {recursive: true});
  return dir;
}

const chainModule = await publishedBlock(CHAIN_PAGE, 'check-chain-1.2.mjs');
const REAL = readFileSync(join(ROOT, 'tests/content/fixtures/chains/aqua-1.2-logo-erp.json'), 'utf8');
/** Whether the published checkChain reads the file's text (since the duplicate-key fix) or a parsed object. */
export const CHAIN_TAKES_TEXT = chainModule.checkChain(REAL).length === 0;

/** checkChain as published, on a chain given as an object, as the file's text or as its bytes. */
export function checkChain(chain) {
  if (chain instanceof Uint8Array) return chainModule.checkChain(CHAIN_TAKES_TEXT ? chain : JSON.parse(chain));
  const text = typeof chain === 'string' ? chain : JSON.stringify(chain);
  return chainModule.checkChain(CHAIN_TAKES_TEXT ? text : JSON.parse(text));
}
export const {FORMS, signedMessage} = chainModule;

/** check-aqua-links.mjs as published, its packages resolved from the clone's folder or this site's. */
export async function linksModule() {
  if (!CLONE) return publishedBlock(LINKS_PAGE, 'check-aqua-links.mjs');
  const body = blockBody(LINKS_PAGE, 'check-aqua-links.mjs');
  const file = join(scriptFolder('modules'), `${createHash('sha256').update(body).digest('hex').slice(0, 16)}.mjs`);
  writeFileSync(file, body);
  return import(pathToFileURL(file).href);
}
