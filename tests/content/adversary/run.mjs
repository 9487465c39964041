// One attack: build the honest world from drawn values, take one genuine document, apply the drawn
// operators, hand the result to the recipe under attack and judge its answer with the oracle.
import fc from 'fast-check';
import {importDocBlock} from '../doc-blocks.mjs';
import {OPERATOR_NAMES, OPERATORS} from './operators.mjs';
import {agreementOracle, attestationOracle, chequeOracle, claimOracle, grantOracle, strictOracle} from './oracle.mjs';
import {buildWorld} from './world.mjs';

const V3 = 'versioned_docs/version-1.3.2';

/** The recipes exactly as the pages publish them. */
export async function loadRecipes() {
  return {
    strict: await importDocBlock(`${V3}/sdk/api/verification.md`, 'strict-verify.ts'),
    access: await importDocBlock(`${V3}/AccessControl.md`, 'access.ts'),
    identity: await importDocBlock(`${V3}/AquaIdentity.md`, 'identity.ts'),
    cheque: await importDocBlock(`${V3}/Cheque.md`, 'cheque.ts'),
  };
}

// Values: short strings with the characters that matter to JSON, leaves (`key:value`) and look-alikes.
const text = fc.oneof(
  fc.string({maxLength: 8}),
  fc.string({
    unit: fc.constantFrom('a', 'E', '0', '1', ' ', ':', ',', '"', '\\', '.', 'а', 'Е', 'é', '\u0000', '💶'),
    maxLength: 8,
  }),
  fc.constantFrom('', '0', '300', '0.3', 'null', 'true', '[object Object]', 'a,b'),
);
const hash = fc.uint8Array({minLength: 32, maxLength: 32}).map((b) => '0x' + Buffer.from(b).toString('hex'));
const NAMES = ['name', 'surname', 'email', 'date_of_birth'];

// Parties are drawn as indices into ALL (0-2 honest, 3-4 the adversary's), so that a case is plain data.
const party = (...indices) => fc.constantFrom(...indices);
export const worldValues = fc.record({
  grantSender: party(0, 1, 3),
  grantReceiver: party(0, 1, 2, 3, 4),
  resource: hash,
  conditions: text,
  agreementSignatures: fc.integer({min: 0, max: 2}),
  payer: party(0, 3),
  payee: party(0, 1, 2, 3, 4),
  amount: fc.oneof(
    fc.constantFrom('0.3', '1', '300'),
    fc.tuple(fc.nat(1000), fc.nat(99)).map(([a, b]) => `${a}.${b}`),
  ),
  currency: fc.constantFrom('ETH', 'EUR', 'USD'),
  note: fc.option(text, {nil: null}),
  endorse: fc.boolean(),
  attributes: fc.dictionary(fc.constantFrom(...NAMES), text, {minKeys: 1, maxKeys: 4}),
  claimant: party(0, 2, 4),
  attestedKeys: fc.subarray(NAMES),
  attester: party(1, 2, 3),
  // The hashing method of every revision the honest parties make: scalar (one hash of the whole
  // revision) or tree (a leaf per field, what lets a holder hide a field).
  scalar: fc.boolean(),
});

export const TARGETS = [
  'strict',
  'grant',
  'agreement',
  'cheque',
  'claim',
  'sharedClaim',
  'attestation',
  'attestedClaim',
];
export const step = fc.record({
  op: fc.constantFrom(...OPERATOR_NAMES),
  i: fc.nat(12),
  j: fc.nat(12),
  k: fc.nat(12),
  s: text,
  b: fc.boolean(),
});
/** Every kind of attack, or those named (FUZZ_TARGETS=cheque,strict narrows a long run). */
export const attackOn = (targets = TARGETS) =>
  fc.record({
    world: worldValues,
    target: fc.constantFrom(...targets),
    doc: fc.constantFrom('grant', 'agreement', 'cheque', 'claim', 'attestation'),
    steps: fc.array(step, {minLength: 1, maxLength: 5}),
  });
export const attack = attackOn();

/** Applies the steps; an operator that throws on the state it gets leaves the state as it was. */
export async function applySteps(state, steps) {
  let st = state;
  for (const s of steps) {
    try {
      st = await OPERATORS[s.op](st, s);
    } catch {
      // the operator does not apply to this state
    }
  }
  return st;
}

const HANG_MS = 20_000;

/** Runs a recipe call; a throw or no answer within HANG_MS is a broken guarantee (it must always answer). */
async function answer(call) {
  let timer;
  const hang = new Promise((resolve) => (timer = setTimeout(() => resolve({hung: true}), HANG_MS)));
  try {
    return await Promise.race([call(), hang]);
  } catch (error) {
    return {threw: String(error?.stack ?? error)};
  } finally {
    clearTimeout(timer);
  }
}

/** One attack; returns null when every guarantee held, or what broke. */
export async function runAttack(recipes, a) {
  const {record, docs} = await buildWorld(a.world);
  const pool = Object.values(docs);
  const start = (doc) => ({tree: structuredClone(doc.tree), files: [...doc.files], pool});
  const target = a.target;
  const first = (st) => st.files?.[0];
  let result;
  let oracle;
  if (target === 'strict') {
    const st = await applySteps(start(docs[a.doc]), a.steps);
    result = await answer(() => recipes.strict.verifyStrict(st.tree, st.files));
    oracle = strictOracle;
  } else if (target === 'grant') {
    const st = await applySteps(start(docs.grant), a.steps);
    result = await answer(() => recipes.access.checkGrant(st.tree, first(st)));
    oracle = grantOracle;
  } else if (target === 'agreement') {
    const st = await applySteps(start(docs.agreement), a.steps);
    result = await answer(() => recipes.access.agreementState(st.tree, first(st)));
    oracle = agreementOracle;
  } else if (target === 'cheque') {
    const st = await applySteps(start(docs.cheque), a.steps);
    result = await answer(() => recipes.cheque.checkCheque(st.tree, st.files));
    oracle = chequeOracle;
  } else if (target === 'claim' || target === 'sharedClaim') {
    const st = await applySteps(start(docs.claim), a.steps);
    result = await answer(() => recipes.identity.checkClaim(st.tree, target === 'claim' ? first(st) : null));
    oracle = claimOracle;
  } else {
    const attacked = target === 'attestation' ? 'attestation' : 'claim';
    const st = await applySteps(start(docs[attacked]), a.steps);
    const att = attacked === 'attestation' ? st : start(docs.attestation);
    const claim = attacked === 'claim' ? st : start(docs.claim);
    result = await answer(() => recipes.identity.checkAttestation(att.tree, first(att), claim.tree, first(claim)));
    oracle = attestationOracle;
  }
  if (result?.threw) return `threw: ${result.threw.split('\n').slice(0, 3).join(' | ')}`;
  if (result?.hung) return `no answer within ${HANG_MS / 1000} s`;
  const broken = oracle(record, result);
  return broken ? `${target}: ${broken}` : null;
}
