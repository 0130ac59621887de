import type { ReportOptions, ReportResult, RunReportBody } from '@bastion/domain/reports/schemas';
import { usePostQuery } from '@/lib/api-query.ts';

export type {
  ReportFilters,
  ReportFiltersInput,
  ReportOptions,
  ReportResult,
  RunReportBody,
} from '@bastion/domain/reports/schemas';

const REPORTS_ROOT = 'reports';

export const reportKeys = {
  options: (moduleName: string) => [REPORTS_ROOT, 'options', moduleName] as const,
  run: (body: RunReportBody) => [REPORTS_ROOT, 'run', body] as const,
};

/** A report module's tabs and the filter bar's choices. */
export function useReportOptions(moduleName: string) {
  return usePostQuery<ReportOptions>(
    reportKeys.options(moduleName),
    '/api/dx/report/options',
    { module_name: moduleName },
    { staleTime: 5 * 60_000 },
  );
}

/**
 * One report over the filters; the previous result stays on screen while a new filter loads.
 * Nothing is fetched while `enabled` is false (filters the bar knows to be wrong).
 */
export function useReport(body: RunReportBody, enabled = true) {
  return usePostQuery<ReportResult>(reportKeys.run(body), '/api/dx/report/run', body, {
    enabled,
    staleTime: 60_000,
    keepsPrevious: true,
  });
}
