// A scratch copy of the site for a build of its own (benchmarks, the version-cut check): the
// sources without installed or generated files, and a node_modules/ that links each installed
// package but owns its .cache/, so the copy's build caches (Rspack's persistent cache among them)
// never mix with the working tree's, and clearing them never touches the working tree's.
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readdirSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

/** What a copy leaves out: installed packages, builds, generated files, test output, git. */
export const EXCLUDED = ['node_modules', 'build', '.docusaurus', 'test-results', 'playwright-report', '.git'];

/** Copies `source` into a new folder of the system's temporary directory and returns its path. */
export function scratchCopy(source, prefix = 'site-copy-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
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
  mkdirSync(join(dir, 'node_modules'));
  for (const entry of readdirSync(join(source, 'node_modules'))) {
    if (entry !== '.cache') symlinkSync(join(source, 'node_modules', entry), join(dir, 'node_modules', entry));
  }
  return dir;
}
