// The honest world the adversary attacks: genuine grants, agreements, cheques, claims and attestations,
// made with aqua-js-sdk from values that fast-check chooses, and a record of everything honest parties
// signed. The oracle (oracle.mjs) judges a recipe's answer against this record only.
//
// Honest parties hold keys the adversary never sees; the adversary holds keys of its own and sees every
// genuine tree and file. Signatures are made through the SDK's own "inline" signer with a message signed
// by ethers, which gives the same revision as the "cli" signer without deriving a wallet from a mnemonic.
import Aquafier from 'aqua-js-sdk';
import {Wallet} from 'ethers';
import {makeAuthority, respond} from './tsa.mjs';

export const sdk = new Aquafier();
/** Credentials for the SDK's offline "inline" signer and witness platform: no key, no network. */
export const INLINE = {
  mnemonic: '',
  nostr_sk: '',
  did_key: '',
  alchemy_key: '',
  witness_eth_network: 'sepolia',
  witness_method: 'inline',
};
const key = (byte) => new Wallet('0x' + byte.repeat(32));
export const HONEST = [key('a1'), key('a2'), key('a3')];
export const ATTACKER = [key('b1'), key('b2')];
export const ALL = [...HONEST, ...ATTACKER];
export const isHonest = (address) => HONEST.some((w) => w.address.toLowerCase() === String(address).toLowerCase());

/**
 * The time-stamp authority honest parties use (its root is the only one verifyStrict is told to trust)
 * and one the adversary runs itself; made once per process.
 */
let authorities = null;
export const AUTHORITIES = async () =>
  (authorities ??= {
    honest: await makeAuthority('Honest'),
    adversary: await makeAuthority('Self-made'),
  });
/** The time the honest authority writes into its tokens. */
export const STAMP_TIME = 1735689600;

const clone = (v) => structuredClone(v);
const latest = (tree) => Object.keys(tree.revisions).at(-1);

/**
 * Appends an EIP-191 signature by `wallet` over the latest revision, through the SDK (inline signer),
 * hashed by the scalar method or, with `scalar` false, the tree method.
 */
export async function sign(tree, wallet, scalar = true) {
  const signature = wallet.signMessageSync(`I sign this revision: [${latest(tree)}]`);
  const result = await sdk.signAquaTree({aquaTree: tree, revision: ''}, 'inline', INLINE, scalar, undefined, {
    signature,
    walletAddress: wallet.address,
  });
  if (result.isErr()) throw new Error('inline signing failed');
  return tree;
}

/** A form from `data` (scalar or tree method), signed by each wallet in turn. */
export async function form(data, fileName, scalar, ...signers) {
  const file = {fileName, fileContent: JSON.stringify(data), path: `./${fileName}`};
  const created = await sdk.createGenesisRevision(file, true, false, scalar);
  if (created.isErr()) throw new Error('createGenesisRevision failed');
  const tree = created.data.aquaTree;
  for (const w of signers) await sign(tree, w, scalar);
  return {tree, files: [file]};
}

/**
 * Records what honest parties signed and what they meant by it. `signed` maps an honest address to the
 * hashes it signed; the other lists hold the meaning of each genuine document.
 */
export function emptyRecord() {
  return {
    signed: new Map(),
    revisions: new Map(),
    grants: [],
    offers: [],
    acceptances: [],
    blanks: [],
    endorsements: [],
    claims: [],
    attestations: [],
    tokens: new Map(),
  };
}

/** Notes every revision and every honest signature of a genuine tree. */
function note(record, tree) {
  for (const [hash, revision] of Object.entries(tree.revisions)) {
    record.revisions.set(hash, clone(revision));
    if (revision.revision_type === 'signature' && isHonest(revision.signature_wallet_address)) {
      const who = revision.signature_wallet_address.toLowerCase();
      if (!record.signed.has(who)) record.signed.set(who, new Set());
      record.signed.get(who).add(revision.previous_verification_hash);
    }
  }
}

const lower = (a) => a.toLowerCase();

