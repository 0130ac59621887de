import type {
  AcceptanceLink,
  AcceptanceRecord,
  PublicAcceptanceView,
  QuoteAcceptance,
  SentAcceptanceLink,
  ZAcceptQuoteBody,
  ZSendAcceptanceLinkBody,
} from '@bastion/domain/documents/acceptance-schemas';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client.ts';

/*
 * Customer acceptance (issue 17, point 4): the summary's panel (signed in) and the customer's
 * page (/accept/:token, no session).
 */

const acceptanceKey = (quoteId: string) => ['quotes', quoteId, 'acceptance'] as const;
const publicKey = (token: string) => ['public-acceptance', token] as const;

export function useQuoteAcceptance(quoteId: string) {
  return useQuery({
    queryKey: acceptanceKey(quoteId),
    queryFn: ({ signal }) =>
      apiPost<QuoteAcceptance>('/api/dx/quote-acceptance', { quote_id: quoteId }, { signal }),
  });
}

export type SendAcceptanceLinkInput = z.input<typeof ZSendAcceptanceLinkBody>;

export function useSendAcceptanceLink(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendAcceptanceLinkInput) =>
      apiPost<SentAcceptanceLink>('/api/dx/send-acceptance-link', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: acceptanceKey(quoteId) }),
  });
}

export function useRevokeAcceptanceLink(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      apiPost<AcceptanceLink>('/api/dx/revoke-acceptance-link', {
        quote_id: quoteId,
        link_id: linkId,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: acceptanceKey(quoteId) }),
  });
}

/** The customer's link; a dead link still answers (its state says why), an unknown one 404s. */
export function usePublicAcceptance(token: string) {
  return useQuery({
    queryKey: publicKey(token),
    queryFn: ({ signal }) =>
      apiGet<PublicAcceptanceView>(`/api/public/acceptance/${encodeURIComponent(token)}`, {
        signal,
        reportsSessionExpiry: false,
      }),
    retry: false,
  });
}

/** Where the customer's browser opens the exact PDF the link was sent with. */
export const acceptanceDocumentUrl = (token: string) =>
  `/api/public/acceptance/${encodeURIComponent(token)}/document`;

export type AcceptQuoteInput = z.input<typeof ZAcceptQuoteBody>;

export function useAcceptQuote(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptQuoteInput) =>
      apiPost<AcceptanceRecord>(
        `/api/public/acceptance/${encodeURIComponent(token)}/accept`,
        input,
        { reportsSessionExpiry: false },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: publicKey(token) }),
  });
}
