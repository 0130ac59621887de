import { useQueryClient } from '@tanstack/react-query';
import type {
  GlobalAccountChoices,
  GlobalAccountDetail,
  GlobalAccountList,
  ZGlobalAccountAccountBody,
  ZGlobalAccountMemberBody,
  ZSaveGlobalAccountBody,
  ZSetGlobalAccountOwnerBody,
} from '@bastion/domain/global-accounts/schemas';
import type { z } from 'zod';
import { usePostMutation, usePostQuery } from '@/lib/api-query.ts';

export type {
  CurrencyAmount,
  GlobalAccountChoices,
  GlobalAccountDetail,
  GlobalAccountList,
  GlobalAccountSummary,
  GroupAccount,
  GroupContract,
  GroupQuote,
  Person,
} from '@bastion/domain/global-accounts/schemas';

const ROOT = 'global-accounts';

export const globalAccountKeys = {
  all: [ROOT] as const,
  list: [ROOT, 'list'] as const,
  one: (id: string) => [ROOT, 'one', id] as const,
  choices: (search: string) => [ROOT, 'choices', search] as const,
};

/** The groups the caller may see, and whether they manage them. */
export function useGlobalAccounts() {
  return usePostQuery<GlobalAccountList>(
    globalAccountKeys.list,
    '/api/dx/global-accounts/list',
    {},
  );
}

/** One group with its accounts, team, installed base and open quotes; none while id is null. */
export function useGlobalAccount(id: string | null) {
  return usePostQuery<GlobalAccountDetail>(
    globalAccountKeys.one(id ?? ''),
    '/api/dx/global-accounts/get',
    { id },
    { enabled: id !== null },
  );
}

/** Managers' pickers: customer accounts matching the search, and the GAMs who may own or join. */
export function useGlobalAccountChoices(search: string, enabled: boolean) {
  return usePostQuery<GlobalAccountChoices>(
    globalAccountKeys.choices(search),
    '/api/dx/global-accounts/choices',
    { search },
    { enabled, staleTime: 30_000 },
  );
}

/**
 * A change to a group: each answers with the group as it now is, which goes into its cache; the
 * list and the pickers (which say which group an account is in) reload.
 */
function useGroupChange<TInput>(path: string) {
  const queryClient = useQueryClient();
  return usePostMutation<TInput, GlobalAccountDetail>(path, (group) => {
    queryClient.setQueryData(globalAccountKeys.one(group.id), group);
    void queryClient.invalidateQueries({ queryKey: globalAccountKeys.list });
    void queryClient.invalidateQueries({ queryKey: [ROOT, 'choices'] });
  });
}

export const useSaveGlobalAccount = () =>
  useGroupChange<z.input<typeof ZSaveGlobalAccountBody>>('/api/dx/global-accounts/save');
export const useSetGlobalAccountOwner = () =>
  useGroupChange<z.input<typeof ZSetGlobalAccountOwnerBody>>('/api/dx/global-accounts/set-owner');
export const useAddGroupAccount = () =>
  useGroupChange<z.input<typeof ZGlobalAccountAccountBody>>('/api/dx/global-accounts/add-account');
export const useRemoveGroupAccount = () =>
  useGroupChange<z.input<typeof ZGlobalAccountAccountBody>>(
    '/api/dx/global-accounts/remove-account',
  );
export const useAddTeamMember = () =>
  useGroupChange<z.input<typeof ZGlobalAccountMemberBody>>('/api/dx/global-accounts/add-member');
export const useRemoveTeamMember = () =>
  useGroupChange<z.input<typeof ZGlobalAccountMemberBody>>('/api/dx/global-accounts/remove-member');