/** The genuine documents of one case, from the values fast-check drew. */
export async function buildWorld(values) {
  const v = {...values};
  for (const role of ['grantSender', 'grantReceiver', 'payer', 'payee', 'claimant', 'attester'])
    v[role] = ALL[values[role]];
  const record = emptyRecord();
  const docs = {};
  const grantData = {
    type: 'access',
    sender: v.grantSender.address,
    receiver: v.grantReceiver.address,
    resource: v.resource,
  };
  docs.grant = await form(grantData, 'grant.json', v.scalar, v.grantSender);
  record.grants.push({sender: lower(grantData.sender), receiver: lower(grantData.receiver), resource: v.resource});

  const terms = {...grantData, type: 'access_agreement', conditions: v.conditions};
  const signers = [v.grantSender, v.grantReceiver].slice(0, v.agreementSignatures);
  docs.agreement = await form(terms, 'agreement.json', v.scalar, ...signers);
  const meaning = {
    sender: lower(terms.sender),
    receiver: lower(terms.receiver),
    resource: v.resource,
    conditions: v.conditions,
  };
  if (signers.length >= 1) record.offers.push(meaning);
  if (signers.length >= 2) record.acceptances.push(meaning);

  const cheque = {
    sender: v.payer.address,
    receiver: '',
    amount: v.amount,
    currency: v.currency,
    ...(v.note === null ? {} : {note: v.note}),
  };
  docs.cheque = await form(cheque, 'cheque.json', v.scalar, v.payer);
  record.blanks.push({sender: lower(cheque.sender), amount: v.amount, currency: v.currency, note: v.note ?? undefined});
  if (v.endorse) {
    const endorsed = {
      fileName: 'cheque-endorsed.json',
      fileContent: JSON.stringify({...cheque, receiver: v.payee.address}),
      path: './cheque-endorsed.json',
    };
    await sdk.createFormRevision({aquaTree: docs.cheque.tree, revision: ''}, endorsed, v.scalar);
    await sign(docs.cheque.tree, v.payee, v.scalar);
    docs.cheque.files.push(endorsed);
    record.endorsements.push({
      receiver: lower(v.payee.address),
      sender: lower(cheque.sender),
      amount: v.amount,
      currency: v.currency,
      note: v.note ?? undefined,
    });
  }

  const claimData = {type: 'identity_claim', ...v.attributes, wallet_address: v.claimant.address};
  docs.claim = await form(claimData, 'claim.json', v.scalar, v.claimant);
  const claimHash = Object.keys(docs.claim.tree.revisions)[0];
  record.claims.push({hash: claimHash, wallet: lower(v.claimant.address), attributes: {...v.attributes}});
  const attested = Object.fromEntries(Object.entries(v.attributes).filter(([k]) => v.attestedKeys.includes(k)));
  const attestation = {
    type: 'identity_attestation',
    identity_claim_id: claimHash,
    ...attested,
    wallet_address: v.attester.address,
  };
  docs.attestation = await form(attestation, 'attestation.json', v.scalar, v.attester);
  record.attestations.push({attester: lower(v.attester.address), claimHash, attested});

  // A file signed by the payer and witnessed by the honest time-stamp authority, through the SDK's own
  // witnessAquaTree(…, "tsa"), whose request to DigiCert is answered by that authority instead.
  const witnessedFile = {fileName: 'witnessed.txt', fileContent: `terms: ${v.conditions}`, path: './witnessed.txt'};
  const witnessed = (await sdk.createGenesisRevision(witnessedFile, false, false, v.scalar)).data.aquaTree;
  await sign(witnessed, v.payer, v.scalar);
  const {honest} = await AUTHORITIES();
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url, init) => {
    const answer = await respond(honest, new Uint8Array(init.body), STAMP_TIME);
    return {arrayBuffer: async () => answer.buffer.slice(answer.byteOffset, answer.byteOffset + answer.byteLength)};
  };
  try {
    const result = await sdk.witnessAquaTree(
      {aquaTree: witnessed, revision: ''},
      'tsa',
      'sepolia',
      'cli',
      INLINE,
      v.scalar,
    );
    if (result.isErr()) throw new Error('the TSA witness failed');
  } finally {
    globalThis.fetch = realFetch;
  }
  const stamp = Object.values(witnessed.revisions).at(-1);
  record.tokens.set(stamp.witness_transaction_hash, {root: stamp.witness_merkle_root, time: stamp.witness_timestamp});
  docs.witnessed = {tree: witnessed, files: [witnessedFile]};

  for (const doc of Object.values(docs)) note(record, doc.tree);
  return {record, docs};
}
