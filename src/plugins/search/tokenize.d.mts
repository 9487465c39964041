export function tokenize(text: string): string[];
