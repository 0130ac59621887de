import {
  REPORT_DEAL_TYPES,
  REPORT_DESCRIPTIONS,
  REPORT_IDS,
  REPORT_MODULE_TITLES,
  REPORT_QUOTE_TYPES,
  REPORT_REGIONS,
  REPORT_TITLES,
} from '@bastion/domain/reports/model';
import type { ReportOptions } from '@bastion/domain/reports/schemas';
import type { Database } from '@bastion/db/client';
import { requireReportModule } from './report-module.ts';
import { selectRateCurrencies } from './reports.repository.ts';

/**
 * POST /api/dx/report/options: a report module's tabs and the filter bar's choices (regions,
 * quote and deal types, and the currencies a report can be shown in: USD and those with a rate).
 */
export async function getReportOptions(db: Database, moduleName: string): Promise<ReportOptions> {
  const module = requireReportModule(moduleName);
  const rated = await selectRateCurrencies(db);
  const currencies = [...new Set(['USD', ...rated.map((r) => r.code)])].sort();
  return {
    module_name: module,
    title: REPORT_MODULE_TITLES[module],
    reports: REPORT_IDS.map((id) => ({
      id,
      title: REPORT_TITLES[id],
      description: REPORT_DESCRIPTIONS[id],
    })),
    regions: [...REPORT_REGIONS],
    quote_types: [...REPORT_QUOTE_TYPES],
    deal_types: REPORT_DEAL_TYPES.map(({ code, name }) => ({ code, name })),
    currencies,
  };
}
