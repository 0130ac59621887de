import Button from 'react-bootstrap/Button';
import { LineFileMenu } from '../../../documents/index.ts';

/**
 * The configure page's Products heading with what adds lines (sizing, guided selling, the
 * finder, an import) and the export. Sizing and import work on the quote as saved: with
 * unsaved changes they wait, and say so.
 */
export function ProductsCardHeader(props: {
  quoteId: string;
  lineCount: number;
  isReadOnly: boolean;
  isDirty: boolean;
  hasSizing: boolean;
  onSizing: () => void;
  onGuide: () => void;
  onAdd: () => void;
  onImport: () => void;
}) {
  const { lineCount, isDirty } = props;
  return (
    <div className="card-header d-flex align-items-center justify-content-between gap-2 flex-wrap">
      <h2 className="h6 mb-0">
        Products{' '}
        <span className="text-body-secondary fw-normal">
          ({lineCount} {lineCount === 1 ? 'line' : 'lines'})
        </span>
      </h2>
      {props.isReadOnly ? (
        lineCount > 0 ? (
          <LineFileMenu quoteId={props.quoteId} size="sm" />
        ) : null
      ) : (
        <div className="d-flex gap-2 align-items-center flex-wrap">
          {isDirty ? (
            <span className="small text-body-secondary">
              Save to size secure access or import lines
            </span>
          ) : null}
          <Button size="sm" variant="outline-primary" disabled={isDirty} onClick={props.onSizing}>
            <i className="bi bi-shield-lock me-1" aria-hidden="true" />
            {props.hasSizing ? 'Secure access sizing' : 'Size secure access'}
          </Button>
          <Button size="sm" variant="outline-primary" onClick={props.onGuide}>
            <i className="bi bi-signpost-split me-1" aria-hidden="true" />
            Guided selling
          </Button>
          <Button size="sm" onClick={props.onAdd}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            Add products
          </Button>
          <Button
            size="sm"
            variant="outline-primary"
            disabled={isDirty}
            title={isDirty ? 'Save first: the import is saved with the quote.' : undefined}
            onClick={props.onImport}
          >
            <i className="bi bi-upload me-1" aria-hidden="true" />
            Import lines
          </Button>
          {lineCount > 0 ? (
            <LineFileMenu quoteId={props.quoteId} size="sm" unsavedChanges={isDirty} />
          ) : null}
        </div>
      )}
    </div>
  );
}
