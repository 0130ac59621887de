import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { QuoteDocumentFormat } from '@bastion/domain/documents/schemas';
import { documentName, useGenerateDocument } from '../api/documents.ts';

interface QuoteRef {
  id: string;
  quote_number: string;
  quote_name: string;
}

const LABELS: Record<QuoteDocumentFormat, { label: string; icon: string }> = {
  pdf: { label: 'Download PDF', icon: 'bi-file-earmark-pdf' },
  docx: { label: 'Download Word', icon: 'bi-file-earmark-word' },
};

/**
 * The summary's document buttons: the PDF for everyone who sees the summary, Word only with
 * can_download_docx (the server refuses it otherwise). Each generates the document now, from
 * the quote as it stands, and saves it.
 */
export function DocumentButtons({
  quote,
  canDownloadDocx,
}: {
  quote: QuoteRef;
  canDownloadDocx: boolean;
}) {
  const generate = useGenerateDocument(quote.id);
  const formats: QuoteDocumentFormat[] = canDownloadDocx ? ['pdf', 'docx'] : ['pdf'];
  const busy = generate.isPending ? generate.variables.format : null;
  return (
    <>
      {formats.map((format) => (
        <Button
          key={format}
          variant="outline-primary"
          disabled={busy !== null}
          onClick={() => generate.mutate({ format, name: documentName(quote) })}
        >
          {busy === format ? (
            <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
          ) : (
            <i className={`bi ${LABELS[format].icon} me-1`} aria-hidden="true" />
          )}
          {LABELS[format].label}
        </Button>
      ))}
      {generate.isError ? (
        <Alert variant="danger" className="mb-0 py-1 px-2 small" role="alert">
          The document could not be made: {generate.error.message}
        </Alert>
      ) : null}
    </>
  );
}
