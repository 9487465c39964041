// The SDK's web build calls the Node global `Buffer` while it verifies files (and falls back to a
// stub that returns its input when it cannot find one). Imported before the SDK, this module gives
// the page the real `buffer` package, which the SDK itself depends on.
import {Buffer} from 'buffer';

const scope = globalThis as unknown as {Buffer?: typeof Buffer};
if (!scope.Buffer) scope.Buffer = Buffer;

export {};
