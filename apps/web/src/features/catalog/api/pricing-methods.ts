import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ZAssignedScheduleResponse,
  ZDeletedScheduleResponse,
  ZMethodRowIdBody,
  ZScheduleIdBody,
} from '@bastion/domain/pricing/methods-api';
import type {
  ZAssignDiscountScheduleBody,
  ZDeleteTermDiscountBody,
  ZSaveDiscountScheduleBody,
  ZSavePriceBlocksBody,
  ZSaveTermDiscountBody,
  ZSchedulePricingMethodBody,
} from '@bastion/domain/pricing/methods-schema';
import type {
  DiscountSchedulesView,
  DiscountScheduleView,
  ScheduledMethodView,
  SkuPricingView,
  TermDiscountsView,
} from '@bastion/domain/pricing/methods-views';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { usePostMutation, usePostQuery, useRecordQuery } from '@/lib/api-query.ts';

/*
 * Issue 35: a SKU's pricing methods and block bands, discount schedules and term discounts
 * (POST /api/admin/catalog/pricing-methods/*, discount-schedules/*, term-discounts/*). The
 * answers' types are the server's schemas (packages/domain, pricing/methods-views.ts); what is
 * sent is the input of the server's body schemas.
 */

export type {
  DiscountSchedulesView,
  DiscountScheduleView,
  ScheduledMethodView,
  SkuPricingView,
  TermDiscountsView,
};
export type { PricingMethodRowView, PriceBlockView } from '@bastion/domain/pricing/methods-views';

const BASE = '/api/admin/catalog';

export const pricingMethodKeys = {
  sku: (sku: string) => ['catalog', 'pricing-methods', sku] as const,
  schedules: ['catalog', 'discount-schedules'] as const,
  termDiscounts: ['catalog', 'term-discounts'] as const,
};

/** A SKU's methods, bands and schedule; nothing is fetched while sku is null. */
export const useSkuPricing = (sku: string | null) =>
  useRecordQuery<SkuPricingView>(pricingMethodKeys.sku, `${BASE}/pricing-methods/get`, 'sku', sku);

/** After a change to a SKU's pricing: its answer goes into its cache. */
function useSkuPricingSaved() {
  const queryClient = useQueryClient();
  return (view: SkuPricingView) => {
    queryClient.setQueryData(pricingMethodKeys.sku(view.sku), view);
  };
}

export function useSchedulePricingMethod() {
  return usePostMutation<z.input<typeof ZSchedulePricingMethodBody>, ScheduledMethodView>(
    `${BASE}/pricing-methods/schedule`,
    useSkuPricingSaved(),
  );
}

export function useCancelScheduledMethod() {
  return usePostMutation<z.input<typeof ZMethodRowIdBody>, SkuPricingView>(
    `${BASE}/pricing-methods/cancel-scheduled`,
    useSkuPricingSaved(),
  );
}

export function useSavePriceBlocks() {
  return usePostMutation<z.input<typeof ZSavePriceBlocksBody>, SkuPricingView>(
    `${BASE}/pricing-methods/save-blocks`,
    useSkuPricingSaved(),
  );
}

/** After a change to the schedules or a SKU's place on one: the list reloads. */
function useSchedulesChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: pricingMethodKeys.schedules });
}

export const useDiscountSchedules = () =>
  usePostQuery<DiscountSchedulesView>(
    pricingMethodKeys.schedules,
    `${BASE}/discount-schedules/list`,
    {},
  );

export function useSaveDiscountSchedule() {
  return usePostMutation<z.input<typeof ZSaveDiscountScheduleBody>, DiscountScheduleView>(
    `${BASE}/discount-schedules/save`,
    useSchedulesChanged(),
  );
}

export function useDeleteDiscountSchedule() {
  return usePostMutation<
    z.input<typeof ZScheduleIdBody>,
    AnswerData<typeof ZDeletedScheduleResponse>
  >(`${BASE}/discount-schedules/delete`, useSchedulesChanged());
}

export function useAssignDiscountSchedule() {
  const queryClient = useQueryClient();
  const schedulesChanged = useSchedulesChanged();
  return usePostMutation<
    z.input<typeof ZAssignDiscountScheduleBody>,
    AnswerData<typeof ZAssignedScheduleResponse>
  >(`${BASE}/discount-schedules/assign`, (assigned) => {
    queryClient.setQueryData<SkuPricingView>(
      pricingMethodKeys.sku(assigned.sku),
      (view) => view && { ...view, discount_schedule_id: assigned.discount_schedule_id },
    );
    schedulesChanged();
  });
}

/** After a change to the term discounts: the answer is the whole table. */
function useTermDiscountsSaved() {
  const queryClient = useQueryClient();
  return (view: TermDiscountsView) => {
    queryClient.setQueryData(pricingMethodKeys.termDiscounts, view);
  };
}

export const useTermDiscounts = () =>
  usePostQuery<TermDiscountsView>(
    pricingMethodKeys.termDiscounts,
    `${BASE}/term-discounts/list`,
    {},
  );

export function useSaveTermDiscount() {
  return usePostMutation<z.input<typeof ZSaveTermDiscountBody>, TermDiscountsView>(
    `${BASE}/term-discounts/save`,
    useTermDiscountsSaved(),
  );
}

export function useDeleteTermDiscount() {
  return usePostMutation<z.input<typeof ZDeleteTermDiscountBody>, TermDiscountsView>(
    `${BASE}/term-discounts/delete`,
    useTermDiscountsSaved(),
  );
}
