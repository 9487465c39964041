// The loader the content tests rely on: it must load what the page shows, and nothing else.
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {docBlock, importDocBlock} from './doc-blocks.mjs';

const PAGE = 'versioned_docs/version-1.3.2/AccessControl.md';

test('finds a fence by its title and keeps its body verbatim', () => {
  const block = docBlock('tests/content/fixtures/blocks.md', 'data.json');
  assert.equal(block.lang, 'json');
  assert.deepEqual(JSON.parse(block.body), {answer: 42});
});

test('refuses a title that no fence has', () => {
  assert.throws(() => docBlock(PAGE, 'no-such-block.ts'), /found 0/);
});

test('imports a TypeScript block as a module and calls its export', async () => {
  const {sum} = await importDocBlock('tests/content/fixtures/blocks.md', 'sum.ts');
  assert.equal(sum(2, 40), 42);
});
