import type {
  ZAccountOptionsResponse,
  ZApiTokenListResponse,
  ZCreateApiTokenBody,
  ZCreatedApiTokenResponse,
  ZPasswordLinkSentResponse,
  ZRevokeApiTokenBody,
  ZRevokedApiTokenResponse,
  ZSetUserDisabledBody,
  ZSignInPolicyResponse,
  ZUserDisabledResponse,
  ZUserHistoryResponse,
  ZUserListResponse,
  ZUserMfaResetResponse,
  ZUserRefBody,
  ZUserSignInsResponse,
} from '@bastion/domain/accounts/users-api';
import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ApiTokenRow,
  UserDetail,
  UserHistoryRow,
  UserListRow,
  UserSignInRow,
  ZCreateUserBody,
  ZSignInPolicyBody,
  ZUpdateUserBody,
  ZUserListBody,
  ZUserListFilters,
} from '@bastion/domain/accounts/user-admin-schemas';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client.ts';
import { environment } from '@/lib/environment.ts';
import { usePostChange, usePostMutation, usePostQuery } from '@/lib/api-query.ts';

/*
 * User administration (POST /api/admin/users, user-detail, create-user, update-user…): the users
 * grid, one user's detail and what an administrator does to them. Schemas and answer types are the
 * domain's (accounts/user-admin-schemas), the same the server checks with.
 */

export type { ApiTokenRow, UserDetail, UserHistoryRow, UserListRow, UserSignInRow };

export type UserListRequest = z.output<typeof ZUserListBody>;
export type UserListFilters = z.output<typeof ZUserListFilters>;
export type CreateUserInput = z.output<typeof ZCreateUserBody>;
export type UpdateUserInput = z.output<typeof ZUpdateUserBody>;

export type AccountOption = AnswerData<typeof ZAccountOptionsResponse>['accounts'][number];

export const userKeys = {
  all: ['users'] as const,
  list: (request: UserListRequest) => ['users', 'list', request] as const,
  one: (email: string) => ['users', 'one', email] as const,
  signIns: (email: string, page: number) => ['users', 'sign-ins', email, page] as const,
  history: (email: string, page: number) => ['users', 'history', email, page] as const,
  accounts: (search: string) => ['users', 'account-options', search] as const,
  policy: ['users', 'sign-in-policy'] as const,
  tokens: (email: string) => ['users', 'api-tokens', email] as const,
};

/** One page of users; the previous page stays on screen while the next loads. */
export const useUserList = (request: UserListRequest) =>
  usePostQuery<AnswerData<typeof ZUserListResponse>>(
    userKeys.list(request),
    '/api/admin/users',
    request,
    {
      keepsPrevious: true,
    },
  );

export const useUserDetail = (email: string) =>
  usePostQuery<UserDetail>(userKeys.one(email), '/api/admin/user-detail', { email });

export const useUserSignIns = (email: string, page: number, pageSize: number) =>
  usePostQuery<AnswerData<typeof ZUserSignInsResponse>>(
    userKeys.signIns(email, page),
    '/api/admin/user-sign-ins',
    { email, page, page_size: pageSize },
    { keepsPrevious: true },
  );

export const useUserHistory = (email: string, page: number, pageSize: number) =>
  usePostQuery<AnswerData<typeof ZUserHistoryResponse>>(
    userKeys.history(email, page),
    '/api/admin/user-history',
    { email, page, page_size: pageSize },
    { keepsPrevious: true },
  );

/** CRM accounts a role may be limited to, by name. */
export const useAccountOptions = (search: string) =>
  usePostQuery<AnswerData<typeof ZAccountOptionsResponse>>(
    userKeys.accounts(search),
    '/api/admin/user-account-options',
    { search },
    { keepsPrevious: true, staleTime: 60_000 },
  );

/** After any change to a user: their detail as answered, the lists and their histories. */
const refreshUser = () => [userKeys.all];

export const useCreateUser = () =>
  usePostChange<CreateUserInput, UserDetail>(
    '/api/admin/create-user',
    (user) => userKeys.one(user.email),
    refreshUser,
  );

export const useUpdateUser = () =>
  usePostChange<UpdateUserInput, UserDetail>(
    '/api/admin/update-user',
    (user) => userKeys.one(user.email),
    refreshUser,
  );

/** Changes that answer a part of the user only: the detail reloads. */
function useUserChange<TInput, TResult>(path: string) {
  const queryClient = useQueryClient();
  return usePostMutation<TInput, TResult>(path, () => {
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
  });
}

export const useSetUserDisabled = () =>
  useUserChange<z.input<typeof ZSetUserDisabledBody>, AnswerData<typeof ZUserDisabledResponse>>(
    '/api/admin/set-user-disabled',
  );

export const useResetUserMfa = () =>
  useUserChange<z.input<typeof ZUserRefBody>, AnswerData<typeof ZUserMfaResetResponse>>(
    '/api/admin/reset-user-mfa',
  );

export const useSendPasswordLink = () =>
  useUserChange<z.input<typeof ZUserRefBody>, AnswerData<typeof ZPasswordLinkSentResponse>>(
    '/api/security/send_password',
  );

/** A service account's API tokens (issue 21); the tokens themselves are never listed. */
export const useApiTokens = (email: string) =>
  usePostQuery<AnswerData<typeof ZApiTokenListResponse>>(
    userKeys.tokens(email),
    '/api/admin/api-tokens',
    { email },
  );

/** The answer carries the token, once. */
export const useCreateApiToken = () =>
  useUserChange<z.input<typeof ZCreateApiTokenBody>, AnswerData<typeof ZCreatedApiTokenResponse>>(
    '/api/admin/create-api-token',
  );

export const useRevokeApiToken = () =>
  useUserChange<z.input<typeof ZRevokeApiTokenBody>, AnswerData<typeof ZRevokedApiTokenResponse>>(
    '/api/admin/revoke-api-token',
  );

export const useSignInPolicy = (enabled: boolean) =>
  usePostQuery<AnswerData<typeof ZSignInPolicyResponse>>(
    userKeys.policy,
    '/api/admin/sign-in-policy',
    {},
    { enabled },
  );

export const useUpdateSignInPolicy = () => {
  const queryClient = useQueryClient();
  return usePostMutation<
    z.input<typeof ZSignInPolicyBody>,
    AnswerData<typeof ZSignInPolicyResponse>
  >('/api/admin/update-sign-in-policy', (policy) =>
    queryClient.setQueryData(userKeys.policy, policy),
  );
};

/** The file name the server gave (Content-Disposition), or a dated default. */
function fileNameOf(response: Response): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? `users-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * Downloads the users matching `filters` as CSV (POST /api/admin/users-download). The answer is a
 * file, not the JSON envelope, so this calls fetch as the api client does (same origin, cookies,
 * JSON body) and hands the bytes to the browser's download.
 */
export async function downloadUsersCsv(filters: UserListFilters): Promise<void> {
  const response = await fetch(`${environment.apiBaseUrl}/api/admin/users-download`, {
    method: 'POST',
    headers: { Accept: 'text/csv, application/json', 'Content-Type': 'application/json' },
    credentials: 'include',
    body: JSON.stringify(filters),
  });
  if (!response.ok) {
    // Errors come in the usual {code, message} envelope.
    const message = await response
      .json()
      .then((body: { message?: unknown }) =>
        typeof body.message === 'string' ? body.message : null,
      )
      .catch(() => null);
    throw new ApiError(
      response.status,
      message ?? `The download failed (HTTP ${response.status}).`,
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response);
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}
