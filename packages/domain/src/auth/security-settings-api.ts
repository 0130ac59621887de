import { z } from 'zod';
import { zEnvelope } from '../api/envelope.ts';

/*
 * The answers of the signed-in user's own sign-in settings (decision 021): two-step sign-in,
 * recovery codes, password and sessions. Their requests are in auth/schemas.ts.
 */

const zRecoveryCodes = z.array(z.string());

export const ZMfaStatusResponse = zEnvelope(
  z.object({
    mfa_enabled: z.boolean(),
    enabled_at: z.string().nullable(),
    recovery_codes_left: z.number().int(),
    required_by_policy: z.boolean(),
    can_use_mfa: z.boolean(),
  }),
);

export const ZMfaEnrolmentResponse = zEnvelope(
  z.object({ otpauth_url: z.string(), qr: z.string(), secret: z.string() }),
);

export const ZMfaEnabledResponse = zEnvelope(
  z.object({ mfa_enabled: z.boolean(), recovery_codes: zRecoveryCodes }),
);

export const ZRecoveryCodesResponse = zEnvelope(z.object({ recovery_codes: zRecoveryCodes }));

export const ZPasswordChangedResponse = zEnvelope(
  z.object({ signed_out_elsewhere: z.number().int() }),
);

export const ZOwnSessionsResponse = zEnvelope(
  z.object({
    sessions: z.array(
      z.object({
        id: z.string(),
        created_at: z.string(),
        last_seen_at: z.string(),
        ip: z.string(),
        user_agent: z.string(),
        is_current: z.boolean(),
      }),
    ),
  }),
);

export const ZSignedOutOthersResponse = zEnvelope(z.object({ signed_out: z.number().int() }));
