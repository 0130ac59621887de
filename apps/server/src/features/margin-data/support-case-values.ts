import type { SupportCaseRow } from './margin-data.repository.ts';
import { normalizedCases } from '@bastion/domain/margin-data/api';

/** What the audit trail keeps of a support-case row: its two inputs. */
export interface SupportCaseValues {
  cases_per_unit_year: string;
  cost_per_case_usd_minor: number;
}

export function supportCaseValuesOf(row: SupportCaseRow): SupportCaseValues {
  return {
    cases_per_unit_year: normalizedCases(row.casesPerUnitYear),
    cost_per_case_usd_minor: row.costPerCaseUsdMinor,
  };
}
