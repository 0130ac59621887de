import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { startBuiltApp } from '../../global-setup.ts';

/*
 * Issue 33: killing the npm that `npm start` started left the server running on its port, since
 * npm passes a signal to its shell and the shell did not pass it on. Each script now execs the
 * next, so the signal reaches the server.
 */
describe('npm start', () => {
  it('serves through npm, and a SIGTERM sent to npm stops the server and frees its port', async () => {
    const app = await startBuiltApp({
      throughNpm: true,
      dataDirTemplate: inject('templateDataDir'),
    });
    expect((await fetch(`${app.baseURL}/api/health`)).ok).toBe(true);

    // stop() sends SIGTERM to the npm process and waits for it to exit.
    await app.stop();
    await expect(fetch(`${app.baseURL}/api/health`)).rejects.toThrow();
  }, 90_000);

  it('builds, then serves as npm run serve does, each step in the place of the one before', () => {
    const { scripts } = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as { scripts: Record<string, string> };
    expect(scripts.start).toBe('npm run build && exec npm run serve');
    expect(scripts.serve).toMatch(/^exec node /);
  });
});
