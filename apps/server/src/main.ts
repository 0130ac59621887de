import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@bastion/db/client';
import { claimDataDir, DataDirBusyError } from '@bastion/db/data-dir-lock';
import { DEMO_PASSWORD, seedDemoData } from '@bastion/db/seed/demo-data';
import { seedReferenceData } from '@bastion/db/seed/reference-data';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemoBook } from './features/demo-book/seed-demo-book.ts';
import { startDeliveryWorker } from './features/webhooks/delivery-worker.ts';
import { createSecretBox } from './core/access/secret-box.ts';
import { hashPassword } from './core/access/passwords.ts';

declare const __APP_VERSION__: string | undefined;

async function main() {
  // Beside the bundle (apps/server/dist) or the sources (apps/server/src) alike.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundledMigrations = path.join(here, 'migrations');
  const config = loadConfig(process.env, {
    webDistDir: path.resolve(here, '../../web/dist'),
    migrationsFolder: existsSync(bundledMigrations) ? bundledMigrations : undefined,
  });
  // PGlite is one process: no second server, backup or restore may open its files meanwhile.
  const releaseDataDir =
    config.database.engine === 'pglite' && config.database.dataDir !== null
      ? claimDataDir(config.database.dataDir, 'the Bastion CPQ server')
      : () => undefined;
  const handle = await openDatabase(config.database);
  await handle.migrate(config.migrationsFolder);
  await seedReferenceData(handle.db, { signInPolicy: config.seedDemo ? 'demo' : 'production' });
  if (config.seedDemo) await seedDemoData(handle.db, await hashPassword(DEMO_PASSWORD));

  const version = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
  const app = await buildApp({ config, db: handle.db, version });
  if (config.seedDemo) {
    // Its recording loaded and its documents generated through the app's own API, so it needs the
    // app; only into a database with no quote. A failure is said, not fatal: the demo still serves.
    const started = performance.now();
    try {
      const made = await seedDemoBook(app, handle.db, config);
      if (made > 0) {
        app.log.info(`demo book: ${made} quotes in ${Math.round(performance.now() - started)} ms`);
      }
    } catch (error) {
      app.log.error({ err: error }, 'the demo book could not be seeded in full');
    }
  }
  const where =
    config.database.engine === 'pglite'
      ? `embedded database in ${config.database.dataDir}`
      : 'PostgreSQL';
  app.log.info(`Bastion CPQ ${version} on ${where}${config.seedDemo ? ' (demo data)' : ''}`);

  // Every instance posts webhooks; claims keep two from sending one delivery (issue 21).
  const webhooks = await startDeliveryWorker({
    db: handle.db,
    secrets: createSecretBox(config.secretsKey),
    retryBaseMs: config.webhooks.retryBaseMs,
    log: app.log,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await webhooks.stop();
    await app.close();
    await handle.close();
    releaseDataDir();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    console.error(error.message);
  } else {
    console.error('Bastion CPQ failed to start:', error);
  }
  process.exit(1);
});
