import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quoteApprovalSteps } from '@bastion/db/schema/approvals';
import { quotes } from '@bastion/db/schema/quotes';
import { useApprovalBed } from './approvals.test-harness.ts';

const { bed, calls } = useApprovalBed();

describe('the steps of a submission', () => {
  it('carry their quote’s creation date, region, type and deal type for the approval cycle report', async () => {
    const { id } = await calls.submitted('25');
    const [quote] = await bed.ctx.db.select().from(quotes).where(eq(quotes.id, id));
    const steps = await bed.ctx.db
      .select()
      .from(quoteApprovalSteps)
      .where(eq(quoteApprovalSteps.quoteId, id));
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) {
      expect(step.quoteCreatedAt).toEqual(quote?.createdAt);
      expect([step.quoteRegion, step.quoteType, step.quoteDealType]).toEqual([
        quote?.region,
        quote?.quoteType,
        quote?.dealType,
      ]);
    }
  });
});
