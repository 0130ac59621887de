import { z } from 'zod';
import { zEnvelope } from '../api/envelope.ts';

/** Long enough for any provider's values; what they mean is checked by the sign-in itself. */
const zParameter = z.string().max(4096).optional();

/**
 * The sign-in route's query: nothing (or `from`) to start, the provider's answer on the way
 * back. Providers add parameters of their own (Google: scope, authuser, hd, prompt); they are
 * let through and read from the raw URL by openid-client.
 */
export const ZGoogleQuery = z.object({
  from: zParameter,
  code: zParameter,
  state: zParameter,
  error: zParameter,
  error_description: zParameter,
  iss: zParameter,
});

export const ZSignInProvidersResponse = zEnvelope(z.object({ google: z.boolean() }));

/** The Google account of the user's latest Google sign-in; null when they have never used one. */
export const ZGoogleProfile = z.object({
  email: z.string(),
  name: z.string(),
  signed_in_at: z.string(),
});

export const ZGoogleProfileResponse = zEnvelope(z.object({ google: ZGoogleProfile.nullable() }));
