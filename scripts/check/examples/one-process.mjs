// Runs documentation examples one after another in this one Node process, so that aqua-js-sdk and
// its dependencies load once instead of once per example (about 1.3 s of CPU each). Started by
// scripts/check/code-examples.mjs in the fast lane (EXAMPLES_ONE_PROCESS=1) with `fork`, preloaded
// with no-network.mjs like a process of its own; it reports each example's exit code, stdout and
// stderr over the IPC channel, as that example would give them alone:
// - its output is what it writes while it runs (console and process.stdout/stderr);
// - `process.exit(code)` ends it with that code (the call throws, so nothing after it runs), and
//   `process.exitCode` is read when it ends; an uncaught exception or unhandled rejection ends it
//   with code 1 and the error on stderr, as Node prints them;
// - it has ended when its module has evaluated and the timers, sockets and requests it started are
//   gone (the event loop is back to what it was before the example), which is when Node would exit.
// An example that never ends stops this process (the caller kills it after its time limit and runs
// the rest alone). The caller also runs every example that fails here again in a process of its
// own, and `npm test` runs them all that way, so shared state can never make an example fail, and
// an example that passes only after another has run fails in `npm test`.
import {inspect} from 'node:util';
import {pathToFileURL} from 'node:url';

// The examples, and the packages to load once before them (the caller names aqua-js-sdk, which
// resolves here as from the examples: their node_modules is a link to the site's).
const examples = JSON.parse(process.argv[2]);
for (const name of process.argv.slice(3)) await import(name);

class ExampleExit extends Error {}
const exit = process.exit.bind(process);
let current = null;

const capture = (stream) => {
  const original = stream.write.bind(stream);
  stream.write = (chunk, encoding, callback) => {
    if (current && !current.ended) current[stream === process.stdout ? 'stdout' : 'stderr'] += String(chunk);
    else if (!current) return original(chunk, encoding, callback);
    const done = typeof encoding === 'function' ? encoding : callback;
    if (done) queueMicrotask(done);
    return true;
  };
};
capture(process.stdout);
capture(process.stderr);

const end = (code, error) => {
  if (!current || current.ended) return;
  if (error !== undefined && !(error instanceof ExampleExit))
    current.stderr += `${error instanceof Error ? (error.stack ?? error.message) : `Uncaught ${inspect(error)}`}\n`;
  current.code = code;
  current.ended = true;
};
process.exit = (code) => {
  end(code ?? process.exitCode ?? 0);
  throw new ExampleExit();
};
process.on('uncaughtException', (error) => end(1, error));
process.on('unhandledRejection', (error) => {
  if (!(error instanceof ExampleExit)) end(1, error);
});

/** The event loop's resources by kind: an example has ended when none of its own is left. */
const resources = () => {
  const count = new Map();
  for (const kind of process.getActiveResourcesInfo()) count.set(kind, (count.get(kind) ?? 0) + 1);
  return count;
};
const baseline = resources();
const settled = () => [...resources()].every(([kind, n]) => n <= (baseline.get(kind) ?? 0));
let runs = 0;
const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

for (const {id, file, cwd} of examples) {
  process.chdir(cwd);
  process.exitCode = undefined;
  current = {id, stdout: '', stderr: '', code: null, ended: false};
  let evaluated = false;
  // A query of its own, so that a file listed twice is evaluated twice, as two processes would.
  import(`${pathToFileURL(file).href}?run=${++runs}`).then(
    () => (evaluated = true),
    (error) => {
      evaluated = true;
      end(error instanceof ExampleExit ? current.code : 1, error);
    },
  );
  do await tick();
  while (!current.ended && !(evaluated && settled()));
  end(process.exitCode ?? 0);
  const {stdout, stderr, code} = current;
  current = null;
  process.send({id, code, stdout, stderr});
  // Ended by process.exit or an error with timers or sockets still open: they would write into the
  // next example's output, so the rest run elsewhere. (A timer whose callback threw is released
  // once that callback returns, a tick later.)
  if (!settled()) await tick();
  if (!settled()) break;
}
// Leaves now, whatever an example left running; the last message is written first.
await new Promise((resolve) => process.send({end: true}, resolve));
exit(0);
