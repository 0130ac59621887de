import Alert from 'react-bootstrap/Alert';
import Dropdown from 'react-bootstrap/Dropdown';
import Spinner from 'react-bootstrap/Spinner';
import type { LineSheetFormat } from '@bastion/domain/documents/schemas';
import { useDownloadLinesFile } from '../api/documents.ts';

const FORMATS: { format: LineSheetFormat; label: string; icon: string }[] = [
  { format: 'xlsx', label: 'Excel workbook (.xlsx)', icon: 'bi-file-earmark-spreadsheet' },
  { format: 'csv', label: 'CSV file (.csv)', icon: 'bi-filetype-csv' },
];

/**
 * "Export lines" (issue 38): the quote's saved lines as a spreadsheet, with both discounts, the
 * net of each year and the totals. While the page holds unsaved changes it says to save first:
 * the file is made from the quote as saved.
 */
export function LineFileMenu({
  quoteId,
  unsavedChanges = false,
  size,
}: {
  quoteId: string;
  unsavedChanges?: boolean;
  size?: 'sm';
}) {
  const download = useDownloadLinesFile(quoteId);
  return (
    <>
      <Dropdown>
        <Dropdown.Toggle
          variant="outline-primary"
          size={size}
          id={`line-file-${quoteId}`}
          disabled={download.isPending}
        >
          {download.isPending ? (
            <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
          ) : (
            <i className="bi bi-download me-1" aria-hidden="true" />
          )}
          Export lines
        </Dropdown.Toggle>
        <Dropdown.Menu>
          {unsavedChanges ? (
            <Dropdown.ItemText className="small text-body-secondary">
              Save first: the file holds the lines as saved.
            </Dropdown.ItemText>
          ) : null}
          {FORMATS.map(({ format, label, icon }) => (
            <Dropdown.Item
              key={format}
              as="button"
              disabled={unsavedChanges}
              onClick={() => download.mutate(format)}
            >
              <i className={`bi ${icon} me-2`} aria-hidden="true" />
              {label}
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      </Dropdown>
      {download.isError ? (
        <Alert variant="danger" className="mb-0 py-1 px-2 small" role="alert">
          The lines could not be exported: {download.error.message}
        </Alert>
      ) : null}
    </>
  );
}
