// Module hooks that let Node import the search code the browser runs
// (@easyops-cn/docusaurus-search-local's dist/client), unchanged: that code imports siblings
// without a file extension and reads its options from the build's generated module
// (`@generated/…`, in .docusaurus/). Used by scripts/bench/search.mjs and the relevance floor test.
import {existsSync} from 'node:fs';
import {pathToFileURL} from 'node:url';

const GENERATED = '@generated/';

export async function resolve(specifier, context, next) {
  if (specifier.startsWith(GENERATED)) {
    return next(pathToFileURL(`${process.cwd()}/.docusaurus/${specifier.slice(GENERATED.length)}`).href, context);
  }
  const fromPlugin = context.parentURL?.includes('/docusaurus-search-local/dist/');
  if (fromPlugin && specifier.startsWith('.') && !/\.[cm]?js$/.test(specifier)) {
    const candidate = new URL(`${specifier}.js`, context.parentURL);
    if (existsSync(candidate)) return next(candidate.href, context);
  }
  return next(specifier, context);
}
