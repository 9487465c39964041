// Revisions in the format notarize.js of inblockio/aqua-verifier-js@538eab0 writes (.aqua.json), for the tests
// of check-aqua-links.mjs: leaves are SHA-256 multihashes of "key:value", the key is the Merkle root of the
// leaves as merkletreejs builds it with that hash (a parent hashes its children's bytes; an unpaired node moves
// up), and a --scalar revision is its JSON text, keyed by the multihash of that text. Checked against the real
// file fixtures/chains/aqua-js-538eab0-hello.aqua.json in v2-verifier.test.mjs.
import {createHash, randomBytes} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {ROOT} from './doc-blocks.mjs';

const multihash = (data) => Buffer.concat([Buffer.from([0x12, 0x20]), createHash('sha256').update(data).digest()]);
export const nonce = () => randomBytes(32).toString('base64url');
export const helloFile = () =>
  JSON.parse(readFileSync(join(ROOT, 'tests/content/fixtures/chains/aqua-js-538eab0-hello.aqua.json'), 'utf8'));

/** The key and stored form of a revision with `fields` (in notarize.js's order), as a tree or as a scalar. */
export function seal(fields, scalar = false) {
  if (scalar) {
    const text = JSON.stringify(fields);
    return ['0x' + multihash(text).toString('hex'), text];
  }
  const leaves = Object.keys(fields)
    .sort()
    .map((k) => multihash(`${k}:${fields[k]}`).toString('hex'));
  let level = leaves.map((hex) => Buffer.from(hex, 'hex'));
  while (level.length > 1) {
    const up = [];
    for (let i = 0; i < level.length; i += 2) {
      up.push(i + 1 < level.length ? multihash(Buffer.concat([level[i], level[i + 1]])) : level[i]);
    }
    level = up;
  }
  return ['0x' + level[0].toString('hex'), {...fields, leaves}];
}

/** `file` with a revision of `type` appended after its last one: the common fields, then `fields`. */
export function append(file, type, fields, {scalar = false, time = '20241216130000'} = {}) {
  const previous = Object.keys(file.revisions).at(-1);
  const [key, stored] = seal(
    {
      previous_verification_hash: previous,
      nonce: nonce(),
      domain_id: '5e5a1ec586',
      local_timestamp: time,
      revision_type: type,
      ...fields,
    },
    scalar,
  );
  file.revisions[key] = stored;
  return file;
}

/** The witness fields notarize.js writes for `network` over the previous revision. */
export function witnessFields(previous, network, {transaction, sender, time}) {
  const contract = {
    sepolia: '0x45f59310ADD88E6d23ca58A0Fa7A55BEE6d2a611',
    nostr: 'N/A',
    TSA_RFC3161: 'http://timestamp.digicert.com',
  };
  return {
    witness_merkle_root: previous,
    witness_timestamp: time,
    witness_network: network,
    witness_smart_contract_address: contract[network],
    witness_transaction_hash: transaction,
    witness_sender_account_address: sender,
    witness_merkle_proof: JSON.stringify([{depth: '0', left_leaf: previous, right_leaf: null, successor: previous}]),
  };
}
