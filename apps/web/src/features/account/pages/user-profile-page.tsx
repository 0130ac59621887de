import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { DelegationsSection } from '../../approvals/index.ts';
import { displayNameOf, useSession } from '../../auth/index.ts';
import { NotificationPreferencesSection } from '../../notifications/index.ts';
import { PasswordSection } from '../components/password-section.tsx';
import { ProfileDetails } from '../components/profile-details.tsx';
import { SessionsSection } from '../components/sessions-section.tsx';
import { TwoStepSection } from '../components/two-step-section.tsx';

const TABS = ['details', 'security', 'notifications', 'delegations'] as const;
type ProfileTab = (typeof TABS)[number];

const isProfileTab = (value: string | undefined): value is ProfileTab =>
  TABS.includes(value as ProfileTab);

/**
 * user-profile/{ref}/{tab_context} (spec §2): the signed-in user's details, sign-in security, the
 * notifications they also want by e-mail and delegations, one tab each; the address names the open tab, so each can be linked to.
 */
export function UserProfilePage() {
  const { context = 'cpq', ref = 'ref', tab_context: tab } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const user = session.user;
  if (tab !== undefined && !isProfileTab(tab)) {
    return <Navigate to={`/${context}/user-profile/${ref}`} replace />;
  }
  const active: ProfileTab = tab ?? 'details';
  // Sign-in settings are the user's own: an administrator acting as them cannot change them.
  const isImpersonated = user.impersonated_by !== null;
  return (
    <>
      <PageHeader title="My profile" subtitle={`${displayNameOf(user)} · ${user.email}`} />
      <Tabs
        id="profile-tabs"
        activeKey={active}
        onSelect={(key) => {
          if (key) void navigate(`/${context}/user-profile/${ref}/${key}`);
        }}
        className="mb-3"
        mountOnEnter
      >
        <Tab eventKey="details" title="Details">
          <ProfileDetails user={user} />
        </Tab>
        <Tab eventKey="security" title="Security">
          {isImpersonated ? (
            <p className="text-body-secondary">
              Sign-in settings belong to {user.email} alone: return to your own account to change
              yours.
            </p>
          ) : (
            <div className="profile-security">
              <TwoStepSection />
              <PasswordSection />
              <SessionsSection />
            </div>
          )}
        </Tab>
        <Tab eventKey="notifications" title="Notifications">
          <NotificationPreferencesSection isActingAs={isImpersonated} />
        </Tab>
        <Tab eventKey="delegations" title="Delegations">
          <DelegationsSection />
        </Tab>
      </Tabs>
    </>
  );
}
