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

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), buildMetaFile()],
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
    sourcemap: true,
  },
});
