// A small, independent Nostr publisher for the tests: BIP-340 Schnorr signatures on secp256k1 with
// BigInt arithmetic, NIP-01 event ids and NIP-19 bech32 names (npub, nevent). It is slow and not
// constant-time, which does not matter for test keys; it is written from the specifications so that
// the page's verifier (@noble/curves, nostr-tools) is checked against something it does not share.
// The BIP-340 test vectors (bitcoin/bips, bip-0340/test-vectors.csv) check this signer in the tests.
import {createHash} from 'node:crypto';

const P = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2fn;
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const G = [
  0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798n,
  0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8n,
];
const mod = (a, m = P) => ((a % m) + m) % m;
function pow(base, exp, m = P) {
  let result = 1n;
  for (let b = mod(base, m), e = exp; e > 0n; e >>= 1n, b = (b * b) % m) if (e & 1n) result = (result * b) % m;
  return result;
}
const inverse = (a) => pow(a, P - 2n);
function add(p, q) {
  if (p === null) return q;
  if (q === null) return p;
  if (p[0] === q[0] && p[1] !== q[1]) return null;
  const slope = p[0] === q[0] ? mod(3n * p[0] * p[0] * inverse(2n * p[1])) : mod((q[1] - p[1]) * inverse(q[0] - p[0]));
  const x = mod(slope * slope - p[0] - q[0]);
  return [x, mod(slope * (p[0] - x) - p[1])];
}
function multiply(point, k) {
  let result = null;
  for (let addend = point, e = k; e > 0n; e >>= 1n, addend = add(addend, addend))
    if (e & 1n) result = add(result, addend);
  return result;
}
const toHex = (n) => n.toString(16).padStart(64, '0');
const bytes = (hex) => Buffer.from(hex, 'hex');
const sha256 = (...parts) => createHash('sha256').update(Buffer.concat(parts)).digest();
const tagged = (tag, ...parts) => sha256(sha256(Buffer.from(tag)), sha256(Buffer.from(tag)), ...parts);
const int = (buf) => BigInt('0x' + buf.toString('hex'));

/** The x-only public key (64 hex digits) of a secret key (64 hex digits). */
export const publicKeyOf = (secretHex) => toHex(multiply(G, int(bytes(secretHex)))[0]);

/** A BIP-340 signature (128 hex digits) of the 32-byte message `messageHex`. */
export function schnorrSign(secretHex, messageHex, auxHex = '00'.repeat(32)) {
  const d0 = int(bytes(secretHex));
  const point = multiply(G, d0);
  const d = point[1] % 2n === 0n ? d0 : N - d0;
  const t = d ^ int(tagged('BIP0340/aux', bytes(auxHex)));
  const px = bytes(toHex(point[0]));
  const k0 = mod(int(tagged('BIP0340/nonce', bytes(toHex(t)), px, bytes(messageHex))), N);
  const r = multiply(G, k0);
  const k = r[1] % 2n === 0n ? k0 : N - k0;
  const rx = bytes(toHex(r[0]));
  const e = mod(int(tagged('BIP0340/challenge', rx, px, bytes(messageHex))), N);
  return toHex(r[0]) + toHex(mod(k + e * d, N));
}

// NIP-19: bech32 without the length limit of BIP-173.
// cspell:disable-next-line
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
function polymod(values) {
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i];
  }
  return chk >>> 0;
}
function bech32(prefix, data) {
  const words = [];
  let acc = 0;
  let bits = 0;
  for (const byte of data) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5) words.push((acc >>> (bits -= 5)) & 31);
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31);
  const expanded = [
    ...[...prefix].map((c) => c.charCodeAt(0) >> 5),
    0,
    ...[...prefix].map((c) => c.charCodeAt(0) & 31),
  ];
  const checksum = polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ 1;
  const check = [0, 1, 2, 3, 4, 5].map((i) => (checksum >>> (5 * (5 - i))) & 31);
  return `${prefix}1${[...words, ...check].map((w) => CHARSET[w]).join('')}`;
}
const tlv = (type, value) => Buffer.concat([Buffer.from([type, value.length]), value]);

export const npubOf = (pubkeyHex) => bech32('npub', bytes(pubkeyHex));

/** An nevent naming `id`, written as aqua-js-sdk writes it: the event id, one relay and the author. */
export const neventOf = (id, author, relay = 'wss://relay.damus.io/') =>
  bech32('nevent', Buffer.concat([tlv(0, bytes(id)), tlv(1, Buffer.from(relay)), tlv(2, bytes(author))]));

/** The NIP-01 id of an event: SHA-256 of [0, pubkey, created_at, kind, tags, content] as JSON. */
export const eventId = (e) =>
  createHash('sha256')
    .update(JSON.stringify([0, e.pubkey, e.created_at, e.kind, e.tags, e.content]))
    .digest('hex');

/** A signed kind-1 event with `content` at `createdAt`, as aqua-js-sdk publishes a witness. */
export function signedEvent(secretHex, content, createdAt) {
  const event = {pubkey: publicKeyOf(secretHex), created_at: createdAt, kind: 1, tags: [], content};
  const id = eventId(event);
  return {...event, id, sig: schnorrSign(secretHex, id)};
}
