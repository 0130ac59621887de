import { AuthCard, SignOutButton } from '../../auth/index.ts';
import { useFinishEnrolment } from '../api/account-security.ts';
import { MfaEnrolment } from '../components/mfa-enrolment.tsx';

/**
 * The multi-factor-required step of sign-in (spec §2): the sign-in policy requires a second
 * factor of this user, who has none yet, so nothing else opens until it is set up.
 */
export function MfaRequiredPage() {
  const finish = useFinishEnrolment();
  return (
    <AuthCard title="Set up two-step sign-in">
      <p>
        Your role requires two-step sign-in. Set it up now: it takes a minute, and then your
        workspace opens.
      </p>
      <MfaEnrolment onDone={() => void finish()} />
      <hr />
      <div className="text-center">
        <SignOutButton />
      </div>
    </AuthCard>
  );
}
