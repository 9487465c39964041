// A word for the tests of the ranking by meaning (src/plugins/search): the first word, in
// alphabetical order, of six letters or more that has a word vector in the build and that no page of
// the latest version's search uses. Taken from the build, so that no test names a word by hand.
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {readShard} from '../src/plugins/search/meaning.mjs';

export function unusedWord(buildDir = 'build') {
  const meaningFile = readdirSync(buildDir).find((name) => /^search-meaning-[0-9a-f]+\.json$/.test(name));
  const used = new Set(Object.keys(JSON.parse(readFileSync(join(buildDir, meaningFile), 'utf8')).df));
  const words = join(buildDir, 'search-words');
  return readdirSync(words)
    .flatMap((file) => [...readShard(readFileSync(join(words, file))).keys()])
    .filter((word) => /^[a-z]{6,}$/.test(word) && !used.has(word))
    .sort()[0];
}
