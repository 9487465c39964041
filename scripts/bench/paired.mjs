#!/usr/bin/env node
// Whether bench:lighthouse can see a difference between the site and a variant, run by run.
// bench:lighthouse loads each page from every variant in turn, round by round, so run i of the site
// and run i of a variant met the same machine load. Comparing medians and ranges throws that
// pairing away; here each round is one pair, and the question is how often the variant's TBT was
// higher than the site's in the same round. With no real difference, either is higher by chance
// (p = 1/2), so the count of rounds follows a binomial distribution and the two-sided sign test
// gives how likely so lopsided a count is by chance. A change "can be seen" when p < 0.05 over all
// pairs of all pages measured: at least 8 of 9 pairs, 10 of 12, 12 of 15 or 14 of 18 in the same
// direction (3 runs of one page can never show it: 3 of 3 gives p = 0.25).
// bench:lighthouse prints this for every variant; run alone it reads saved runs, and pools the
// rounds of several runs (each pair is still one round of one run):
//   node scripts/bench/paired.mjs RUN.json|RUN.txt ...   (bench:lighthouse --json, or its printed output)
//        [--base site] [--metric tbt|lcp]
import {readFileSync} from 'node:fs';
import {parseArgs} from 'node:util';
import {pathToFileURL} from 'node:url';
import {median} from './build.mjs';

/** Two-sided sign test: the chance of a split at least as lopsided as k of n under p = 1/2. */
export function signTest(k, n) {
  if (n === 0) return 1;
  const low = Math.min(k, n - k);
  let tail = 0;
  let term = 0.5 ** n; // C(n, 0) / 2^n
  for (let i = 0; i <= low; i++) {
    tail += term;
    term = (term * (n - i)) / (i + 1);
  }
  return Math.min(1, 2 * tail);
}

/**
 * Pairs run i of `base` with run i of `label` on every page of `results` (bench:lighthouse's shape:
 * page → variant → {runs: [{tbt, lcp}]}). Returns per page and in all: how many rounds the variant
 * was higher, lower or equal, the median of the differences (variant − base) and the sign test's p
 * over the rounds that differ.
 */
export function paired(results, label, {base = 'site', metric = 'tbt'} = {}) {
  const pages = [];
  const all = [];
  for (const [page, byVariant] of Object.entries(results)) {
    if (!byVariant[label] || !byVariant[base]) continue;
    const a = byVariant[base].runs.map((run) => run[metric]);
    const b = byVariant[label].runs.map((run) => run[metric]);
    const diffs = a.slice(0, Math.min(a.length, b.length)).map((value, i) => b[i] - value);
    all.push(...diffs);
    pages.push({page, ...summary(diffs)});
  }
  return {pages, all: summary(all)};
}

function summary(diffs) {
  const higher = diffs.filter((d) => d > 0).length;
  const lower = diffs.filter((d) => d < 0).length;
  return {
    n: diffs.length,
    higher,
    lower,
    equal: diffs.length - higher - lower,
    medianDiff: diffs.length ? median(diffs) : 0,
    p: signTest(higher, higher + lower),
  };
}

/** One line for a summary: "higher in 12 of 15 rounds, median +41 ms, p = 0.035 (seen)". */
export const describe = ({n, higher, lower, equal, medianDiff, p}, unit = 'ms') =>
  `higher in ${higher}, lower in ${lower}${equal ? `, equal in ${equal}` : ''} of ${n} rounds, ` +
  `median difference ${medianDiff >= 0 ? '+' : ''}${Math.round(medianDiff)} ${unit}, sign test p = ${p.toFixed(3)}` +
  (p < 0.05 ? ' (seen)' : ' (not seen)');

/** Reads bench:lighthouse's printed output back into its results shape (page → variant → runs). */
export function parseOutput(text) {
  const results = {};
  let page = null;
  let label = null;
  for (const line of text.split('\n')) {
    const header = /^(\/\S*)\s*$/.exec(line);
    if (header) {
      page = header[1];
      results[page] = {};
      continue;
    }
    const variant = /^ {2}(\S+)\s+TBT\s+\d+ ms/.exec(line);
    if (variant && page) {
      label = variant[1];
      continue;
    }
    const runs = /^\s+runs: TBT ([\d, ]+); LCP ([\d, ]+);/.exec(line);
    if (runs && page && label) {
      const tbt = runs[1].split(',').map(Number);
      const lcp = runs[2].split(',').map(Number);
      results[page][label] = {runs: tbt.map((value, i) => ({tbt: value, lcp: lcp[i]}))};
      label = null;
    }
  }
  return results;
}

/** The paired section of bench:lighthouse's report, for each variant other than the base and the floor. */
export function printPaired(results, {base = 'site', metric = 'tbt'} = {}) {
  const labels = new Set();
  for (const byVariant of Object.values(results)) for (const label of Object.keys(byVariant)) labels.add(label);
  const others = [...labels].filter((label) => label !== base && label !== 'floor');
  if (!others.length) return;
  console.log(
    `\nPaired by round against ${base} (${metric.toUpperCase()}, CPU-time audit; a variant is seen to differ when the sign test gives p < 0.05 over all rounds)`,
  );
  for (const label of others) {
    const {pages, all} = paired(results, label, {base, metric});
    console.log(`  ${label}: ${describe(all)}`);
    for (const one of pages) console.log(`    ${one.page.padEnd(30)} ${describe(one)}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const {values, positionals} = parseArgs({
    allowPositionals: true,
    options: {base: {type: 'string', default: 'site'}, metric: {type: 'string', default: 'tbt'}},
  });
  if (!positionals.length) throw new Error('usage: paired.mjs RUN.json|RUN.txt ... [--base site] [--metric tbt|lcp]');
  // Several runs: each run's pages are kept apart (a page measured in two runs is two entries).
  const results = {};
  for (const [i, file] of positionals.entries()) {
    const text = readFileSync(file, 'utf8');
    const one = file.endsWith('.json') ? JSON.parse(text) : parseOutput(text);
    for (const [page, byVariant] of Object.entries(one))
      results[positionals.length > 1 ? `${page} (run ${i + 1})` : page] = byVariant;
  }
  printPaired(results, values);
}
