// Preloaded (`node --import`) into a content test and every process and worker it starts, by
// scripts/check/content-tests.mjs: records which files of the site's content the test reads, so
// that a later run can tell whether anything it read has changed since it passed.
//
// It appends one line per distinct access to the file named by CONTENT_TEST_READS:
//   F <path>   a file read (fs reads, streams and opens; Node's loader reads modules through
//              fs.readFile too, so an `import` counts)
//   D <path>   a directory listed
//   E <path>   a path whose existence or type was asked (exists, stat, access)
// Paths are relative to the repository and only paths outside node_modules are kept (the lockfile
// stands for node_modules). Child processes and worker threads run it too, through NODE_OPTIONS.
import fs from 'node:fs';
import {syncBuiltinESMExports} from 'node:module';
import {isAbsolute, relative, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import workerThreads from 'node:worker_threads';

const RECORD = process.env.CONTENT_TEST_READS;
const ROOT = process.env.CONTENT_TEST_ROOT || process.cwd();

if (RECORD) {
  const seen = new Set();
  const {appendFileSync} = fs;
  const note = (kind, target) => {
    let path;
    try {
      if (target instanceof URL) path = fileURLToPath(target);
      else if (typeof target === 'string') path = target.startsWith('file:') ? fileURLToPath(target) : target;
      else if (Buffer.isBuffer(target)) path = target.toString();
      else return; // a file descriptor: its open was recorded
    } catch {
      return;
    }
    const rel = relative(ROOT, resolve(path));
    if (!rel || rel.startsWith('..') || isAbsolute(rel) || rel.split(/[\\/]/).includes('node_modules')) return;
    const line = `${kind} ${rel}\n`;
    if (seen.has(line)) return;
    seen.add(line);
    appendFileSync(RECORD, line);
  };

  const wrap = (object, name, kind) => {
    const original = object[name];
    if (typeof original !== 'function') return;
    object[name] = function (target, ...rest) {
      note(kind, target);
      return original.call(this, target, ...rest);
    };
  };
  for (const name of ['readFileSync', 'readFile', 'createReadStream', 'openSync', 'open', 'readlinkSync'])
    wrap(fs, name, 'F');
  for (const name of ['readdirSync', 'readdir', 'opendirSync', 'opendir']) wrap(fs, name, 'D');
  for (const name of ['existsSync', 'exists', 'statSync', 'stat', 'lstatSync', 'lstat', 'accessSync', 'access']) {
    wrap(fs, name, 'E');
  }
  for (const name of ['readFile', 'open']) wrap(fs.promises, name, 'F');
  for (const name of ['readdir', 'opendir']) wrap(fs.promises, name, 'D');
  for (const name of ['stat', 'lstat', 'access']) wrap(fs.promises, name, 'E');

  // Worker threads started from a file run this preload too (Node passes NODE_OPTIONS on); one
  // started from a string would not, so it is refused rather than left unrecorded.
  const Worker = workerThreads.Worker;
  workerThreads.Worker = class RecordingWorker extends Worker {
    constructor(filename, options = {}) {
      if (options.eval) {
        throw new Error(
          'A content test started a worker from a string (eval): its reads cannot be recorded. Start it from a file.',
        );
      }
      super(filename, options);
    }
  };
  syncBuiltinESMExports();
}
