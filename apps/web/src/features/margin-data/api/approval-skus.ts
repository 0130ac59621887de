import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ZApprovalSkuOptionsResponse,
  ZApprovalSkusResponse,
  ZSkuBody,
} from '@bastion/domain/margin-data/api';
import type { z } from 'zod';
import type { SaveApprovalSkuInput } from '@bastion/domain/margin-data/schemas';
import { withoutRow } from '@/components/admin/use-optimistic-list.ts';
import { usePostQuery } from '@/lib/api-query.ts';
import { marginDataKeys } from './margin-data-keys.ts';
import { useMarginList, useMarginListMutation } from './use-margin-list-mutation.ts';

/* SKUs whose presence on a quote asks for approval (POST /api/admin/approval-skus/*). */

export type ApprovalSkuList = AnswerData<typeof ZApprovalSkusResponse>;
export type ApprovalSku = ApprovalSkuList['rows'][number];
export type ApprovalSkuOption = AnswerData<typeof ZApprovalSkuOptionsResponse>['rows'][number];

export type { SaveApprovalSkuInput };

const skuOf = (row: { sku: string }) => row.sku;

export const useApprovalSkus = () =>
  useMarginList<ApprovalSkuList>(marginDataKeys.approvalSkus, '/api/admin/approval-skus/list');

/** SKUs to choose from when adding one; nothing is asked while `isEnabled` is false. */
export const useApprovalSkuOptions = (search: string, isEnabled: boolean) =>
  usePostQuery<AnswerData<typeof ZApprovalSkuOptionsResponse>>(
    [...marginDataKeys.approvalSkus, 'options', search],
    '/api/admin/approval-skus/sku-options',
    { search },
    { enabled: isEnabled, keepsPrevious: true },
  );

/** Saves a SKU's entry; a SKU new to the list shows once the list reloads (its name comes with it). */
export function useSaveApprovalSku() {
  return useMarginListMutation<ApprovalSkuList, ApprovalSku, SaveApprovalSkuInput, ApprovalSku>({
    listKey: marginDataKeys.approvalSkus,
    path: '/api/admin/approval-skus/save',
    patchRows: (rows, input) =>
      rows.map((row) =>
        row.sku === input.sku ? { ...row, reason: input.reason, is_active: input.is_active } : row,
      ),
  });
}

export function useDeleteApprovalSku() {
  return useMarginListMutation<ApprovalSkuList, ApprovalSku, z.input<typeof ZSkuBody>>({
    listKey: marginDataKeys.approvalSkus,
    path: '/api/admin/approval-skus/delete',
    patchRows: (rows, { sku }) => withoutRow(rows, sku, skuOf),
  });
}
