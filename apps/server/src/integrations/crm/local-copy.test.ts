import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@bastion/db/client';
import { crmOpportunities, crmOpportunityTeamMembers } from '@bastion/db/schema/crm';
import { crmDemoId } from '@bastion/db/seed/crm-demo-accounts';
import { AppError } from '../../lib/app-error.ts';
import { testDatabase } from '../../test/test-database.ts';
import {
  CrmUnavailableError,
  type CrmAdapter,
  type CrmOpportunitySnapshot,
} from './crm-adapter.ts';
import { createEmbeddedAdapter } from './embedded-adapter.repository.ts';
import { refreshOpportunity, upsertSnapshots } from './local-copy.repository.ts';

let db: Database;
beforeAll(async () => {
  ({ db } = await testDatabase());
});

/** A stand-in for Salesforce that knows one opportunity. */
const remote = (snapshot: CrmOpportunitySnapshot | null): CrmAdapter => ({
  ...createEmbeddedAdapter(db),
  kind: 'salesforce',
  getOpportunity: async (id) => (snapshot?.opportunity.id === id ? snapshot : null),
});

describe('refreshOpportunity', () => {
  it("writes the CRM's current record into the copy and answers it", async () => {
    const id = crmDemoId('006', 3);
    const original = await createEmbeddedAdapter(db).getOpportunity(id);
    if (!original) throw new Error('demo opportunity missing');
    const changed: CrmOpportunitySnapshot = {
      ...original,
      opportunity: { ...original.opportunity, stage: 'Closed Won', quoteNumber: null },
      team: [
        {
          opportunityId: id,
          email: 'new.seller@bastion.test',
          name: 'New Seller',
          role: 'Account Executive',
        },
      ],
    };
    try {
      expect(await refreshOpportunity(db, remote(changed), id)).toBe(changed);
      const [row] = await db.select().from(crmOpportunities).where(eq(crmOpportunities.id, id));
      expect(row?.stage).toBe('Closed Won');
      const team = await db
        .select()
        .from(crmOpportunityTeamMembers)
        .where(eq(crmOpportunityTeamMembers.opportunityId, id));
      expect(team.map((m) => m.email)).toEqual(['new.seller@bastion.test']);
    } finally {
      await db.transaction((tx) => upsertSnapshots(tx, [original]));
    }
  });

  it('answers null for an id the CRM does not know', async () => {
    expect(await refreshOpportunity(db, remote(null), crmDemoId('006', 3))).toBeNull();
  });

  it('reports a CRM that does not answer as CRM_UNAVAILABLE', async () => {
    const down: CrmAdapter = {
      ...remote(null),
      getOpportunity: async () => {
        throw new CrmUnavailableError('Salesforce could not be reached (no answer).');
      },
    };
    const error: unknown = await refreshOpportunity(db, down, crmDemoId('006', 3)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'CRM_UNAVAILABLE', status: 502 });
  });
});
