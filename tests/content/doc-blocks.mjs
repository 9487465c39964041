// Loads code exactly as a doc page publishes it, so that content tests exercise the page itself:
// a recipe fixed only in a test, or only on the page, fails here.
//
//   const {checkGrant} = await importDocBlock('versioned_docs/version-1.3.2/AccessControl.md', 'grant.ts');
//
// The block is the fence whose info string has `title="<title>"`. TypeScript is transpiled (no type
// check: scripts/check/code-examples.mjs type-checks every block) and imported from a file inside the
// project, so `aqua-js-sdk` resolves as it does for a reader. Top-level code of the block runs on import.
// A block that imports a sibling module (`./strict-verify.js`) gets the block that publishes it beside it
// (scripts/lib/doc-modules.mjs).
import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {siblingModules} from '../../scripts/lib/doc-modules.mjs';
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

const transpile = (lang, code) => {
  if (!['ts', 'typescript', 'tsx'].includes(lang)) return code;
  const ts = createRequire(join(ROOT, 'package.json'))('typescript');
  return ts.transpileModule(code, {
    compilerOptions: {module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: false},
  }).outputText;
};

/** Imports the fence titled `title` of `file` as an ES module and returns its exports. */
export async function importDocBlock(file, title) {
  const block = docBlock(file, title);
  const code = transpile(block.lang, block.body);
  const modules = siblingModules(ROOT, file, block.body).map((m) => ({...m, code: transpile(m.lang, m.body)}));
  const id = createHash('sha256')
    .update([file, title, code, ...modules.map((m) => m.code)].join('\0'))
    .digest('hex')
    .slice(0, 16);
  const dir = join(CACHE, id);
  mkdirSync(dir, {recursive: true});
  writeFileSync(join(CACHE, 'package.json'), JSON.stringify({type: 'module'}));
  for (const m of modules) writeFileSync(join(dir, `${m.name}.js`), m.code);
  const path = join(dir, 'block.js');
  writeFileSync(path, code);
  return import(pathToFileURL(path).href);
}
