// The seed of a generated test run: the first seven hex digits of the commit checked out, so that a
// commit always draws the same cases and a failure can be replayed (fixed if git is not there).
import {execFileSync} from 'node:child_process';

export function commitSeed(cwd = process.cwd()) {
  try {
    return Number.parseInt(execFileSync('git', ['rev-parse', 'HEAD'], {cwd, encoding: 'utf8'}).slice(0, 7), 16);
  } catch {
    return 20261126;
  }
}
