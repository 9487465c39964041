// `comlink` as the search plugin's worker module sees it (./index.ts): its SearchWorker class is
// exposed to the page by ./worker.mjs's subclass instead, so its own `expose` does nothing.
export function expose() {}
