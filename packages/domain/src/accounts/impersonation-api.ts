import { z } from 'zod';
import { ZUserEmail } from './user-admin-schemas.ts';
import { zEnvelope } from '../api/envelope.ts';

const EITHER_MESSAGE =
  'Send either the e-mail of the user to act as, or stop: true to return to your own account.';

/** POST /api/security/impersonate: `{email}` starts acting as that user, `{stop: true}` returns. */
export const ZImpersonateBody = z
  .object({ email: ZUserEmail.optional(), stop: z.boolean().optional() })
  .superRefine((body, issues) => {
    if ((body.email === undefined) === (body.stop !== true)) {
      issues.addIssue({ code: 'custom', path: [], message: EITHER_MESSAGE });
    }
  });
export type ImpersonateBody = z.output<typeof ZImpersonateBody>;

/** The e-mail of the user now acted as, or null once back in one's own account. */
export const ZImpersonateResponse = zEnvelope(z.object({ impersonating: z.string().nullable() }));
