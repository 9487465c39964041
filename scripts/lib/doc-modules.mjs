// Doc blocks that import each other. A published block may import a module that another block of the
// same docs version publishes, as a reader who saved both files in one folder would:
//
//   import { verifyStrict } from "./strict-verify.js";
//
// resolves to the one fence titled "strict-verify.ts" (or .js/.mjs) among the pages of that version
// (the latest version for blog posts and pages). scripts/check/code-examples.mjs and the content tests
// (tests/content/doc-blocks.mjs) both place such modules next to the block that imports them.
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';
import {infoAttribute, infoWords, parseFences} from './fences.mjs';

const LATEST = 'versioned_docs/version-1.3.2';

/** The names of the sibling modules a block imports (`./name.js` gives `name`). */
export const siblingImports = (code) => [...code.matchAll(/\bfrom\s+["']\.\/([\w.-]+)\.js["']/g)].map((m) => m[1]);

function versionDir(file) {
  const m = /^(versioned_docs\/version-[^/]+|docs)\//.exec(file.replaceAll('\\', '/'));
  return m ? m[1] : LATEST;
}

function* markdownFiles(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* markdownFiles(path);
    else if (/\.mdx?$/.test(name)) yield path;
  }
}

/**
 * Every module that the block `code` of `file` (relative to `root`) needs, directly or through another
 * module: [{name, lang ('ts' | 'js'), body, from}]. Throws when a module is published by no block or
 * by more than one.
 */
export function siblingModules(root, file, code) {
  const dir = join(root, versionDir(file));
  const found = new Map();
  const pending = siblingImports(code);
  while (pending.length) {
    const name = pending.shift();
    if (found.has(name)) continue;
    const matches = [];
    for (const path of markdownFiles(dir)) {
      for (const fence of parseFences(readFileSync(path, 'utf8')).fences) {
        const title = infoAttribute(fence.info, 'title');
        if (title && title.replace(/\.(ts|js|mjs)$/, '') === name && /\.(ts|js|mjs)$/.test(title)) {
          const lang = ['ts', 'typescript'].includes((infoWords(fence.info)[0] || '').toLowerCase()) ? 'ts' : 'js';
          matches.push({name, lang, body: fence.body, from: relative(root, path)});
        }
      }
    }
    if (matches.length !== 1) {
      throw new Error(
        `${file}: "./${name}.js" must be published by exactly one block titled ${name}.ts in ${versionDir(file)}, found ${matches.length}`,
      );
    }
    found.set(name, matches[0]);
    pending.push(...siblingImports(matches[0].body));
  }
  return [...found.values()];
}
