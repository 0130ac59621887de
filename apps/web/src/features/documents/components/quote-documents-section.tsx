import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { formatDateTime } from '@bastion/domain/format/date-time';
import { quoteStatusColor, quoteStatusLabel } from '@bastion/domain/quotes/status-display';
import { SectionLoadState } from '@/components/section-load-state.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import {
  useDownloadDocument,
  useQuoteDocuments,
  type GeneratedDocument,
} from '../api/documents.ts';

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const when = (iso: string) => formatDateTime(Date.parse(iso) / 1000, userTimeZone);
const FORMAT_LABELS = { pdf: 'PDF', docx: 'Word' } as const;

/**
 * The documents generated from a quote (issue 17): which version and status each shows, who made
 * it and when, and the start of its SHA-256, so the copy a customer holds can be matched to one.
 * Each downloads again byte for byte.
 */
export function QuoteDocumentsSection({
  quoteId,
  canDownloadDocx,
}: {
  quoteId: string;
  canDownloadDocx: boolean;
}) {
  const documents = useQuoteDocuments(quoteId);
  const download = useDownloadDocument(quoteId);
  return (
    <section className="summary-section no-print" aria-labelledby="summary-documents">
      <h2 id="summary-documents" className="h5">
        Documents
      </h2>
      <SectionLoadState query={documents} what="the documents">
        {({ documents: generated }) =>
          generated.length === 0 ? (
            <p className="text-body-secondary mb-0">
              No document has been generated yet. Each document downloaded with the buttons above is
              kept here with the version of the quote it shows.
            </p>
          ) : (
            <>
              {download.isError ? (
                <Alert variant="danger">
                  The document could not be downloaded: {download.error.message}
                </Alert>
              ) : null}
              <Table
                responsive
                size="sm"
                className="summary-table align-middle small"
                aria-label="Generated documents"
              >
                <thead>
                  <tr>
                    <th scope="col">Format</th>
                    <th scope="col">File</th>
                    <th scope="col" className="text-end">
                      Revision
                    </th>
                    <th scope="col">Status then</th>
                    <th scope="col">Generated</th>
                    <th scope="col">SHA-256</th>
                    <th scope="col">
                      <span className="visually-hidden">Download</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {generated.map((document) => (
                    <DocumentRow
                      key={document.id}
                      document={document}
                      canDownload={document.format === 'pdf' || canDownloadDocx}
                      isDownloading={download.isPending && download.variables.id === document.id}
                      onDownload={() => download.mutate(document)}
                    />
                  ))}
                </tbody>
              </Table>
            </>
          )
        }
      </SectionLoadState>
    </section>
  );
}

function DocumentRow({
  document,
  canDownload,
  isDownloading,
  onDownload,
}: {
  document: GeneratedDocument;
  canDownload: boolean;
  isDownloading: boolean;
  onDownload: () => void;
}) {
  return (
    <tr>
      <td>{FORMAT_LABELS[document.format]}</td>
      <td className="text-break" style={{ minWidth: '11rem' }}>
        {document.file_name}
      </td>
      <td className="text-end">
        {document.revision_number ?? '—'}
        <div className="small text-body-secondary text-nowrap">
          version {document.quote_version}
        </div>
      </td>
      <td>
        <StatusBadge
          label={quoteStatusLabel(document.quote_status)}
          tone={quoteStatusColor(document.quote_status)}
        />
      </td>
      <td>
        <div className="text-nowrap">{when(document.generated_at)}</div>
        <div className="small text-body-secondary">
          by {document.generated_by ?? 'a former user'}
        </div>
      </td>
      <td>
        <code title={document.sha256}>{document.sha256.slice(0, 12)}</code>
      </td>
      <td className="text-end">
        {canDownload ? (
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={isDownloading}
            onClick={onDownload}
            aria-label={`Download ${document.file_name}`}
          >
            {isDownloading ? (
              <Spinner animation="border" size="sm" aria-hidden="true" />
            ) : (
              <i className="bi bi-download" aria-hidden="true" />
            )}
          </Button>
        ) : null}
      </td>
    </tr>
  );
}
