import { NoticeCard } from './auth-card.tsx';

/** What everyone but root admins sees while maintenance mode is on (spec §4). */
export function MaintenanceScreen() {
  return (
    <NoticeCard
      title="Under maintenance"
      icon="bi-cone-striped text-warning"
      heading="Bastion CPQ is under maintenance"
    >
      <p className="text-body-secondary">
        We are making improvements and will be back shortly. Your quotes are safe; this page reopens
        the application by itself when maintenance ends.
      </p>
    </NoticeCard>
  );
}
