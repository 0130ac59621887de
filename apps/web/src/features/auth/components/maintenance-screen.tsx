import { NoticeCard } from './auth-card.tsx';

/**
 * What everyone but root and IT admins sees while maintenance mode is on (spec §4): the
 * administrator's message when they left one.
 */
export function MaintenanceScreen({ message = '' }: { message?: string }) {
  return (
    <NoticeCard
      title="Under maintenance"
      icon="bi-cone-striped text-warning"
      heading="Bastion CPQ is under maintenance"
    >
      {message ? (
        // Line breaks the administrator typed are kept.
        <p className="fw-semibold text-break" style={{ whiteSpace: 'pre-line' }}>
          {message}
        </p>
      ) : null}
      <p className="text-body-secondary">
        {message ? '' : 'We are making improvements and will be back shortly. '}Your quotes are
        safe; this page reopens the application by itself when maintenance ends.
      </p>
    </NoticeCard>
  );
}
