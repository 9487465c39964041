export function rankByWords(
  wrappedIndexes: {documents: {i: number; u: string; p?: number}[]; index: unknown; type: number}[],
  input: string,
): [string, {score: number; best: unknown}][];
export function holdsTheQuery(result: {document: {t?: string}} | undefined, input: string): boolean;
