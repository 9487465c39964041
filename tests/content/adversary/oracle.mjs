// The oracle: the guarantees the recipe pages state, as checks on one answer. Each returns null when
// the answer keeps the guarantee and a sentence saying how it breaks it otherwise. They know nothing of
// how the recipes work: only what honest parties signed (world.mjs's record) and what the answer says.
import {isHonest} from './world.mjs';

const lower = (a) => String(a).toLowerCase();
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const matches = (list, meaning) => list.some((m) => same(m, meaning));

/**
 * verifyStrict: accepted revisions that honest parties made are unchanged, honest signatures are real,
 * and a witness counts only with a time the trusted authority signed (look-ups never answer here, so
 * no Nostr or Ethereum witness can be proven). `unproven` is given only when it is the whole reason.
 */
export function strictOracle(record, result) {
  if (typeof result?.ok !== 'boolean' || !Array.isArray(result.errors)) return 'not a StrictResult';
  if (result.ok !== (result.errors.length === 0)) return 'ok disagrees with errors';
  const unproven = result.unproven ?? [];
  if (unproven.length && (result.ok || unproven.length !== result.errors.length)) {
    return 'unproven lists witnesses although something else failed, or the tree passed';
  }
  if (!result.ok) return result.chain?.length ? 'a rejected tree with a chain' : null;
  const chain = result.chain;
  if (!chain.length || chain[0].revision.previous_verification_hash !== '')
    return 'the chain does not start at a genesis revision';
  for (const [i, {hash, revision}] of chain.entries()) {
    if (i > 0 && revision.previous_verification_hash !== chain[i - 1].hash)
      return `revision ${i} does not follow revision ${i - 1}`;
    const genuine = record.revisions.get(hash);
    if (genuine) {
      for (const [k, v] of Object.entries(revision)) {
        const hidden = k.startsWith('forms_') && k.endsWith('.deleted');
        if (hidden ? !(k.slice(0, -8) in genuine) || v !== null : !same(v, genuine[k]))
          return `${hash.slice(0, 10)}: ${k} differs from what was made`;
      }
      for (const k of Object.keys(genuine))
        if (!(k in revision) && !(`${k}.deleted` in revision)) return `${hash.slice(0, 10)}: ${k} is missing`;
    }
    if (revision.revision_type === 'signature' && isHonest(revision.signature_wallet_address)) {
      if (!record.signed.get(lower(revision.signature_wallet_address))?.has(revision.previous_verification_hash)) {
        return `an honest party's signature over ${revision.previous_verification_hash.slice(0, 10)} that it never made`;
      }
    }
    if (revision.revision_type === 'witness') {
      if (revision.witness_network !== 'TSA_RFC3161') {
        return `a ${revision.witness_network} witness accepted, though no look-up ever answered`;
      }
      const issued = record.tokens.get(revision.witness_transaction_hash);
      if (issued?.root !== revision.witness_merkle_root || issued?.time !== revision.witness_timestamp) {
        return 'a time-stamp token accepted that the trusted authority never issued for that root and time';
      }
    }
  }
  return null;
}

/** Bytes hashed per byte of input, and a floor for small inputs (SDK-made trees hash a few kB each). */
export const COST = {perByte: 8, floor: 128 * 1024};

/**
 * Every recipe: its work grows in proportion to its input (SHA-256 blocks counted, not timed), and
 * nothing it started (a timer, an interval: a provider retrying) is still pending after its answer.
 */
export function costOracle(outcome, bytes) {
  if (outcome.leaked > 0) return `${outcome.leaked} timer(s) it started still run after its answer`;
  const hashed = outcome.blocks * 64;
  if (hashed > COST.perByte * bytes + COST.floor) {
    return `hashed ${hashed} bytes for an input of ${bytes} (more than ${COST.perByte} per byte)`;
  }
  return null;
}

