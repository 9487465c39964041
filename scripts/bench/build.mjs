#!/usr/bin/env node
// `npm run bench:build`: cold and warm production builds, with the faster bundler (Rspack, SWC,
// Lightning CSS: the site's setting) and without it (`DOCS_BUNDLER=webpack`, stock webpack), in
// the same run. Prints the median wall time and peak memory (largest RSS, /usr/bin/time) of
// each, and the ratios. Builds run in a scratch copy of the site, never in the working tree.
//   cold: build/, .docusaurus/ and node_modules/.cache/ removed first
//   warm: the same build again right after, caches kept
//   node scripts/bench/build.mjs [--runs 3] [--bundlers faster,webpack] [--site DIR] [--json F]
import {spawnSync} from 'node:child_process';
import {cpus, totalmem} from 'node:os';
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import {scratchCopy} from '../lib/scratch-copy.mjs';
import {join, resolve} from 'node:path';
import {parseArgs} from 'node:util';

export {scratchCopy};

/** One `docusaurus build` in `dir`; with `captureStdout`, its standard output is returned too. */
export function timedBuild(dir, env = {}, {captureStdout = false} = {}) {
  const report = join(dir, '.time-report');
  const started = process.hrtime.bigint();
  const result = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      '%M',
      '-o',
      report,
      process.execPath,
      'node_modules/@docusaurus/core/bin/docusaurus.mjs',
      'build',
      '--out-dir',
      'build',
    ],
    {
      cwd: dir,
      env: {...process.env, NO_UPDATE_NOTIFIER: '1', ...env},
      stdio: ['ignore', captureStdout ? 'pipe' : 'ignore', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`build failed in ${dir}:\n${result.stderr.toString().slice(-3000)}`);
  const peakKiB = Number(readFileSync(report, 'utf8').trim().split('\n').pop());
  return {seconds, peakMiB: peakKiB / 1024, stdout: captureStdout ? result.stdout.toString() : ''};
}

export const clearCaches = (dir) => {
  for (const path of ['build', '.docusaurus', 'node_modules/.cache'])
    rmSync(join(dir, path), {recursive: true, force: true});
};

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.versions.node}`;

const BUNDLERS = {faster: {}, webpack: {DOCS_BUNDLER: 'webpack'}};

async function main() {
  const {values} = parseArgs({
    options: {
      runs: {type: 'string', default: '3'},
      bundlers: {type: 'string', default: 'faster,webpack'},
      site: {type: 'string', default: '.'},
      json: {type: 'string'},
    },
  });
  const runs = Number(values.runs);
  const bundlers = values.bundlers.split(',');
  const dir = scratchCopy(resolve(values.site));
  console.log(`bench:build in ${dir} on ${machine()}; ${runs} cold + ${runs} warm builds per bundler`);
  const results = {};
  try {
    for (const bundler of bundlers) {
      const samples = {cold: [], warm: []};
      for (let i = 0; i < runs; i++) {
        clearCaches(dir);
        samples.cold.push(timedBuild(dir, BUNDLERS[bundler]));
        samples.warm.push(timedBuild(dir, BUNDLERS[bundler]));
        const [cold, warm] = [samples.cold.at(-1), samples.warm.at(-1)];
        console.log(
          `  ${bundler} run ${i + 1}: cold ${cold.seconds.toFixed(1)} s ${cold.peakMiB.toFixed(0)} MiB, warm ${warm.seconds.toFixed(1)} s ${warm.peakMiB.toFixed(0)} MiB`,
        );
      }
      results[bundler] = Object.fromEntries(
        Object.entries(samples).map(([kind, list]) => [
          kind,
          {
            seconds: median(list.map((s) => s.seconds)),
            peakMiB: median(list.map((s) => s.peakMiB)),
            runs: list.map((s) => +s.seconds.toFixed(1)),
          },
        ]),
      );
    }
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
  console.log('\nmedians                 cold build         warm build');
  for (const [bundler, r] of Object.entries(results)) {
    const cell = (x) => `${x.seconds.toFixed(1).padStart(6)} s ${x.peakMiB.toFixed(0).padStart(5)} MiB`;
    console.log(`  ${bundler.padEnd(20)} ${cell(r.cold)}   ${cell(r.warm)}`);
  }
  if (results.faster && results.webpack) {
    for (const kind of ['cold', 'warm']) {
      const f = results.faster[kind];
      const w = results.webpack[kind];
      console.log(
        `  ${kind}: faster is ${(w.seconds / f.seconds).toFixed(2)}× as fast as webpack, with ${((1 - f.peakMiB / w.peakMiB) * 100).toFixed(0)}% less peak memory`,
      );
    }
  }
  if (values.json) writeFileSync(values.json, JSON.stringify({machine: machine(), results}, null, 2));
}

if (process.argv[1]?.endsWith('/bench/build.mjs')) await main();
