// Nostr events for the content tests, made without a Nostr library: BIP-340 Schnorr signatures over
// secp256k1 (written from the BIP's reference algorithm, with BigInt arithmetic), event ids as NIP-01
// defines them, and bech32 encoding for the NIP-19 `npub` and `nevent` strings that notarize.js stores.
// An independent implementation on purpose: the check under test uses @noble/curves and @scure/base.
import {createHash} from 'node:crypto';

const P = 2n ** 256n - 2n ** 32n - 977n;
const N = 115792089237316195423570985008687907852837564279074904382605163141518161494337n;
const G = [
  0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798n,
  0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8n,
];
const mod = (a, m = P) => ((a % m) + m) % m;
function inverse(a) {
  let [r, s, r1, s1] = [mod(a), 1n, P, 0n];
  while (r1 !== 0n) {
    const q = r / r1;
    [r, r1, s, s1] = [r1, r - q * r1, s1, s - q * s1];
  }
  return mod(s);
}
function add(p1, p2) {
  if (p1 === null) return p2;
  if (p2 === null) return p1;
  if (p1[0] === p2[0] && p1[1] !== p2[1]) return null;
  const l =
    p1[0] === p2[0] ? mod(3n * p1[0] * p1[0] * inverse(2n * p1[1])) : mod((p2[1] - p1[1]) * inverse(p2[0] - p1[0]));
  const x = mod(l * l - p1[0] - p2[0]);
  return [x, mod(l * (p1[0] - x) - p1[1])];
}
function multiply(point, scalar) {
  let result = null;
  let addend = point;
  for (let k = scalar; k > 0n; k >>= 1n) {
    if (k & 1n) result = add(result, addend);
    addend = add(addend, addend);
  }
  return result;
}
const bytes32 = (n) => Buffer.from(n.toString(16).padStart(64, '0'), 'hex');
const int = (buf) => BigInt(`0x${Buffer.from(buf).toString('hex')}`);
const sha256 = (...parts) => createHash('sha256').update(Buffer.concat(parts)).digest();
const tagged = (tag, ...parts) => sha256(sha256(Buffer.from(tag)), sha256(Buffer.from(tag)), ...parts);

/** The x-only public key (32 bytes, hex) of a secret key given as hex. */
export const publicKeyOf = (secretHex) => bytes32(multiply(G, int(Buffer.from(secretHex, 'hex')))[0]).toString('hex');

/** A BIP-340 signature (64 bytes, hex) of the 32-byte message `messageHex` by `secretHex`. */
export function schnorrSign(messageHex, secretHex, auxHex = '00'.repeat(32)) {
  const message = Buffer.from(messageHex, 'hex');
  const d0 = int(Buffer.from(secretHex, 'hex'));
  const point = multiply(G, d0);
  const d = point[1] % 2n === 0n ? d0 : N - d0;
  const t = bytes32(d ^ int(tagged('BIP0340/aux', Buffer.from(auxHex, 'hex'))));
  const k0 = mod(int(tagged('BIP0340/nonce', t, bytes32(point[0]), message)), N);
  const r = multiply(G, k0);
  const k = r[1] % 2n === 0n ? k0 : N - k0;
  const e = mod(int(tagged('BIP0340/challenge', bytes32(r[0]), bytes32(point[0]), message)), N);
  return Buffer.concat([bytes32(r[0]), bytes32(mod(k + e * d, N))]).toString('hex');
}

/** A signed kind-1 event as NIP-01 defines it: id = SHA-256 of [0, pubkey, created_at, kind, tags, content]. */
export function signedEvent(secretHex, content, createdAt) {
  const pubkey = publicKeyOf(secretHex);
  const unsigned = {pubkey, created_at: createdAt, kind: 1, tags: [], content};
  const id = sha256(Buffer.from(JSON.stringify([0, pubkey, createdAt, 1, [], content]))).toString('hex');
  return {...unsigned, id, sig: schnorrSign(id, secretHex)};
}

// cspell:disable-next-line
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
function polymod(values) {
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >> i) & 1) chk ^= GEN[i];
  }
  return chk;
}
/** bech32 (BIP-173) of `data` bytes under the human-readable part `hrp`, as NIP-19 uses it. */
export function bech32(hrp, data) {
  const words = [];
  let acc = 0;
  let bits = 0;
  for (const byte of data) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((acc >> bits) & 31);
    }
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31);
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];
  const mod32 = polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = [0, 1, 2, 3, 4, 5].map((i) => (mod32 >> (5 * (5 - i))) & 31);
  return `${hrp}1${[...words, ...checksum].map((w) => CHARSET[w]).join('')}`;
}
export const npub = (pubkeyHex) => bech32('npub', Buffer.from(pubkeyHex, 'hex'));
/** The NIP-19 nevent of an event: TLV 0 the id, 1 a relay, 2 the author, 3 the kind. */
export function nevent(event, relay = 'wss://relay.damus.io') {
  const tlv = (type, value) => Buffer.concat([Buffer.from([type, value.length]), value]);
  const kind = Buffer.alloc(4);
  kind.writeUInt32BE(event.kind);
  return bech32(
    'nevent',
    Buffer.concat([
      tlv(0, Buffer.from(event.id, 'hex')),
      tlv(1, Buffer.from(relay)),
      tlv(2, Buffer.from(event.pubkey, 'hex')),
      tlv(3, kind),
    ]),
  );
}
