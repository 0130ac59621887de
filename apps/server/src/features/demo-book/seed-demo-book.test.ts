import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { claimSeed } from '@bastion/db/seed/seed-claims';
import { useTestApp } from '../../test/test-bed.ts';

const ctx = useTestApp();

describe('claiming a seed (the demo book, issue 33)', () => {
  it('goes to exactly one of several instances asking at once, and to none after', async () => {
    const name = `test-seed-${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => claimSeed(ctx.db, name)));
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await claimSeed(ctx.db, name)).toBe(false);
    // Another seed is claimed on its own.
    expect(await claimSeed(ctx.db, `${name}-other`)).toBe(true);
  });
});
