import { isReportModule, REPORT_MESSAGES, type ReportModule } from '@bastion/domain/reports/model';
import { AppError } from '../../lib/app-error.ts';

/** The module a dashboard URL names; an unknown one is 404, like a page that is not there. */
export function requireReportModule(name: string): ReportModule {
  const trimmed = name.trim();
  if (!isReportModule(trimmed)) {
    throw new AppError('NOT_FOUND', REPORT_MESSAGES.unknownModule(trimmed.slice(0, 60)));
  }
  return trimmed;
}
