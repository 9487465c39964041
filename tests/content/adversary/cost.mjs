// Work measured as operations, not time: the SHA-256 blocks that aqua-js-sdk's getHashSum (sha.js)
// compresses, counted through V8's precise coverage (the call count of sha.js's block function). Every
// hash the SDK and the recipes compute goes through it, so the count is the bytes hashed / 64, plus
// one padding block per hash.
// Works in the main thread and in a worker (one inspector per thread).
import {Session} from 'node:inspector/promises';

let session = null;
let running = false;

const blocksIn = (coverage) => {
  let blocks = 0;
  for (const script of coverage) {
    if (!/[\\/]sha\.js[\\/]sha256\.js$/.test(script.url)) continue;
    for (const f of script.functions) if (/(^|\.)_update$/.test(f.functionName)) blocks += f.ranges[0].count;
  }
  return blocks;
};

/**
 * Runs `call` and returns its value with the SHA-256 blocks compressed while it ran. Counting slows
 * everything down and starting it costs tens of milliseconds, so `keep: true` (the adversary, which
 * counts every call) leaves it on for the next call; otherwise it stops, and the code runs optimised.
 */
export async function counted(call, {keep = false} = {}) {
  if (!session) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
  }
  if (!running) await session.post('Profiler.startPreciseCoverage', {callCount: true, detailed: false});
  running = true;
  try {
    await session.post('Profiler.takePreciseCoverage'); // resets the counts
    const value = await call();
    return {value, blocks: blocksIn((await session.post('Profiler.takePreciseCoverage')).result)};
  } finally {
    if (!keep) {
      running = false;
      await session.post('Profiler.stopPreciseCoverage');
    }
  }
}
