import type { Database } from '@bastion/db/client';
import { invalidField } from './invalid-field.ts';
import { supportCaseOf } from './list-support-cases.ts';
import { findFamily, findSupportCase, upsertSupportCase } from './margin-data.repository.ts';
import {
  casesText,
  normalizedCases,
  type SaveSupportCaseInput,
  type SupportCase,
} from './margin-data.schemas.ts';

/** What the audit trail keeps of a row: its two inputs. */
export interface SupportCaseValues {
  cases_per_unit_year: string;
  cost_per_case_usd_minor: number;
}

/**
 * Sets a family's expected support load: the cases one unit raises a year and the USD cost of
 * handling one. Quotes add cases × cost to the unit cost of the family's support SKUs. Adds the
 * row or changes it.
 */
export async function saveSupportCase(
  db: Database,
  input: SaveSupportCaseInput,
): Promise<{ supportCase: SupportCase; before: SupportCaseValues | null }> {
  return db.transaction(async (tx) => {
    const family = await findFamily(tx, input.family_id);
    if (!family) {
      throw invalidField('family_id', `There is no product family ${input.family_id}.`);
    }
    const before = await findSupportCase(tx, family.id);
    const saved = await upsertSupportCase(tx, {
      familyId: family.id,
      casesPerUnitYear: casesText(input.cases_per_unit_year),
      costPerCaseUsdMinor: input.cost_per_case_usd,
    });
    return {
      supportCase: supportCaseOf(saved, family.name),
      before: before
        ? {
            cases_per_unit_year: normalizedCases(before.casesPerUnitYear),
            cost_per_case_usd_minor: before.costPerCaseUsdMinor,
          }
        : null,
    };
  });
}
