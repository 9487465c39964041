// The fast lane runs the documentation examples in shared processes
// (scripts/check/examples/one-process.mjs). Its promise: each example gets the exit code and stdout
// it gets in a process of its own, or no result at all (then the caller runs it alone). Checked here
// on programs that end in each way Node knows, each run directly after each of the others in one
// shared process, against the same programs run alone.
import {fork, spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, test} from 'node:test';
import assert from 'node:assert/strict';

const RUNNER = new URL('../../scripts/check/examples/one-process.mjs', import.meta.url).pathname;

const PROGRAMS = {
  prints: `console.log('a'); process.stdout.write('b\\n');`,
  exitCode: `console.log('set'); process.exitCode = 3;`,
  throws: `console.log('before'); throw new Error('boom');`,
  exitsLater: `console.log('x'); await new Promise((r) => setTimeout(r, 20)); console.log('y'); process.exit(2); console.log('never');`,
  rejects: `setTimeout(() => console.log('too late'), 20); Promise.reject(new Error('unhandled'));`,
  timerLeftOpen: `setInterval(() => console.log('tick'), 5); process.exit(0);`,
  writesFile: `import {writeFileSync, readFileSync} from 'node:fs'; writeFileSync('f.txt', 'here'); console.log(readFileSync('f.txt', 'utf8'), process.cwd().split('/').pop());`,
  exitCaught: `try { process.exit(4); } catch {} console.log('after exit');`,
  awaitsTimers: `for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 5)); setTimeout(() => console.log('last'), 10);`,
  errorInTimer: `setTimeout(() => { throw new Error('late'); }, 5); console.log('first');`,
};

const root = mkdtempSync(join(tmpdir(), 'example-runner-'));
after(() => rmSync(root, {recursive: true, force: true}));
const dirs = Object.fromEntries(
  Object.entries(PROGRAMS).map(([name, code]) => {
    const dir = join(root, name);
    mkdirSync(dir);
    writeFileSync(join(dir, 'example.mjs'), code);
    return [name, dir];
  }),
);

const alone = Object.fromEntries(
  Object.entries(dirs).map(([name, dir]) => {
    const r = spawnSync(process.execPath, ['example.mjs'], {cwd: dir, encoding: 'utf8', timeout: 10000});
    return [name, {code: r.status, stdout: r.stdout}];
  }),
);

/** Runs `names` in order in one shared process; an entry may repeat (results by position). */
function shared(names) {
  return new Promise((resolve) => {
    const list = names.map((name, i) => ({id: `${i}`, file: join(dirs[name], 'example.mjs'), cwd: dirs[name]}));
    const child = fork(RUNNER, [JSON.stringify(list)], {stdio: ['ignore', 'ignore', 'ignore', 'ipc']});
    const results = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), 30000);
    child.on('message', ({id, code, stdout}) => id && (results[Number(id)] = {code, stdout}));
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(results);
    });
  });
}

// These end with a timer still set. Whether that timer has fired by the time the example has ended
// depends on how busy the machine is, so the runner may stop after them (the caller then runs the
// rest alone) or go on; either way every result it gives is the one the example gets alone.
const STOPPERS = ['rejects', 'timerLeftOpen'];
const others = Object.keys(PROGRAMS).filter((name) => !STOPPERS.includes(name));

test('a shared process gives each example its own exit code and output, whatever ran before it', async () => {
  // One run in which every program directly follows every other: A B, A C, ..., then B A, B C, ...
  const order = others.flatMap((a) => others.filter((b) => b !== a).flatMap((b) => [a, b]));
  const results = await shared(order);
  assert.equal(results.length, order.length, 'a result for every example');
  order.forEach((name, i) =>
    assert.deepEqual(results[i], alone[name], `${name} after ${order[i - 1] ?? 'nothing'} (position ${i})`),
  );
});

test('after an example that leaves timers running, every result the shared process still gives is right', async () => {
  for (const stopper of STOPPERS) {
    const order = [...others, stopper, ...others];
    const results = await shared(order);
    assert.ok(results.length >= others.length + 1, `${stopper}: results up to it`);
    order.forEach((name, i) => {
      if (results[i] !== undefined) assert.deepEqual(results[i], alone[name], `${name} at position ${i}`);
    });
    // A prefix of the order: once it stops, no later example gets a result from it.
    assert.equal(results.filter((r) => r !== undefined).length, results.length, `${stopper}: no gaps`);
  }
});
