// Virtual time for one recipe call. While a call runs, setTimeout and setInterval are replaced by a
// clock that moves only when nothing else can happen: the driver lets every promise, immediate and
// WebCrypto job settle, then jumps to the next timer. So "no answer within 20 s" is decided without a
// wall clock, and the same case always takes the same virtual time: a call that waits for a network
// stub that drops traffic ends exactly when its own timers (or the SDK's) fire. After the answer, the
// timers the call left pending and referenced are counted: what it started and did not stop.
const real = {setTimeout, clearTimeout, setInterval, clearInterval, setImmediate};
const turn = () => new Promise((resolve) => real.setImmediate(resolve));
const pause = (ms) => new Promise((resolve) => real.setTimeout(resolve, ms));

/** In-flight WebCrypto operations (pkijs verifies with crypto.subtle): real work the clock waits for. */
let inflight = 0;
let subtlePatched = false;
function countSubtle() {
  if (subtlePatched) return;
  subtlePatched = true;
  const subtle = globalThis.crypto.subtle;
  for (const name of ['digest', 'importKey', 'exportKey', 'verify', 'sign', 'generateKey', 'deriveBits']) {
    const original = subtle[name].bind(subtle);
    subtle[name] = (...args) => {
      inflight++;
      return original(...args).finally(() => inflight--);
    };
  }
}

export class VirtualClock {
  constructor() {
    this.now = 0;
    this.timers = new Map();
    this.next = 1;
  }

  install() {
    countSubtle();
    const timers = this.timers;
    const now = () => this.now;
    const handle = (id) => ({
      id,
      ref() {
        if (timers.has(id)) timers.get(id).ref = true;
        return this;
      },
      unref() {
        if (timers.has(id)) timers.get(id).ref = false;
        return this;
      },
      hasRef: () => timers.get(id)?.ref ?? false,
      refresh() {
        const t = timers.get(id);
        if (t) t.at = now() + t.delay;
        return this;
      },
      [Symbol.toPrimitive]: () => id,
    });
    const add = (fn, delay, args, repeat) => {
      const id = this.next++;
      const ms = Math.max(1, Number(delay) || 0);
      this.timers.set(id, {fn, args, at: this.now + ms, delay: ms, repeat, ref: true, seq: id});
      return handle(id);
    };
    const clear = (h) => this.timers.delete(typeof h === 'object' && h !== null ? h.id : Number(h));
    globalThis.setTimeout = (fn, delay, ...args) => add(fn, delay, args, false);
    globalThis.setInterval = (fn, delay, ...args) => add(fn, delay, args, true);
    globalThis.clearTimeout = clear;
    globalThis.clearInterval = clear;
  }

  uninstall() {
    Object.assign(globalThis, {
      setTimeout: real.setTimeout,
      clearTimeout: real.clearTimeout,
      setInterval: real.setInterval,
      clearInterval: real.clearInterval,
    });
    this.timers.clear();
  }

  /** Timers still pending that keep a process alive (referenced), as a count. */
  referenced() {
    return [...this.timers.values()].filter((t) => t.ref).length;
  }

  /**
   * Runs `call` to its answer in virtual time. Returns {value} or {threw}, with `ms` (virtual time
   * used); {hung: true} when its next timer lies beyond `limitMs`; {stuck: true} when it waits for
   * something that never happens (no timer pending, no real work left).
   */
  async drive(call, limitMs) {
    let outcome = null;
    call().then(
      (value) => (outcome = {value}),
      (error) => (outcome = {threw: String(error?.stack ?? error)}),
    );
    for (let idle = 0; ; ) {
      for (let i = 0; i < 3; i++) await turn();
      if (outcome) return {...outcome, ms: this.now};
      if (inflight > 0) {
        await pause(1);
        continue;
      }
      const pending = [...this.timers.entries()].sort(([, a], [, b]) => a.at - b.at || a.seq - b.seq);
      if (pending.length === 0) {
        // Real work the clock cannot see (a first dynamic import, say) gets a moment before "stuck".
        if (++idle > 40) return {stuck: true, ms: this.now};
        await pause(5);
        continue;
      }
      idle = 0;
      const [id, timer] = pending[0];
      if (timer.at > limitMs) return {hung: true, ms: this.now};
      this.now = Math.max(this.now, timer.at);
      if (timer.repeat) timer.at = this.now + timer.delay;
      else this.timers.delete(id);
      try {
        timer.fn(...timer.args);
      } catch {
        // an exception in a timer callback is the callee's; the call itself answers or not
      }
    }
  }
}
