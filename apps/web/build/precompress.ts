import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Below this, a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

function* filesOf(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesOf(file);
    else yield file;
  }
}

/**
 * Writes `.br` and `.gz` beside every text file of the build, at the highest levels: the server sends them as they
 * are (@fastify/static preCompressed), so the console's files cross the network compressed without the server
 * compressing on each request (issue 27: they crossed uncompressed before).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fleetdesk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = [...filesOf(outDir)].filter(
        (file) =>
          COMPRESSIBLE.test(file) && !file.includes(`${path.sep}.vite${path.sep}`) && statSync(file).size >= MIN_BYTES,
      );
      // zlib's thread pool compresses several files at once.
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length };
          await writeFile(`${file}.gz`, await gzipAsync(content, { level: 9 }));
          await writeFile(`${file}.br`, await brotliAsync(content, { params }));
        }),
      );
    },
  };
}
