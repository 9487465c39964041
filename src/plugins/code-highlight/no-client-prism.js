// Stands in for theme-classic's `prism-include-languages` client module (see index.ts): code is
// highlighted at build time, so the browser needs no Prism and no grammars.
export {};
