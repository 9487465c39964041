// The module src/plugins/drawn-diagrams aliases for the bundler: the drawings by file name in the
// static render, null in the browser.
declare module '@drawn-diagrams/svg' {
  const drawings: Readonly<Record<string, string>> | null;
  export default drawings;
}
