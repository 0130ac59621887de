import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useSession } from '../../auth/index.ts';
import { useDismissBroadcast, useMyBroadcasts } from '../api/my-broadcasts.ts';
import { BroadcastMarkdown } from './broadcast-markdown.tsx';
import './broadcasts.css';

/**
 * Above every page (issue 19): each critical broadcast the user has not dismissed, as a danger
 * alert with its title, message and a Dismiss button. The list is polled, so a new one shows
 * within one poll interval. An administrator acting as the user sees it but cannot dismiss it
 * for them.
 */
export function CriticalBroadcastBanner() {
  const session = useSession();
  const list = useMyBroadcasts();
  const dismiss = useDismissBroadcast();
  const isActingAs = session.user.impersonated_by !== null;
  const critical = (list.data?.broadcasts ?? []).filter(
    (broadcast) => broadcast.severity === 'critical' && !broadcast.is_dismissed,
  );
  if (critical.length === 0) return null;
  return (
    <section aria-label="Critical messages">
      {critical.map((broadcast) => (
        <Alert key={broadcast.id} variant="danger" className="d-flex gap-3 align-items-start">
          <i className="bi bi-exclamation-octagon-fill fs-4" aria-hidden="true" />
          <div className="flex-grow-1">
            <Alert.Heading as="h2" className="h6 fw-semibold mb-1">
              {broadcast.title}
            </Alert.Heading>
            {broadcast.body ? <BroadcastMarkdown text={broadcast.body} className="small" /> : null}
            {dismiss.isError && dismiss.variables?.id === broadcast.id ? (
              <p className="small mb-0 mt-1 fw-semibold">{dismiss.error.message}</p>
            ) : null}
          </div>
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={`Dismiss “${broadcast.title}”`}
            disabled={isActingAs || (dismiss.isPending && dismiss.variables.id === broadcast.id)}
            title={isActingAs ? 'Only they can dismiss it.' : undefined}
            onClick={() => dismiss.mutate(broadcast)}
          >
            Dismiss
          </Button>
        </Alert>
      ))}
    </section>
  );
}
