import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SecretBox } from '../../core/access/secret-box.ts';
import { hashRecoveryCode, newRecoveryCodes } from '../../core/access/totp.ts';
import { findUserById } from './auth.repository.ts';
import { checkWithinFailureBudget } from './code-attempts.ts';
import { replaceRecoveryCodes } from './mfa.repository.ts';
import { useSecondFactor } from './second-factor.ts';
import { INVALID_CODE_MESSAGE } from './sign-in.ts';

/** Ten new recovery codes, confirmed with a current code; the old ones stop working. */
export async function regenerateRecoveryCodes(
  db: Database,
  deps: { config: ServerConfig; secrets: SecretBox },
  caller: AuthContext,
  input: { code: string; ip: string },
  now = new Date(),
): Promise<{ recovery_codes: string[] }> {
  const user = await findUserById(db, caller.userId);
  if (!user?.mfaEnabled) {
    throw new AppError(
      'BAD_REQUEST',
      'Turn two-step sign-in on first: recovery codes come with it.',
    );
  }
  await checkWithinFailureBudget(
    db,
    deps.config,
    { email: user.email, ip: input.ip },
    { field: 'code', problem: INVALID_CODE_MESSAGE },
    async () => (await useSecondFactor(db, deps.secrets, user.id, input.code, now)) !== null,
    now,
  );
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(db, user.id, codes.map(hashRecoveryCode));
  return { recovery_codes: codes };
}
