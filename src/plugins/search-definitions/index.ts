// Search keywords derived from the structure of each doc page, at build time (see ./definitions.mjs):
// the docs' `keywords` front matter is written by this, not by hand. The glossary (a section of
// the latest version's introduction) is read once per build.
import path from 'node:path';
import type {ParseFrontMatter} from '@docusaurus/types';
import {keywordsFor, loadGlossary} from './definitions.mjs';

export {GLOSSARY_TABLE} from './definitions.mjs';

type ParseFrontMatterResult = Awaited<ReturnType<ParseFrontMatter>>;

const SITE_DIR = path.join(__dirname, '../../..');
const DOCS = /[\\/](docs|versioned_docs)[\\/].*\.mdx?$/;
let glossary: ReturnType<typeof loadGlossary> | null = null;

export function withSearchKeywords(filePath: string, result: ParseFrontMatterResult): ParseFrontMatterResult {
  if (!DOCS.test(`/${path.relative(SITE_DIR, filePath)}`)) return result;
  glossary ??= loadGlossary(SITE_DIR);
  const {frontMatter, content} = result;
  const title = typeof frontMatter.title === 'string' ? frontMatter.title : '';
  const derived = keywordsFor(content, title, glossary);
  const written = Array.isArray(frontMatter.keywords) ? (frontMatter.keywords as string[]) : [];
  // The derived keywords may repeat a word on purpose (see keywordsFor).
  const keywords = [...written.filter((word) => !derived.includes(word)), ...derived];
  return keywords.length ? {frontMatter: {...frontMatter, keywords}, content} : result;
}
