// One attack: build the honest world from drawn values, take one genuine document, apply the drawn
// operators, hand the result to the recipe under attack and judge its answer with the oracle.
//
// The call runs in virtual time (clock.mjs) on a network that drops traffic (network.mjs), and its work
// is counted in SHA-256 blocks (cost.mjs): whether it answers within 20 s, what it leaves running and
// how much it hashes for the size of its input are decided by counting, never by a wall clock.
import fc from 'fast-check';
import {checkInternetConnection} from 'aqua-js-sdk';
import {importDocBlock} from '../doc-blocks.mjs';
import {VirtualClock} from './clock.mjs';
import {counted} from './cost.mjs';
import {installDroppingNetwork} from './network.mjs';
import {OPERATOR_NAMES, OPERATORS} from './operators.mjs';
import {
  agreementOracle,
  attestationOracle,
  chequeOracle,
  claimOracle,
  costOracle,
  grantOracle,
  networkOracle,
  strictOracle,
} from './oracle.mjs';
import {AUTHORITIES, buildWorld} from './world.mjs';

const V3 = 'versioned_docs/version-1.3.2';

/** The recipes exactly as the pages publish them. */
export async function loadRecipes() {
  return {
    strict: await importDocBlock(`${V3}/sdk/api/verification.md`, 'strict-verify.ts'),
    access: await importDocBlock(`${V3}/AccessControl.md`, 'access.ts'),
    identity: await importDocBlock(`${V3}/AquaIdentity.md`, 'identity.ts'),
    cheque: await importDocBlock(`${V3}/Cheque.md`, 'cheque.ts'),
    lookups: await importDocBlock(`${V3}/sdk/api/verification.md`, 'anchor-lookups.ts'),
  };
}

// Values: short strings with the characters that matter to JSON, leaves (`key:value`) and characters that look alike.
const text = fc.oneof(
  fc.string({maxLength: 8}),
  fc.string({
    unit: fc.constantFrom('a', 'E', '0', '1', ' ', ':', ',', '"', '\\', '.', 'а', 'Е', 'é', '\u0000', '💶', '\uFFFD'),
    maxLength: 8,
  }),
  fc.constantFrom('', '0', '300', '0.3', 'null', 'true', '[object Object]', 'a,b', 'Jos\uFFFD'),
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
    doc: fc.constantFrom('grant', 'agreement', 'cheque', 'claim', 'attestation', 'witnessed'),
    steps: fc.array(step, {minLength: 1, maxLength: 5}),
    // The dropping network answers the SDK's connectivity check ("probe") or nothing at all.
    net: fc.constantFrom('drop', 'probe'),
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
let warm = false;

/**
 * Runs a recipe call in virtual time on a dropping network and counts its work. A throw, no answer
 * within HANG_MS, or a wait for something that never comes is a broken guarantee (it must always
 * answer); the oracle judges the rest.
 */
async function answer(call, net = 'drop') {
  if (!warm) {
    // The SDK imports its platform module when it first checks connectivity; load it before any clock runs.
    const network = installDroppingNetwork({probe: true});
    await checkInternetConnection().finally(() => network.uninstall());
    warm = true;
  }
  const clock = new VirtualClock();
  const network = installDroppingNetwork({probe: net === 'probe'});
  clock.install();
  try {
    const {value: outcome, blocks} = await counted(() => clock.drive(call, HANG_MS), {keep: true});
    return {...outcome, blocks, leaked: clock.referenced(), attempts: network.state.attempts.length};
  } finally {
    clock.uninstall();
    network.uninstall();
  }
}

/** The bytes a recipe is handed: the tree and the file contents, as JSON text where they are objects. */
function inputBytes(st) {
  const size = (v) => {
    if (typeof v === 'string') return Buffer.byteLength(v);
    if (v instanceof Uint8Array) return v.byteLength;
    try {
      return Buffer.byteLength(JSON.stringify(v) ?? '');
    } catch {
      return 0;
    }
  };
  return size(st.tree) + (Array.isArray(st.files) ? st.files.reduce((n, f) => n + size(f?.fileContent), 0) : 0);
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
  let bytes = 0;
  const answer_ = (states, call) => {
    bytes = [states].flat().reduce((n, st) => n + inputBytes(st), 0);
    return answer(call, a.net);
  };
  if (target === 'strict') {
    const st = await applySteps(start(docs[a.doc] ?? docs.grant), a.steps);
    // Trust only the honest authority; look anchors up with the page's functions, on the dropping network.
    const lookups = recipes.lookups && {
      nostrEvent: recipes.lookups.nostrRelay('wss://relay.invalid'),
      ethereumRpc: recipes.lookups.ethereumRpc({
        sepolia: 'https://sepolia.invalid',
        mainnet: 'https://mainnet.invalid',
      }),
    };
    const options = {tsaRoots: [(await AUTHORITIES()).honest.rootPem], ...lookups};
    result = await answer_(st, () => recipes.strict.verifyStrict(st.tree, st.files, options));
    oracle = strictOracle;
  } else if (target === 'grant') {
    const st = await applySteps(start(docs.grant), a.steps);
    result = await answer_(st, () => recipes.access.checkGrant(st.tree, first(st)));
    oracle = grantOracle;
  } else if (target === 'agreement') {
    const st = await applySteps(start(docs.agreement), a.steps);
    result = await answer_(st, () => recipes.access.agreementState(st.tree, first(st)));
    oracle = agreementOracle;
  } else if (target === 'cheque') {
    const st = await applySteps(start(docs.cheque), a.steps);
    result = await answer_(st, () => recipes.cheque.checkCheque(st.tree, st.files));
    oracle = chequeOracle;
  } else if (target === 'claim' || target === 'sharedClaim') {
    const st = await applySteps(start(docs.claim), a.steps);
    result = await answer_(st, () => recipes.identity.checkClaim(st.tree, target === 'claim' ? first(st) : null));
    oracle = claimOracle;
  } else {
    const attacked = target === 'attestation' ? 'attestation' : 'claim';
    const st = await applySteps(start(docs[attacked]), a.steps);
    const att = attacked === 'attestation' ? st : start(docs.attestation);
    const claim = attacked === 'claim' ? st : start(docs.claim);
    result = await answer_([att, claim], () =>
      recipes.identity.checkAttestation(att.tree, first(att), claim.tree, first(claim)),
    );
    oracle = attestationOracle;
  }
  if (result.threw) return `threw: ${result.threw.split('\n').slice(0, 3).join(' | ')}`;
  if (result.hung) return `no answer within ${HANG_MS / 1000} s (virtual time, network dropping traffic)`;
  if (result.stuck) return `no answer ever: it waits for traffic that never comes, with no timer of its own`;
  const costly = costOracle(result, bytes) ?? networkOracle(result, target === 'strict');
  if (costly) return `${target}: ${costly}`;
  const broken = oracle(record, result.value);
  return broken ? `${target}: ${broken}` : null;
}
