// Runs attacks inside a worker thread, so that the sandbox (sandbox.mjs) can bound the memory and time
// of every recipe call, including a recipe stuck in a loop that never yields to the event loop.
import https from 'node:https';
import {parentPort, workerData} from 'node:worker_threads';
import {runAttack} from './run.mjs';

// Outside a recipe call every request fails at once; during one, run.mjs installs a network that
// drops traffic (network.mjs) and puts this back afterwards.
https.request = () => {
  throw new Error('network access is disabled in the content tests');
};
console.log = () => {}; // aqua-js-sdk prints while it verifies links

const {loadRecipes} = await import(workerData.loader);
const recipes = await loadRecipes(workerData.against);
parentPort.on('message', async ({id, attack}) => {
  let broken;
  try {
    broken = await runAttack(recipes, attack);
  } catch (error) {
    broken = `the attack itself failed: ${error}`;
  }
  parentPort.postMessage({id, broken});
});
parentPort.postMessage({ready: true});
