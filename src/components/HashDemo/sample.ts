/**
 * A two-revision AquaTree in the v3 (protocol 1.3.2) scalar format, as aqua-js-sdk 3.2.1-45 writes
 * it: a genesis `file` revision for the text "hello aqua" and a `cli` signature revision made with
 * the public test mnemonic. Timestamps and the nonce are fixed so that every hash is reproducible;
 * the values are the CI vectors that the SDK verifies.
 */
export const SAMPLE_FILE_NAME = 'hello.txt';
export const SAMPLE_FILE_CONTENT = 'hello aqua';
/** SHA-256 of SAMPLE_FILE_CONTENT, the genesis revision's `file_hash`. */
export const SAMPLE_FILE_HASH = 'e8c83cdad46a35f7005e1bb85757108417155e932f48eac5ac7d87093cea0295';

const VERSION = 'https://aqua-protocol.org/docs/v3/schema_2 | SHA256 | Method: scalar';
export const GENESIS_HASH = '0x63e7b974506e6c5be6342ab8ac25567eaa2be321eadc69ff5e66afa6c2b23519';
export const SIGNATURE_HASH = '0x28053c497e9485967774709041a8b3409dec594e6d5094214d3e7c81fe6a250b';

export type Revision = Record<string, string>;

export interface SampleTree {
  revisions: Record<string, Revision>;
  file_index: Record<string, string>;
}

export function makeSampleTree(): SampleTree {
  return {
    revisions: {
      [GENESIS_HASH]: {
        previous_verification_hash: '',
        local_timestamp: '20250101000000',
        revision_type: 'file',
        version: VERSION,
        file_hash: SAMPLE_FILE_HASH,
        file_nonce: 'a19f92cd4f03a707e7352e2d718a0a3457948954255108a51cfe9a07c57b886b',
      },
      [SIGNATURE_HASH]: {
        previous_verification_hash: GENESIS_HASH,
        local_timestamp: '20250101000100',
        revision_type: 'signature',
        version: VERSION,
        signature:
          '0xdab39a88ead533754c8004df1caf560f72d56d93c67b80edcc91285973d05f0c4fae763a9dcbda5f6f702693997162de48870c395e3344a7c6e607cbc3763e151c',
        signature_public_key: '0x038318535b54105d4a7aae60c08fc45f9687181b4fdfc625bd1a753fa7397fed75',
        signature_wallet_address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        signature_type: 'ethereum:eip-191',
      },
    },
    file_index: {[GENESIS_HASH]: SAMPLE_FILE_NAME},
  };
}
