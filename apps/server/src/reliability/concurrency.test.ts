import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { testEngine } from '../test/test-database.ts';
import { injectApi, signIn } from './calls.ts';
import { quoteBed, singleStepApproval, type SingleStepApproval } from './fixtures.ts';
import { holdRow, urlOfTestDatabase } from './postgres.ts';
import { creationStorm, decisionRace } from './race-scenarios.test-harness.ts';
import { configurationStorm, type Stage } from './scenarios.test-harness.ts';

/*
 * Issue 14, point 3, in one process: the in-process app on PGlite (which runs one query at a
 * time, so requests interleave between queries) and on PostgreSQL, where a gate holds the row
 * the storm fights over until at least 8 of its transactions wait on it together (the pool has
 * 10 connections): the races below really are parallel transactions there.
 * Two server processes on one PostgreSQL run the same scenarios in two-instances.test.ts.
 */

let ctx: TestContext;
let stage: Stage;
let approval: SingleStepApproval;
let approverCookies: string[];

beforeAll(async () => {
  ctx = await createTestApp();
  const api = injectApi(ctx.app);
  const bed = await quoteBed(ctx.db);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const databaseUrl =
    testEngine() === 'postgres' && adminUrl ? await urlOfTestDatabase(ctx.db, adminUrl) : null;
  stage = {
    db: ctx.db,
    apis: [api],
    bed,
    cookies: { owner: await signIn(api, bed.owner), desk: await signIn(api, bed.desk) },
    ...(databaseUrl
      ? { gate: { hold: (table, id) => holdRow(databaseUrl, table, id), waiters: 8 } }
      : {}),
  };
  approval = await singleStepApproval(ctx.db, bed.tag, 4);
  approverCookies = await Promise.all(approval.approvers.map((user) => signIn(api, user)));
});

afterAll(async () => {
  await approval?.restore();
});

describe(`concurrency on ${testEngine()}`, () => {
  it('50 saves of one configuration by two users at once: one wins per version, no line lost', async () => {
    const result = await configurationStorm(stage, 50);
    expect(result.accepted + result.refused).toBe(50);
  }, 60_000);

  it('20 approvals and rejections of one step at once: one decision, one e-mail', async () => {
    await decisionRace(stage, approval, approverCookies, 20);
  }, 60_000);

  it('200 quotes created at once: unique, consecutive numbers; refused requests use none', async () => {
    await creationStorm(stage, 200, 20);
  }, 60_000);
});
