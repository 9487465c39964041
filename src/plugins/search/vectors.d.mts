export const COMMON_WORDS: number;
export function readVectors(wanted: Set<string>): Map<string, Float32Array>;
export function writeMeaning(outDir: string, baseUrl: string): {indexes: number; words: number};
