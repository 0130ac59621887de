import { displayNameOf } from '../api/session.ts';
import { NoticeCard } from '../components/auth-card.tsx';
import { useSession } from '../components/session-context.tsx';

/** For a signed-in user whose roles give them no menu at all. */
export function NoMenusPage() {
  const { user } = useSession();
  const name = displayNameOf(user);
  return (
    <NoticeCard title="No menus" icon="bi-person-lock" heading="Your account has no menus yet">
      <p className="text-body-secondary">
        You are signed in as <strong>{name}</strong>
        {name === user.email ? null : ` (${user.email})`}, but no part of Bastion CPQ has been
        opened to your account.
      </p>
      <p className="text-body-secondary">
        Please contact your administrator and ask for the roles you need.
      </p>
    </NoticeCard>
  );
}
