// The seed and run count of the content suite's generated tests. The seed is fixed for a commit
// (taken from its hash) and each test prints it; FUZZ_SEED and FUZZ_RUNS override both, to replay a
// failure or to run longer.
import {commitSeed} from '../../scripts/lib/commit-seed.mjs';
import {ROOT} from './doc-blocks.mjs';

export const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : commitSeed(ROOT);
/** The number of cases: FUZZ_RUNS when set, else `fallback`. */
export const runs = (fallback) => Number(process.env.FUZZ_RUNS || fallback);
