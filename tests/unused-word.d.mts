export function unusedWord(buildDir?: string): string;
