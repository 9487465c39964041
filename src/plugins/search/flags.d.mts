export const FLAG: RegExp;
export function isFlag(word: string): boolean;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function keepFlagsInIndex(lunr: any): void;
