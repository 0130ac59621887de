import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import rootPackage from '../../package.json' with { type: 'json' };

// One version string for the bundle and meta.json, so a client can tell it is out of date.
const buildId = process.env.BUILD_ID?.trim();
const appVersion = buildId ? `${rootPackage.version}+${buildId}` : rootPackage.version;
const apiTarget = `http://localhost:${process.env.API_PORT ?? '8001'}`;

/** Writes dist/meta.json, which the server serves and clients poll (spec §7). */
function buildMetaFile(): Plugin {
  return {
    name: 'bastion-meta-json',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'meta.json',
        source: `${JSON.stringify({ version: appVersion, built_at: new Date().toISOString() })}\n`,
      });
    },
  };
}

/**
 * Keeps only the Bootstrap Icons rules the app names (issue 20): the stylesheet lists all ~2,000
 * icons (87 KB, 13 KB gzipped) on every page; the app uses about 120. Every `bi-…` word in the
 * source counts as used, so write icon names out in full: one built from parts at run time would
 * lose its glyph. Trimmed as the stylesheet loads, so its hashed file name follows its content.
 */
function trimIconStyles(): Plugin {
  const sourceDir = `${import.meta.dirname}/src`;
  const usedIcons = new Set<string>();
  return {
    name: 'bastion-trim-icon-styles',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const pending = [sourceDir];
      for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
        for (const entry of await this.fs.readdir(dir, { withFileTypes: true })) {
          const entryPath = `${dir}/${entry.name}`;
          if (entry.isDirectory()) pending.push(entryPath);
          else if (/\.tsx?$/.test(entry.name)) {
            const text = await this.fs.readFile(entryPath, { encoding: 'utf8' });
            for (const [name] of text.matchAll(/bi-[a-z0-9-]+/g)) usedIcons.add(name);
          }
        }
      }
    },
    transform(code, id) {
      if (!/[\\/]bootstrap-icons[\\/].*\.css$/.test(id)) return null;
      return code.replace(
        /\.(bi-[a-z0-9-]+)::before\{content:"[^"]*"\}\n?/g,
        (rule, name: string) => (usedIcons.has(name) ? rule : ''),
      );
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), buildMetaFile(), trimIconStyles()],
  // '@/components/…' and '@/lib/…': the app's shared layers, the same from every feature.
  resolve: { alias: { '@': `${import.meta.dirname}/src` } },
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion),
  },
  server: {
    port: 8000,
    strictPort: true,
    proxy: {
      '/api': apiTarget,
      '/meta.json': apiTarget,
    },
  },
  preview: { port: 8000, strictPort: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Written for error reports, served only with SERVE_SOURCE_MAPS (apps/server/src/config.ts).
    sourcemap: true,
    // Read by scripts/bench-web.mjs, which the build script runs after scripts/precompress-web.mjs.
    manifest: true,
    rolldownOptions: {
      // A feature's index.ts only re-exports (its public entry): a page that imports one thing
      // through it must not pull in the others, nor their chunks and styles.
      treeshake: {
        moduleSideEffects: (id) => !/[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id),
      },
      output: {
        // Libraries in chunks of their own change rarely, so browsers keep them across releases;
        // the heavy ones are downloaded only by the pages that use them.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 50,
            },
            {
              name: 'vendor-query',
              test: /node_modules[\\/]@tanstack[\\/](?:query-core|react-query)[\\/]/,
              priority: 40,
            },
            { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/, priority: 40 },
            {
              name: 'vendor-forms',
              test: /node_modules[\\/](?:react-hook-form|@hookform)[\\/]/,
              priority: 30,
            },
            // One chunk, not split by the pages using each component: the sign-in page pays
            // ~20 KB (gzip) more, every later page finds it cached, and its name stays stable.
            {
              name: 'vendor-bootstrap',
              test: /node_modules[\\/](?:react-bootstrap|@restart|@popperjs|dom-helpers|react-transition-group|uncontrollable)[\\/]/,
              priority: 30,
            },
            {
              name: 'vendor-table',
              test: /node_modules[\\/]@tanstack[\\/](?:react-table|table-core|react-virtual|virtual-core)[\\/]/,
              priority: 20,
            },
            // recharts and its d3 and redux helpers: the reports only.
            { name: 'vendor-charts', test: /node_modules[\\/]recharts[\\/]/, priority: 10 },
            { name: 'vendor-markdown', test: /node_modules[\\/]react-markdown[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