/** Common shape of a recipe's answer: problems, and the document exactly when there are none. */
function shape(answer, field) {
  if (!Array.isArray(answer?.problems)) return 'no problems list';
  if ((answer.problems.length === 0) !== (answer[field] !== null && answer[field] !== undefined)) {
    return `${field} is set with problems, or missing without them`;
  }
  return null;
}

export function grantOracle(record, answer) {
  const bad = shape(answer, 'grant');
  if (bad || !answer.grant) return bad;
  const g = answer.grant;
  const meaning = {sender: lower(g.sender), receiver: lower(g.receiver), resource: g.resource};
  if (isHonest(g.sender) && !matches(record.grants, meaning))
    return `a grant ${JSON.stringify(meaning)} that the sender never signed`;
  return null;
}

export function agreementOracle(record, answer) {
  const states = ['invalid', 'draft', 'offered', 'accepted', 'no effect'];
  if (!states.includes(answer?.state)) return `unknown state ${answer?.state}`;
  if (answer.state === 'invalid') return answer.agreement ? 'an invalid agreement with terms' : null;
  const a = answer.agreement;
  const meaning = {
    sender: lower(a.sender),
    receiver: lower(a.receiver),
    resource: a.resource,
    conditions: a.conditions,
  };
  if (['offered', 'accepted'].includes(answer.state) && isHonest(a.sender) && !matches(record.offers, meaning)) {
    return `${answer.state}: terms the sender never signed`;
  }
  if (answer.state === 'accepted' && isHonest(a.receiver) && !matches(record.acceptances, meaning)) {
    return 'accepted: terms the receiver never accepted';
  }
  return null;
}

export function chequeOracle(record, answer) {
  const bad = shape(answer, 'cheque');
  if (bad || !answer.cheque) return bad;
  const c = answer.cheque;
  const terms = {sender: lower(c.sender), amount: c.amount, currency: c.currency, note: c.note};
  if (isHonest(c.sender) && !matches(record.blanks, terms))
    return `a cheque ${JSON.stringify(terms)} that the payer never signed`;
  const endorsed = {receiver: lower(c.receiver), ...terms};
  if (isHonest(c.receiver) && !matches(record.endorsements, endorsed)) return 'an endorsement the payee never signed';
  return null;
}

export function claimOracle(record, answer) {
  const bad = shape(answer, 'claim');
  if (bad || !answer.claim) return bad;
  const c = answer.claim;
  if (!isHonest(c.wallet)) return null;
  const genuine = record.claims.find((g) => g.hash === c.hash && g.wallet === lower(c.wallet));
  if (!genuine) return 'a claim its wallet never signed';
  for (const [k, v] of Object.entries(c.attributes))
    if (genuine.attributes[k] !== v) return `attribute ${k} is not the signed value`;
  if (
    !Number.isInteger(c.hidden) ||
    Object.keys(c.attributes).length + c.hidden !== Object.keys(genuine.attributes).length
  ) {
    return 'visible and hidden attributes do not add up to the signed ones';
  }
  return null;
}

export function attestationOracle(record, answer) {
  const bad = shape(answer, 'attestation');
  if (bad || !answer.attestation) return bad;
  const a = answer.attestation;
  const claimBad = claimOracle(record, {problems: [], claim: a.claim});
  if (claimBad) return `claim: ${claimBad}`;
  if (!isHonest(a.attester)) return null;
  const genuine = record.attestations.find((g) => g.attester === lower(a.attester) && g.claimHash === a.claim.hash);
  if (!genuine || !same(Object.entries(a.attested).sort(), Object.entries(genuine.attested).sort())) {
    return 'an attestation its attester never signed';
  }
  return null;
}

/** A call that is given no look-up function reaches no network: verifyStrict goes online only through them. */
export function networkOracle(outcome, givenLookups) {
  if (!givenLookups && outcome.attempts > 0) return `${outcome.attempts} network request(s), though given no look-up`;
  return null;
}
