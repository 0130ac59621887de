import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { useClauseHistory, type ClauseVersion } from '../api/clauses.ts';
import { TemplateText } from './template-text.tsx';
import { formatWhen } from './terms-admin.ts';

const PRE_WRAP = { whiteSpace: 'pre-wrap' } as const;

/** What a version changed from the one before it, in words. */
function changesOf(version: ClauseVersion, previous: ClauseVersion | undefined): string[] {
  if (!previous) return ['Created'];
  const changes: string[] = [];
  if (version.title !== previous.title) changes.push('Title');
  if (version.category !== previous.category) changes.push('Category');
  if (version.body !== previous.body) changes.push('Text');
  if (version.is_active !== previous.is_active) {
    changes.push(version.is_active ? 'Restored' : 'Withdrawn');
  }
  return changes;
}

/** Every version of a clause, newest first, each with its full text. */
export function ClauseHistory({ id }: { id: string }) {
  const history = useClauseHistory(id);
  if (history.isPending) {
    return <Spinner animation="border" role="status" aria-label="Loading the clause history" />;
  }
  if (history.isError) {
    return <ErrorScreen error={history.error} onRetry={() => void history.refetch()} />;
  }
  const { versions } = history.data;
  return (
    <ol className="list-unstyled d-flex flex-column gap-3 mb-0" aria-label="Versions">
      {versions.map((version, index) => (
        <li key={version.version} className="border rounded p-3">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <span className="fw-semibold">Version {version.version}</span>
            {index === 0 ? <Badge bg="primary">Current</Badge> : null}
            {changesOf(version, versions[index + 1]).map((change) => (
              <Badge key={change} bg="light" text="dark" className="border">
                {change}
              </Badge>
            ))}
          </div>
          <div className="small text-body-secondary mb-2">
            {formatWhen(version.created_at)}
            {version.created_by ? ` · ${version.created_by}` : ''}
            {version.note ? ` · “${version.note}”` : ''}
          </div>
          <div className="fw-semibold small">
            {version.title}{' '}
            <span className="text-body-secondary fw-normal">· {version.category}</span>
          </div>
          <p className="small mb-0" style={PRE_WRAP}>
            <TemplateText text={version.body} />
          </p>
        </li>
      ))}
    </ol>
  );
}
