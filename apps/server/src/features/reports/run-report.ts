import { QUOTE_STATUSES } from '@bastion/domain/quotes/quote-types';
import { REPORT_MESSAGES } from '@bastion/domain/reports/model';
import { winRatePercent } from '@bastion/domain/reports/report-tables';
import type { ReportResult, ZRunReportBody } from '@bastion/domain/reports/schemas';
import type { Database } from '@bastion/db/client';
import type { z } from 'zod';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { todayIso } from '../../core/renewals/contracts.repository.ts';
import { quoteVisibleTo, viewerOf } from '../../core/quotes/visibility.repository.ts';
import { requireReportModule } from './report-module.ts';
import {
  findUnitsPerUsd,
  minorOf,
  selectApprovalCycle,
  selectDiscounts,
  selectPipeline,
  selectRegions,
  selectTopAccounts,
  selectWinRate,
  type ReportScope,
  type TargetCurrency,
} from './reports.repository.ts';

type RunReportInput = z.output<typeof ZRunReportBody>;

/** The report currency's rate: USD is 1; another needs a row in the rates table. */
async function targetOf(db: Database, code: string): Promise<TargetCurrency> {
  if (code === 'USD') return { code, rate: '1' };
  const rate = await findUnitsPerUsd(db, code);
  if (rate === undefined) {
    const message = REPORT_MESSAGES.unknownCurrency(code);
    throw new AppError('VALIDATION_FAILED', message, {
      details: [{ path: 'filters.currency_code', message }],
    });
  }
  return { code, rate };
}

/** Statuses in screen-flow order (spec §4), then anything else by name. */
const statusOrder = (status: string) => {
  const index = (QUOTE_STATUSES as readonly string[]).indexOf(status);
  return index === -1 ? QUOTE_STATUSES.length : index;
};

/**
 * POST /api/dx/report/run: one report of a module over the filters, on the quotes the caller may
 * see (the deal desk sees all; the scope still applies, so the rule lives in one place).
 */
export async function runReport(
  db: Database,
  caller: AuthContext,
  input: RunReportInput,
): Promise<ReportResult> {
  requireReportModule(input.module_name);
  const { filters } = input;
  const target = await targetOf(db, filters.currency_code);
  const scope: ReportScope = { filters, visibility: quoteVisibleTo(viewerOf(caller)) };
  const currency_code = target.code;

  switch (input.report) {
    case 'pipeline': {
      const rows = await selectPipeline(db, scope, target);
      rows.sort(
        (a, b) =>
          a.month.localeCompare(b.month) ||
          statusOrder(a.status_id) - statusOrder(b.status_id) ||
          a.status_id.localeCompare(b.status_id),
      );
      return {
        report: 'pipeline',
        currency_code,
        rows: rows.map((r) => ({
          month: r.month,
          status_id: r.status_id,
          quote_count: r.quote_count,
          value_minor: minorOf(r.value),
        })),
      };
    }
    case 'regions': {
      const rows = await selectRegions(db, scope, target);
      return {
        report: 'regions',
        currency_code,
        rows: rows.map((r) => ({
          region: r.region,
          quote_count: r.quote_count,
          value_minor: minorOf(r.value),
        })),
      };
    }
    case 'discounts': {
      const rows = await selectDiscounts(db, scope);
      return {
        report: 'discounts',
        currency_code,
        rows: rows.map((r) => ({
          family_id: r.family_id,
          family_name: r.family_name,
          line_count: r.line_count,
          average_discount_percent: r.average,
          max_discount_percent: r.maximum,
          average_effective_discount_percent: r.effective_average,
          max_effective_discount_percent: r.effective_maximum,
        })),
      };
    }
    case 'approval-cycle': {
      const rows = await selectApprovalCycle(db, scope);
      return {
        report: 'approval-cycle',
        currency_code,
        rows: rows.map((r) => ({
          group_name: r.group_name,
          decided_count: r.decided_count,
          median_hours: r.median,
          p90_hours: r.p90,
        })),
      };
    }
    case 'win-rate': {
      const rows = await selectWinRate(db, scope, target, todayIso());
      return {
        report: 'win-rate',
        currency_code,
        rows: rows.map((r) => ({
          month: r.month,
          won_count: r.won_count,
          rejected_count: r.rejected_count,
          expired_count: r.expired_count,
          win_rate_percent: winRatePercent(r.won_count, r.rejected_count + r.expired_count),
          won_value_minor: minorOf(r.won_value),
        })),
      };
    }
    case 'top-accounts': {
      const rows = await selectTopAccounts(db, scope, target);
      return {
        report: 'top-accounts',
        currency_code,
        rows: rows.map((r) => ({
          account_id: r.account_id,
          account_name: r.account_name,
          quote_count: r.quote_count,
          value_minor: minorOf(r.value),
        })),
      };
    }
  }
}
