// Bundles the server and the workspace packages it uses into dist/main.js; third-party
// packages stay external (PGlite, for one, loads its WebAssembly files from its own folder).
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const rootPackage = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
);
const version = process.env.BUILD_ID
  ? `${rootPackage.version}+${process.env.BUILD_ID}`
  : rootPackage.version;

rmSync(`${here}dist`, { recursive: true, force: true });
await build({
  entryPoints: [`${here}src/main.ts`],
  outfile: `${here}dist/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [
    {
      name: 'externalize-third-party',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@bastion/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  logLevel: 'warning',
});
cpSync(`${here}../../packages/db/migrations`, `${here}dist/migrations`, { recursive: true });
// The demo book's recording, which features/demo-book finds beside the code that reads it.
cpSync(
  `${here}src/features/demo-book/demo-book.recording.json`,
  `${here}dist/demo-book.recording.json`,
);
console.log(`server built: apps/server/dist/main.js (${version})`);
