import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { SectionLoadState } from '@/components/section-load-state.tsx';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../api/notification-preferences.ts';

/**
 * The profile's Notifications tab: every kind always reaches the bell; each may also go by
 * e-mail. A switch saves at once.
 */
export function NotificationPreferencesSection({ isActingAs }: { isActingAs: boolean }) {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  return (
    <section aria-label="Notifications by e-mail">
      <p className="text-body-secondary">
        Everything below shows in the bell at the top. Choose what also reaches you by e-mail.
      </p>
      {save.isError ? <Alert variant="danger">{save.error.message}</Alert> : null}
      <SectionLoadState query={preferences} what="your notification choices">
        {(data) => (
          <ul className="list-unstyled mb-0">
            {data.preferences.map((preference) => (
              <li key={preference.kind} className="mb-3">
                <Form.Check
                  type="switch"
                  id={`notify-${preference.kind}`}
                  label={`${preference.label}: also by e-mail`}
                  checked={preference.by_email}
                  disabled={isActingAs}
                  onChange={(event) =>
                    save.mutate({
                      preferences: [{ kind: preference.kind, by_email: event.target.checked }],
                    })
                  }
                />
                <div className="small text-body-secondary ms-5">{preference.description}</div>
              </li>
            ))}
          </ul>
        )}
      </SectionLoadState>
    </section>
  );
}
