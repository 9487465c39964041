export type Definition = {term: string; from: string; code: boolean};
export type Glossary = {page: string; rows: {terms: string[]; words: string[]; deep: boolean}[]};
export const GLOSSARY_PAGES: string[];
export function extractDefinitions(fileContent: string, title?: string): Definition[];
export function testableTerms(definitions: Definition[]): string[];
export function loadGlossary(siteDir: string): Glossary;
export function keywordsFor(fileContent: string, title: string, glossary: Glossary): string[];
export function sameTerm(text: string): string;
export function definesTerm(definitions: Definition[], term: string): boolean;
