#!/usr/bin/env node
// Writes a .br (quality 11) and a .gz (level 9) next to every text file of the web build, so the
// server sends them by negotiation (@fastify/static preCompressed) without compressing per
// request (issue 20). Run by the web build after `vite build`; the slow maximum settings cost
// nothing at run time.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const distDir = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
// Source maps are left out (not served by default); fonts and images are compressed already.
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;
// Below this the headers outweigh the saving.
const MIN_BYTES = 1024;

const entries = await readdir(distDir, { withFileTypes: true, recursive: true });
const files = entries
  .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
  .map((entry) => join(entry.parentPath, entry.name))
  // The build manifest is for scripts/bench-web.mjs, never served.
  .filter((file) => !file.includes(`${sep}.vite${sep}`));

let written = 0;
for (const file of files) {
  const source = await readFile(file);
  if (source.length < MIN_BYTES) continue;
  const [brotliBytes, gzipBytes] = await Promise.all([
    brotliAsync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, brotliBytes), writeFile(`${file}.gz`, gzipBytes)]);
  written += 1;
}
console.log(`Precompressed ${written} of ${files.length} text files in ${distDir} (.br, .gz)`);
