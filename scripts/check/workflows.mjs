#!/usr/bin/env node
// `npm run lint:workflows`: the GitHub Actions workflows cannot be run here, so this checks what
// breaks them most often when scripts are renamed or moved:
// - every .github/workflows/*.yml parses as YAML and has `on` and `jobs`; every job has `runs-on`
//   (or `uses`) and steps that each `uses` a pinned action (owner/name@ref) or `run` a command;
// - every `npm run X` / `npm X` a step runs names a script of package.json (or an npm command),
//   following `npm run` calls inside those scripts too;
// - every local file a step or one of those scripts calls (`node scripts/x.mjs`, `bash x.sh`,
//   `./x`, `.ci/run`) exists.
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {dirname, join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseDocument} from 'yaml';

const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const WORKFLOWS = join(ROOT, '.github', 'workflows');
const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts ?? {};

/** npm's own commands, which need no script; `test`, `start`, `stop` and `restart` do. */
const NPM_COMMANDS = new Set([
  'ci',
  'install',
  'i',
  'exec',
  'audit',
  'ls',
  'pack',
  'version',
  'config',
  'cache',
  'view',
]);
const LIFECYCLE = new Set(['test', 't', 'start', 'stop', 'restart']);
/** Programs whose first argument is a file to run. */
const RUNNERS = new Set(['node', 'bash', 'sh', 'tsx']);

const problems = [];

/** Words of a shell command line, split on whitespace and shell operators, quotes removed. */
const words = (line) =>
  line
    .replace(/#.*$/, '')
    .split(/\s+|&&|\|\||;|\|/)
    .map((word) => word.replace(/^["']|["']$/g, ''))
    .filter(Boolean);

/**
 * Checks one shell command (a workflow `run:` or a package.json script) and returns the names of
 * the package.json scripts it calls, so that those are checked as well.
 */
function checkCommand(command, where) {
  const called = [];
  for (const rawLine of command.split('\n')) {
    const list = words(rawLine);
    list.forEach((word, index) => {
      const next = list.slice(index + 1).filter((w) => !w.startsWith('-'));
      if (word === 'npm') {
        const [sub, name] = next;
        if (sub === 'run' || sub === 'run-script') {
          if (!name) problems.push(`${where}: "npm ${sub}" without a script name`);
          else if (!(name in scripts))
            problems.push(`${where}: "npm run ${name}" but package.json has no script "${name}"`);
          else called.push(name);
        } else if (sub && LIFECYCLE.has(sub)) {
          const script = sub === 't' ? 'test' : sub;
          if (!(script in scripts)) problems.push(`${where}: "npm ${sub}" but package.json has no script "${script}"`);
          else called.push(script);
        } else if (sub && !NPM_COMMANDS.has(sub)) {
          problems.push(`${where}: "npm ${sub}" is neither an npm command this check knows nor a script`);
        }
      }
      // A local file: the argument of node/bash/sh, or a word that is itself a relative path.
      const file = RUNNERS.has(word) ? next[0] : /^(\.\/|\.ci\/|scripts\/|server\/)/.test(word) ? word : null;
      if (file && !file.startsWith('$') && /[/.]/.test(file) && !existsSync(join(ROOT, file))) {
        problems.push(`${where}: calls ${file}, which does not exist`);
      }
    });
  }
  return called;
}

const files = existsSync(WORKFLOWS) ? readdirSync(WORKFLOWS).filter((name) => /\.ya?ml$/.test(name)) : [];
if (files.length === 0) problems.push('.github/workflows/ holds no workflow');

const scriptsToCheck = new Map();
let steps = 0;
for (const name of files.sort()) {
  const file = relative(ROOT, join(WORKFLOWS, name));
  const document = parseDocument(readFileSync(join(WORKFLOWS, name), 'utf8'), {prettyErrors: true});
  if (document.errors.length) {
    for (const error of document.errors) problems.push(`${file}: ${error.message.split('\n')[0].replace(/:$/, '')}`);
    continue;
  }
  const workflow = document.toJS();
  if (!workflow?.on) problems.push(`${file}: no "on" (trigger)`);
  if (!workflow?.jobs || typeof workflow.jobs !== 'object') {
    problems.push(`${file}: no "jobs"`);
    continue;
  }
  for (const [jobId, job] of Object.entries(workflow.jobs)) {
    const where = `${file} job ${jobId}`;
    if (job.uses) continue; // a reusable workflow call has no steps
    if (!job['runs-on']) problems.push(`${where}: no "runs-on"`);
    if (!Array.isArray(job.steps) || job.steps.length === 0) {
      problems.push(`${where}: no steps`);
      continue;
    }
    for (const [index, step] of job.steps.entries()) {
      steps++;
      const stepWhere = `${where} step ${index + 1}${step.name ? ` ("${step.name}")` : ''}`;
      if (step.uses) {
        if (!/^[\w.-]+\/[\w./-]+@[\w.-]+$/.test(step.uses) && !step.uses.startsWith('./')) {
          problems.push(`${stepWhere}: "uses: ${step.uses}" is not an action pinned to a version (owner/name@ref)`);
        }
      } else if (typeof step.run === 'string') {
        for (const script of checkCommand(step.run, stepWhere)) scriptsToCheck.set(script, stepWhere);
      } else {
        problems.push(`${stepWhere}: neither "uses" nor "run"`);
      }
    }
  }
}

// The package.json scripts the workflows call, and the scripts those call in turn.
const checked = new Set();
for (const [script, origin] of scriptsToCheck) {
  if (checked.has(script)) continue;
  checked.add(script);
  for (const called of checkCommand(scripts[script], `package.json script "${script}" (called from ${origin})`)) {
    if (!checked.has(called)) scriptsToCheck.set(called, `script "${script}"`);
  }
}

if (problems.length) {
  console.error([...new Set(problems)].join('\n'));
  console.error(`\nworkflows: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(
  `workflows: ${files.length} files, ${steps} steps; npm scripts called (${[...checked].join(', ')}) and their local files exist`,
);
