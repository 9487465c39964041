// A worker thread with a heap limit, restarted after every crash or overrun. run() answers null when the
// guarantees held, or the broken guarantee, which includes "no answer within N s" and "out of memory".
// The time limit is wall-clock time, so a starved run gets a second chance before it counts as a hang.
import {Worker} from 'node:worker_threads';

export class Sandbox {
  constructor({loader, against, memoryMb = 512, timeoutMs = 20_000}) {
    Object.assign(this, {loader, against, memoryMb, timeoutMs, next: 0});
  }

  start() {
    this.worker = new Worker(new URL('./worker.mjs', import.meta.url), {
      workerData: {loader: this.loader, against: this.against},
      resourceLimits: {maxOldGenerationSizeMb: this.memoryMb},
    });
    return new Promise((resolve, reject) => {
      this.worker.once('message', resolve);
      this.worker.once('error', reject);
    });
  }

  /** A case that times out is run once more with twice the time: a busy machine can starve one run. */
  async run(attack) {
    const first = await this.once(attack, this.timeoutMs);
    return first?.startsWith('no answer within') ? this.once(attack, 2 * this.timeoutMs) : first;
  }

  async once(attack, timeoutMs) {
    if (!this.worker) await this.start();
    const id = this.next++;
    const worker = this.worker;
    let timer;
    const listeners = {};
    const outcome = await new Promise((resolve) => {
      listeners.message = (m) => m.id === id && resolve({broken: m.broken});
      listeners.error = (e) =>
        resolve({crash: /heap|memory/i.test(`${e?.code} ${e?.message}`) ? 'out of memory' : `crashed: ${e}`});
      listeners.exit = (code) => resolve({crash: `the worker exited (${code})`});
      for (const [event, listener] of Object.entries(listeners)) worker.on(event, listener);
      timer = setTimeout(() => resolve({crash: `no answer within ${timeoutMs / 1000} s`}), timeoutMs);
      worker.postMessage({id, attack});
    });
    clearTimeout(timer);
    for (const [event, listener] of Object.entries(listeners)) worker.off(event, listener);
    if (outcome.crash) {
      this.worker = null;
      await worker.terminate();
      return outcome.crash;
    }
    return outcome.broken;
  }

  async stop() {
    await this.worker?.terminate();
    this.worker = null;
  }
}
