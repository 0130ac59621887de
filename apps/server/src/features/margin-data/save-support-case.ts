import type { Database } from '@bastion/db/client';
import { inFamily } from './in-family.ts';
import { supportCaseOf } from './list-support-cases.ts';
import { findSupportCase, upsertSupportCase } from './margin-data.repository.ts';
import {
  casesText,
  type SaveSupportCaseInput,
  type SupportCase,
} from '@bastion/domain/margin-data/api';
import { supportCaseValuesOf, type SupportCaseValues } from './support-case-values.ts';

/**
 * Sets a family's expected support load: the cases one unit raises a year and the USD cost of
 * handling one. Quotes add cases × cost to the unit cost of the family's support SKUs. Adds the
 * row or changes it.
 */
export async function saveSupportCase(
  db: Database,
  input: SaveSupportCaseInput,
): Promise<{ supportCase: SupportCase; before: SupportCaseValues | null }> {
  return inFamily(db, input.family_id, async (tx, family) => {
    const before = await findSupportCase(tx, family.id);
    const saved = await upsertSupportCase(tx, {
      familyId: family.id,
      casesPerUnitYear: casesText(input.cases_per_unit_year),
      costPerCaseUsdMinor: input.cost_per_case_usd,
    });
    return {
      supportCase: supportCaseOf(saved, family.name),
      before: before ? supportCaseValuesOf(before) : null,
    };
  });
}
