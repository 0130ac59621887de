import { z } from 'zod';
import { namedApiSchemas } from '../api/named-schemas.ts';
import {
  ZDiscountSchedulesView,
  ZDiscountScheduleView,
  ZScheduledMethodView,
  ZSkuPricingView,
  ZTermDiscountsView,
} from './methods-views.ts';
import { zDeletedEnvelope, zEnvelope } from '../api/envelope.ts';

/*
 * Requests and answers of the pricing methods, block bands, discount schedules and term
 * discounts (issue 35, POST /api/admin/catalog/…). The bodies are the domain's, shared with the
 * admin forms; the answers are the domain's views, in the `{code, data}` envelope.
 */
export {
  ZAssignDiscountScheduleBody,
  ZDeleteTermDiscountBody,
  ZMethodRowIdBody,
  ZSaveDiscountScheduleBody,
  ZSavePriceBlocksBody,
  ZSaveTermDiscountBody,
  ZScheduleIdBody,
  ZSchedulePricingMethodBody,
  type AssignDiscountScheduleInput,
  type SaveDiscountScheduleInput,
  type SavePriceBlocksInput,
  type SaveTermDiscountInput,
  type SchedulePricingMethodInput,
} from './methods-schema.ts';

export const ZSkuPricingResponse = zEnvelope(ZSkuPricingView);
export const ZScheduledMethodResponse = zEnvelope(ZScheduledMethodView);
export const ZDiscountSchedulesResponse = zEnvelope(ZDiscountSchedulesView);
export const ZDiscountScheduleResponse = zEnvelope(ZDiscountScheduleView);
export const ZDeletedScheduleResponse = zDeletedEnvelope({ id: z.string(), name: z.string() });
export const ZTermDiscountsResponse = zEnvelope(ZTermDiscountsView);

export const ZAssignedScheduleResponse = zEnvelope(
  z.object({
    sku: z.string(),
    /** Null: none, its own volume tiers. */
    discount_schedule_id: z.string().nullable(),
  }),
);

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZSkuPricingView, { id: 'SkuPricing' });
namedApiSchemas.add(ZTermDiscountsView, { id: 'TermDiscounts' });
namedApiSchemas.add(ZDiscountScheduleView, { id: 'DiscountSchedule' });
