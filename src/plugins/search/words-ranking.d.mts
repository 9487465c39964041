export function rankByWords(
  wrappedIndexes: {documents: {i: number; u: string; p?: number}[]; index: unknown; type: number}[],
  input: string,
): [string, {score: number; best: unknown}][];
export function holdsTheQuery(result: {document: {t?: string}} | undefined, input: string): boolean;
export function namesHolding(
  wrappedIndexes: {index: {invertedIndex: object}}[],
  input: string,
): {parts: Set<string>; terms: Map<unknown, string[]>};
export function without(input: string, parts: Set<string>): string;
