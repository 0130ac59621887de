import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiGet } from '@/lib/api-client.ts';
import { markLoggedOut } from '@/lib/session-markers.ts';
import { STORAGE_KEYS, clearAppSessionData } from '@/lib/storage.ts';
import type { LoginPageState, SignOutReason } from '../login-page-state.ts';

/**
 * Signs out on the server and forgets everything this browser holds about the session
 * (spec §4), keeping only the logged-out marker and UI preferences.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(
    async (reason?: SignOutReason) => {
      // First, so that 403s from calls still in flight are not reported as an expired session.
      markLoggedOut();
      await queryClient.cancelQueries();
      try {
        await apiGet('/api/security/logout');
      } catch (error) {
        // The local sign-out still happens; the server session times out on its own.
        console.warn('Sign-out call failed', error);
      }
      clearAppSessionData([STORAGE_KEYS.loggedOut]);
      const state: LoginPageState = reason ? { reason } : {};
      await navigate('/login', { replace: true, state, flushSync: true });
      queryClient.clear();
    },
    [navigate, queryClient],
  );
}
