import type { FastifyInstance } from 'fastify';
import {
  ZReportOptionsBody,
  ZReportOptionsResponse,
  ZReportResultResponse,
  ZRunReportBody,
} from '@bastion/domain/reports/schemas';
import type { Database } from '@bastion/db/client';
import { currentUser, requirePermission } from '../../lib/access.ts';
import { postRoute } from '../../lib/post-route.ts';
import { getReportOptions } from './get-report-options.ts';
import { runReport } from './run-report.ts';

/** The Reports menu needs the deal desk (spec §6); root admins see every menu. */
export const readsReports = requirePermission(
  'deal desk or root admin',
  (f) => f.is_deal_desk_user || f.is_root_admin,
);

/** The report dashboard (issue 19): its choices, and one report at a time. */
export function registerReportRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;

  postRoute(app, {
    path: '/api/dx/report/options',
    access: readsReports,
    body: ZReportOptionsBody,
    response: ZReportOptionsResponse,
    handler: (request) => getReportOptions(db, request.body.module_name),
  });

  postRoute(app, {
    path: '/api/dx/report/run',
    access: readsReports,
    body: ZRunReportBody,
    response: ZReportResultResponse,
    handler: (request) => runReport(db, currentUser(request), request.body),
  });
}
