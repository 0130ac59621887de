import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ZGoogleProfile,
  ZGoogleProfileResponse,
  ZSignInProvidersResponse,
} from '@bastion/domain/auth/google-sign-in-api';
import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

/** The ways to sign in that this server takes, besides the password. */
export type SignInOptions = AnswerData<typeof ZSignInProvidersResponse>;

export const signInOptionsQueryOptions = queryOptions({
  queryKey: ['sign-in-options'] as const,
  queryFn: ({ signal }) =>
    apiGet<SignInOptions>('/api/security/oauth/providers', {
      signal,
      reportsSessionExpiry: false,
    }),
  // Configuration changes with a restart only.
  staleTime: Infinity,
});

/** Whether the server takes Google sign-in (it holds the client id and secret per environment). */
export function useSignInOptions() {
  return useQuery(signInOptionsQueryOptions);
}

/** The Google account the signed-in user last came in with (the /profile page). */
export type GoogleProfile = z.infer<typeof ZGoogleProfile>;

export function useGoogleProfile() {
  return useQuery({
    queryKey: ['google-profile'] as const,
    queryFn: ({ signal }) =>
      apiGet<AnswerData<typeof ZGoogleProfileResponse>>('/api/security/oauth/google/profile', {
        signal,
        reportsSessionExpiry: false,
      }),
    select: (answer) => answer.google,
  });
}
