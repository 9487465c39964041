// A generative adversary against the security recipes of the v3 pages (verifyStrict, checkGrant,
// agreementState, checkCheque, checkClaim, checkAttestation), loaded from the pages as published.
//
// fast-check draws an honest world (tests/content/adversary/world.mjs), a genuine document from it, and
// up to five of the adversary's operators (adversary/operators.mjs, every change a holder can make
// without an honest key); the recipe's answer is judged by the guarantee its page states
// (adversary/oracle.mjs): what it accepts is what honest parties signed, and it always answers, with no
// throw. A counter-example is shrunk by fast-check and kept in recipes-regressions.test.mjs.
//
// Each call runs in virtual time on a network that drops traffic, and its work is counted in SHA-256
// blocks (adversary/clock.mjs, network.mjs, cost.mjs): no answer within 20 s of that time, a timer left
// running after the answer, a network request without a look-up, or hashing out of proportion to the
// input breaks a guarantee like a wrong answer does. Attacks run in a worker thread with a 512 MB heap;
// running out of memory, or no answer within 20 s of real time (FUZZ_TIMEOUT_MS, a backstop), breaks
// it too (adversary/sandbox.mjs).
//
// The seed is fixed (scripts/lib/fuzz.mjs) and printed, so a run can be replayed:
//   FUZZ_SEED=<seed> npm run test:content          same cases
//   npm run fuzz:recipes                           many more cases (the long run; FUZZ_RUNS sets how many)
//   FUZZ_AGAINST=79a1ec1 npm run fuzz:recipes      the same attacks on the recipes of an earlier commit
//   FUZZ_SURVEY=1 ...                              no stop at the first failure: count every kind of break
import assert from 'node:assert/strict';
import {runs, seed} from '../../scripts/lib/fuzz.mjs';
import {test} from 'node:test';
import fc from 'fast-check';
import {TARGETS, attackOn} from './adversary/run.mjs';
import {Sandbox} from './adversary/sandbox.mjs';

// The gates draw 150 attacks with the fixed seed (about 15 s); `npm run fuzz:recipes` draws 20,000 with
// new seeds, and what it finds becomes a named regression (recipes-regressions.test.mjs).
const numRuns = runs(150);
const against = process.env.FUZZ_AGAINST;
const targets = process.env.FUZZ_TARGETS ? process.env.FUZZ_TARGETS.split(',') : TARGETS;
const loader = new URL(against ? './adversary/earlier-recipes.mjs' : './adversary/run.mjs', import.meta.url).href;

// A survey runs the drawn cases without shrinking and counts the distinct breaks (hashes elided).
if (process.env.FUZZ_SURVEY) {
  test(`survey of ${numRuns} attacks (seed ${seed})`, async (t) => {
    const sandbox = new Sandbox({loader, against, timeoutMs: Number(process.env.FUZZ_TIMEOUT_MS || 20_000)});
    const breaks = new Map();
    for (const a of fc.sample(attackOn(targets), {seed, numRuns})) {
      const broken = await sandbox.run(a);
      if (!broken) continue;
      const kind = broken
        .replace(/0x[0-9a-f]+…?/g, '0x…')
        .replace(/ \|.*$/, '')
        .slice(0, 120);
      if (!breaks.has(kind)) breaks.set(kind, {count: 0, example: a});
      breaks.get(kind).count++;
    }
    await sandbox.stop();
    for (const [kind, {count, example}] of breaks) {
      t.diagnostic(
        `${count}× ${kind}\n    e.g. ${example.target} on ${example.doc}: ${example.steps.map((s) => s.op).join(', ')}`,
      );
    }
    assert.equal(breaks.size, 0);
  });
}

test(`the recipes keep their guarantees against generated attacks (seed ${seed}, ${numRuns} cases)`, async (t) => {
  const sandbox = new Sandbox({loader, against, timeoutMs: Number(process.env.FUZZ_TIMEOUT_MS || 20_000)});
  const started = Date.now();
  const tally = new Map();
  let done = 0;
  let firstFailure = null;
  const result = await fc.check(
    fc.asyncProperty(attackOn(targets), async (a) => {
      for (const s of a.steps) tally.set(s.op, (tally.get(s.op) ?? 0) + 1);
      if (++done % 1000 === 0) process.stderr.write(`${done} cases, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
      const broken = await sandbox.run(a);
      // The first failure is printed at once: shrinking a case that never answers takes a while.
      if (broken && !firstFailure)
        process.stderr.write(`first failure, before shrinking: ${(firstFailure = broken)}\n`);
      if (broken) throw new Error(broken);
    }),
    {seed, numRuns},
  );
  // fast-check reports the shrunk case; run it once more to say which guarantee it breaks.
  const broken = result.failed ? await sandbox.run(result.counterexample[0]) : null;
  await sandbox.stop();
  t.diagnostic(
    `seed ${seed}: ${result.numRuns} cases in ${((Date.now() - started) / 1000).toFixed(1)} s; replay with FUZZ_SEED=${seed}`,
  );
  t.diagnostic(`operators used: ${[...tally].map(([op, n]) => `${op} ${n}`).join(', ')}`);
  assert.ok(!result.failed, `${broken}\n${fc.defaultReportMessage(result)}`);
});
