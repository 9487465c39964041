#!/usr/bin/env node
// Post-build step of `npm run build`: writes a Brotli (.br) and a gzip (.gz) copy next to every
// compressible file of build/, so that server/serve.mjs sends the smallest encoding a browser
// accepts without compressing on each request. A copy is kept only when it is smaller than the
// file; copies newer than their file are reused, so a second run over the same build is quick.
//   node scripts/build/precompress.mjs [--dir build]
import {readdir, readFile, stat, writeFile, unlink} from 'node:fs/promises';
import {join, resolve, extname} from 'node:path';
import {parseArgs} from 'node:util';
import {promisify} from 'node:util';
import {brotliCompress, gzip, constants} from 'node:zlib';
import {availableParallelism} from 'node:os';

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.xml',
  '.txt',
  '.map',
  '.ico',
  '.webmanifest',
  '.xsl',
  '.md',
]);
/** Below this size a compressed copy saves less than the response headers cost. */
const MIN_BYTES = 256;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* walk(dir) {
  for (const entry of await readdir(dir, {withFileTypes: true})) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Brotli's best quality costs about a second per 500 KB on this kind of machine; files above this
 * size (lazy chunks such as Mermaid's, the search index) get quality 9, a few percent larger.
 */
const MAX_BYTES_AT_BEST_QUALITY = 400 * 1024;

const ENCODERS = {
  '.br': (data) =>
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: data.length <= MAX_BYTES_AT_BEST_QUALITY ? constants.BROTLI_MAX_QUALITY : 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  '.gz': (data) => gz(data, {level: constants.Z_BEST_COMPRESSION}),
};

async function compressFile(path, totals) {
  const source = await stat(path);
  if (source.size < MIN_BYTES) return;
  let data;
  for (const [suffix, encode] of Object.entries(ENCODERS)) {
    const target = path + suffix;
    const existing = await stat(target).catch(() => null);
    if (existing && existing.mtimeMs >= source.mtimeMs) {
      totals[suffix] += existing.size;
      continue;
    }
    data ??= await readFile(path);
    const packed = await encode(data);
    if (packed.length < data.length) {
      await writeFile(target, packed);
      totals[suffix] += packed.length;
    } else {
      totals[suffix] += data.length;
      if (existing) await unlink(target);
    }
  }
  totals.files++;
  totals.raw += source.size;
}

export async function precompress(dir) {
  const root = resolve(dir);
  const queue = [];
  for await (const path of walk(root)) {
    if (COMPRESSIBLE.has(extname(path).toLowerCase())) queue.push(path);
  }
  const totals = {files: 0, raw: 0, '.br': 0, '.gz': 0};
  // zlib runs on libuv's thread pool; a few files in flight per core keeps it busy.
  const lanes = Math.max(2, availableParallelism() * 2);
  let next = 0;
  await Promise.all(
    Array.from({length: lanes}, async () => {
      while (next < queue.length) await compressFile(queue[next++], totals);
    }),
  );
  return totals;
}

if (process.argv[1]?.endsWith('/precompress.mjs')) {
  const {values} = parseArgs({options: {dir: {type: 'string', default: 'build'}}});
  const started = Date.now();
  const totals = await precompress(values.dir);
  const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(
    `precompress: ${totals.files} files, ${kib(totals.raw)} → br ${kib(totals['.br'])}, gzip ${kib(totals['.gz'])} ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}
