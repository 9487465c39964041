/** Small Web Crypto helpers shared by the in-browser demos. Nothing here talks to the network. */

export function hasWebCrypto(): boolean {
  return typeof globalThis.crypto !== 'undefined' && typeof globalThis.crypto.subtle !== 'undefined';
}

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 as lowercase hex, without a `0x` prefix (the form aqua-js-sdk uses for `file_hash`). */
export async function sha256Hex(data: string | ArrayBuffer): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : new Uint8Array(data);
  return toHex(await crypto.subtle.digest('SHA-256', bytes));
}

/** The revision with its top-level keys in sorted order, as the SDK prepares it before hashing. */
export function sortKeys<T extends Record<string, unknown>>(revision: T): T {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(revision).sort()) sorted[key] = revision[key];
  return sorted as T;
}

/** The scalar revision hash of protocol v3: "0x" + SHA-256 of JSON.stringify of the sorted revision. */
export async function scalarRevisionHash(revision: Record<string, unknown>): Promise<string> {
  return `0x${await sha256Hex(JSON.stringify(sortKeys(revision)))}`;
}

/** Current UTC time as YYYYMMDDHHMMSS, the format of `local_timestamp`. */
export function utcTimestamp(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    date.getUTCFullYear() +
    pad(date.getUTCMonth() + 1) +
    pad(date.getUTCDate()) +
    pad(date.getUTCHours()) +
    pad(date.getUTCMinutes()) +
    pad(date.getUTCSeconds())
  );
}
