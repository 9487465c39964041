// A scratch copy of the site for a build of its own (benchmarks, the version-cut check): the
// sources without installed or generated files, and a node_modules/ that links each installed
// package but owns its .cache/, so the copy's build caches (Rspack's persistent cache among them)
// never mix with the working tree's, and clearing them never touches the working tree's.
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

/** What a copy leaves out: installed packages, builds, generated files, test output, git. */
export const EXCLUDED = ['node_modules', 'build', '.docusaurus', 'test-results', 'playwright-report', '.git'];

/**
 * Copies `source` into a new folder of the system's temporary directory and returns its path. With
 * `at`, the copy is made in that folder instead, replacing the sources of an earlier copy there but
 * keeping its node_modules/.cache: a copy made at the same path each time builds with warm caches
 * (the cache keys hold the site's absolute path).
 */
export function scratchCopy(source, prefix = 'site-copy-', {at} = {}) {
  let dir;
  if (at) {
    mkdirSync(at, {recursive: true});
    for (const entry of readdirSync(at)) {
      if (entry !== 'node_modules') rmSync(join(at, entry), {recursive: true, force: true});
    }
    if (existsSync(join(at, 'node_modules'))) {
      for (const entry of readdirSync(join(at, 'node_modules'))) {
        if (entry !== '.cache') rmSync(join(at, 'node_modules', entry), {recursive: true, force: true});
      }
    }
    dir = at;
  } else dir = mkdtempSync(join(tmpdir(), prefix));
  const tar = spawnSync(
    'bash',
    [
      '-c',
      `tar -C "$1" ${EXCLUDED.map((e) => `--exclude=./${e}`).join(' ')} -cf - . | tar -C "$2" -xf -`,
      '_',
      source,
      dir,
    ],
    {stdio: 'inherit'},
  );
  if (tar.status !== 0) throw new Error(`copying ${source} failed`);
  mkdirSync(join(dir, 'node_modules'), {recursive: true});
  for (const entry of readdirSync(join(source, 'node_modules'))) {
    if (entry !== '.cache') symlinkSync(join(source, 'node_modules', entry), join(dir, 'node_modules', entry));
  }
  return dir;
}
