import type { SaveApprovalSkuInput } from '@bastion/domain/margin-data/schemas';
import { withoutRow } from '@/components/admin/use-optimistic-list.ts';
import { usePostQuery } from '@/lib/api-query.ts';
import { marginDataKeys, type ProductKind } from './margin-data-keys.ts';
import {
  useMarginList,
  useMarginListMutation,
  type MarginList,
} from './use-margin-list-mutation.ts';

/* SKUs whose presence on a quote asks for approval (POST /api/admin/approval-skus/*). */

export interface ApprovalSku {
  sku: string;
  name: string;
  kind: ProductKind;
  /** Whether the SKU itself is still sold. */
  is_sku_active: boolean;
  reason: string;
  /** Whether the entry applies; an inactive one is kept but asks for nothing. */
  is_active: boolean;
}

export type ApprovalSkuList = MarginList<ApprovalSku>;

export interface ApprovalSkuOption {
  sku: string;
  name: string;
  kind: ProductKind;
  is_active: boolean;
  is_listed: boolean;
}

export type { SaveApprovalSkuInput };

const skuOf = (row: { sku: string }) => row.sku;

export const useApprovalSkus = () =>
  useMarginList<ApprovalSkuList>(marginDataKeys.approvalSkus, '/api/admin/approval-skus/list');

/** SKUs to choose from when adding one; nothing is asked while `isEnabled` is false. */
export const useApprovalSkuOptions = (search: string, isEnabled: boolean) =>
  usePostQuery<{ rows: ApprovalSkuOption[] }>(
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
  return useMarginListMutation<ApprovalSkuList, ApprovalSku, { sku: string }>({
    listKey: marginDataKeys.approvalSkus,
    path: '/api/admin/approval-skus/delete',
    patchRows: (rows, { sku }) => withoutRow(rows, sku, skuOf),
  });
}
