// The seed and size of every generated test (fast-check). In the gates (`npm test`, `npm run check`)
// the seed is the constant below: the same code always draws the same cases, whatever the commit or
// the machine, and it changes only when someone changes it here. New seeds run in the `fuzz:*`
// scripts (FUZZ_SEED=random); a counter-example they find is kept as a named regression in the test
// that found it, and then holds in every gate.
//   FUZZ_SEED=<n>       replay a run (each test prints its seed)
//   FUZZ_SEED=random    a new seed each run, printed
//   FUZZ_RUNS=<n>       cases per generated property instead of the test's own number
export const GATE_SEED = 20261202;

function chooseSeed(value = process.env.FUZZ_SEED) {
  if (!value) return GATE_SEED;
  if (value === 'random') return Math.floor(Math.random() * 2 ** 31);
  const seed = Number(value);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer or "random", not ${value}`);
  return seed;
}

export const seed = chooseSeed();
/** The number of cases of a property: FUZZ_RUNS when set, else `fallback`. */
export const runs = (fallback) => Number(process.env.FUZZ_RUNS || fallback);
