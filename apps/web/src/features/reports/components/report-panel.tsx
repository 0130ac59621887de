import { reportCsv, reportCsvFileName, reportTable } from '@bastion/domain/reports/report-tables';
import type { ReportId } from '@bastion/domain/reports/model';
import { lazy, Suspense } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { NoData } from '@/components/no-data.tsx';
import { saveDownloadedFile } from '@/lib/api-client.ts';
import { useReport, type ReportFilters } from '../api/reports.ts';
import { ReportTableView } from './report-table-view.tsx';

// recharts and d3 outweigh the rest of the app's pages: fetched alongside the report's data
// (the download starts when this module loads) instead of before the page can show.
const chartModule = import('./report-chart.tsx');
const ReportChart = lazy(async () => ({ default: (await chartModule).ReportChart }));

/** One tab: the report's chart, its table, and the table as a CSV download. */
export function ReportPanel({
  moduleName,
  report,
  title,
  description,
  filters,
  isReady,
}: {
  moduleName: string;
  report: ReportId;
  title: string;
  description: string;
  filters: ReportFilters;
  /** False while the filters are known to be wrong: the last result stays. */
  isReady: boolean;
}) {
  const query = useReport({ module_name: moduleName, report, filters }, isReady);

  if (query.isPending) {
    return (
      <div className="py-4">
        <Spinner animation="border" role="status" aria-label={`Loading ${title}`} />
      </div>
    );
  }
  if (query.isError)
    return <ErrorScreen error={query.error} onRetry={() => void query.refetch()} />;

  const result = query.data;
  const table = reportTable(result);
  const download = () =>
    saveDownloadedFile({
      blob: new Blob([reportCsv(result)], { type: 'text/csv;charset=utf-8' }),
      fileName: reportCsvFileName(moduleName, report, filters),
    });

  return (
    <section className="report-panel" aria-label={title}>
      <div className="d-flex flex-wrap align-items-start gap-2 mb-2">
        <div className="flex-grow-1 min-w-0">
          <h2 className="h5 mb-1">{title}</h2>
          <p className="text-body-secondary small mb-0">{description}</p>
        </div>
        {query.isFetching ? (
          <Spinner animation="border" size="sm" role="status" aria-label="Updating" />
        ) : null}
        <Button
          variant="outline-primary"
          size="sm"
          onClick={download}
          aria-label={`Download CSV of ${title}`}
        >
          <i className="bi bi-download me-1" aria-hidden="true" />
          Download CSV
        </Button>
      </div>
      {result.rows.length === 0 ? (
        <NoData
          title="No quotes match these filters"
          message="Widen the date range or choose another region, quote type or deal type."
          icon="bi-bar-chart"
        />
      ) : (
        <>
          <Suspense
            fallback={
              <div className="d-flex justify-content-center py-5">
                <Spinner
                  animation="border"
                  size="sm"
                  role="status"
                  aria-label="Loading the chart"
                />
              </div>
            }
          >
            <ReportChart result={result} title={title} />
          </Suspense>
          <ReportTableView
            table={table}
            currency={result.currency_code}
            caption={`${title} table`}
          />
        </>
      )}
    </section>
  );
}
