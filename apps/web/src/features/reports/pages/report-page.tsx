import { REPORT_IDS, type ReportId } from '@bastion/domain/reports/model';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { printDocument } from '@/lib/print.ts';
import { useReportOptions, type ReportFilters } from '../api/reports.ts';
import { ReportFilterBar } from '../components/report-filter-bar.tsx';
import {
  defaultReportFilters,
  describeFilters,
  filtersProblem,
} from '../components/report-filters.ts';
import { ReportPanel } from '../components/report-panel.tsx';
import '../components/reports.css';

const isReportId = (value: string | null): value is ReportId =>
  value !== null && (REPORT_IDS as readonly string[]).includes(value);

/** The Reports menu's link (spec §6). */
const QUOTE_REPORTS_PATH = '/cpq/report/quotes/ref';

/**
 * The report dashboard, /{context}/report/{module_name}/{ref} (issue 19): a tab per report, one
 * filter bar for them all; each tab shows a chart, its table and a CSV download. The open tab is
 * in the address (?tab=), so a reload or a shared link opens it again.
 */
export function ReportPage() {
  const { module_name: moduleName = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<ReportFilters>(() => defaultReportFilters());
  // The filters last applied: while the bar's are wrong, the tabs keep showing these.
  const [applied, setApplied] = useState<ReportFilters>(filters);
  const options = useReportOptions(moduleName);

  if (options.isPending) {
    return <Spinner animation="border" role="status" aria-label="Loading the reports" />;
  }
  if (options.isError) {
    if (isApiError(options.error) && options.error.status === 404) {
      return (
        <>
          <PageHeader title="Reports" />
          <Alert variant="warning">
            <p className="mb-2">{options.error.message}</p>
            <Link to={QUOTE_REPORTS_PATH} className="btn btn-primary btn-sm">
              Open the quote reports
            </Link>
          </Alert>
        </>
      );
    }
    return <ErrorScreen error={options.error} onRetry={() => void options.refetch()} />;
  }

  const tab = params.get('tab');
  const activeTab: ReportId = isReportId(tab) ? tab : (options.data.reports[0]?.id ?? 'pipeline');
  const problem = filtersProblem(filters);
  const changeFilters = (next: ReportFilters) => {
    setFilters(next);
    if (filtersProblem(next) === null) setApplied(next);
  };
  const dealTypeName = (code: string) =>
    options.data.deal_types.find((d) => d.code === code)?.name ?? code;
  const activeTitle = options.data.reports.find((r) => r.id === activeTab)?.title ?? '';

  return (
    <div className="report-page">
      <PageHeader
        title={options.data.title}
        subtitle={describeFilters(applied, dealTypeName)}
        actions={
          <Button
            variant="outline-secondary"
            onClick={() => printDocument(`${options.data.title} - ${activeTitle}`)}
          >
            <i className="bi bi-printer me-1" aria-hidden="true" />
            Print
          </Button>
        }
      />
      <ReportFilterBar
        value={filters}
        options={options.data}
        problem={problem}
        onChange={changeFilters}
      />
      <Tabs
        id="report-tabs"
        activeKey={activeTab}
        onSelect={(key) => {
          if (isReportId(key)) setParams({ tab: key }, { replace: true });
        }}
        className="mb-3"
        // Only the open tab runs its report: a filter change does not rerun the others.
        mountOnEnter
        unmountOnExit
      >
        {options.data.reports.map((report) => (
          <Tab key={report.id} eventKey={report.id} title={report.title}>
            <ReportPanel
              moduleName={moduleName}
              report={report.id}
              title={report.title}
              description={report.description}
              filters={applied}
              isReady={problem === null}
            />
          </Tab>
        ))}
      </Tabs>
    </div>
  );
}
