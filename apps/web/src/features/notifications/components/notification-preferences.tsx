import { useState } from 'react';
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
  // The switch shows the choice in the same render as the click: the saved choices arrive a tick
  // later (the query's optimistic update is asynchronous), and a controlled switch whose state
  // lags its click snaps back meanwhile.
  const [choosing, setChoosing] = useState<Record<string, boolean>>({});
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
                  checked={choosing[preference.kind] ?? preference.by_email}
                  disabled={isActingAs}
                  onChange={(event) => {
                    const { kind } = preference;
                    const byEmail = event.target.checked;
                    setChoosing((shown) => ({ ...shown, [kind]: byEmail }));
                    save.mutate(
                      { preferences: [{ kind, by_email: byEmail }] },
                      // Called for the latest save only: from then on the cache holds every choice.
                      { onSettled: () => setChoosing({}) },
                    );
                  }}
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
