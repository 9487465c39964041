// Loads code exactly as a doc page publishes it, so that content tests exercise the page itself:
// a recipe fixed only in a test, or only on the page, fails here.
//
//   const {checkGrant} = await importDocBlock('versioned_docs/version-1.3.2/AccessControl.md', 'grant.ts');
//
// The block is the fence whose info string has `title="<title>"`. TypeScript is transpiled (no type
// check: scripts/check/code-examples.mjs type-checks every block) and imported from a file inside the
// project, so `aqua-js-sdk` resolves as it does for a reader. Top-level code of the block runs on import.
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {infoAttribute, infoWords, parseFences} from '../../scripts/lib/fences.mjs';

export const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const CACHE = join(ROOT, 'node_modules', '.cache', 'doc-blocks');

/** Every fence of a doc file (path relative to the project root), with its title and language. */
export function docFences(file) {
  const {fences} = parseFences(readFileSync(join(ROOT, file), 'utf8'));
  return fences.map((f) => ({
    ...f,
    lang: (infoWords(f.info)[0] || '').toLowerCase(),
    title: infoAttribute(f.info, 'title'),
  }));
}

/** The body of the one fence titled `title` in `file`; throws when there is none or several. */
export function docBlock(file, title) {
  const found = docFences(file).filter((f) => f.title === title);
  if (found.length !== 1) throw new Error(`${file}: expected one fence titled "${title}", found ${found.length}`);
  return found[0];
}

/** Imports the fence titled `title` of `file` as an ES module and returns its exports. */
export async function importDocBlock(file, title) {
  const block = docBlock(file, title);
  let code = block.body;
  if (['ts', 'typescript', 'tsx'].includes(block.lang)) {
    const ts = createRequire(join(ROOT, 'package.json'))('typescript');
    code = ts.transpileModule(code, {
      compilerOptions: {module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: false},
    }).outputText;
  }
  mkdirSync(CACHE, {recursive: true});
  const id = createHash('sha256')
    .update(file + '\0' + title + '\0' + code)
    .digest('hex')
    .slice(0, 16);
  const path = join(CACHE, `${id}.mjs`);
  writeFileSync(path, code);
  return import(pathToFileURL(path).href);
}
