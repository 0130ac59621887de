import { z } from 'zod';
import { parseUnitPrice } from '../catalog/price-text.ts';
import { zRequiredText } from '../validation/required-text.ts';
import { formatBp, parsePercentBp } from './decimal.ts';
import { pricingMethodProblems } from './method-checks.ts';
import {
  readUsdText,
  MAX_COVERED_SKUS,
  MAX_PRICE_BANDS,
  MAX_SCHEDULE_TIERS,
  MAX_TERM_MONTHS,
  METHOD_MESSAGES,
  MIN_TERM_MONTHS,
  type MethodProblem,
} from './method-messages.ts';
import {
  blockBandProblems,
  scheduleTierProblems,
  termDiscountProblems,
} from './schedule-checks.ts';
import {
  COVER_SCOPES,
  PRICING_METHODS,
  SCHEDULE_AGGREGATES,
  SCHEDULE_TYPES,
  type PercentOfTotalCover,
} from './methods.ts';
import { PRODUCT_KINDS } from './product-kinds.ts';

/*
 * What catalogue admins send to edit pricing methods, block bands, discount schedules and term
 * discounts (issue 35, POST /api/admin/catalog/…): the server's routes validate with these, and
 * the admin forms with the form schemas below, which end in the same schemas, so the browser
 * says what the server would. The checks themselves are method-checks.ts; what needs the
 * catalogue (SKUs that exist, cycles) the server checks after these.
 */

/**
 * A check adding what `schema` finds wrong with a form's output, on the same fields: the form's
 * output is the request body, checked as the server will check it. Only once the form's own
 * reading found nothing wrong, so a field is not told twice.
 */
function checkedAs<T>(schema: z.ZodType<unknown, T>) {
  return (payload: { value: T; issues: z.core.$ZodRawIssue[] }) => {
    if (payload.issues.length > 0) return;
    const result = schema.safeParse(payload.value);
    if (result.success) return;
    for (const issue of result.error.issues) {
      payload.issues.push({
        code: 'custom',
        path: issue.path,
        message: issue.message,
        input: payload.value,
      });
    }
  };
}

/*
 * An existing SKU and a day, as catalog/schemas.ts reads them (not imported from there: it
 * would bring the SKU and bundle forms into every page that edits a method).
 */
const ZSkuRef = zRequiredText('Say which SKU.', 64, 'That is not a SKU code.');
const ZDate = (label: string) => z.iso.date({ error: `${label}: dates look like 2027-01-01.` });

/** Each problem of a check as an issue on its field. */
function addProblems(context: z.RefinementCtx, problems: readonly MethodProblem[]) {
  for (const problem of problems) {
    context.addIssue({ code: 'custom', path: problem.field.split('.'), message: problem.message });
  }
}

/** A percentage sent as text (null or '' for none), kept as text for the checks. */
const zPercentTextOrNull = z
  .string({ error: 'Send the percentage as text, such as "20", so that it stays exact.' })
  .trim()
  .nullable()
  .default(null)
  .transform((text) => (text === '' ? null : text));

/** US dollars sent as text (null or '' for none). */
const zUsdTextOrNull = z
  .string({ error: 'Send the amount as text, such as "150.00", so that it stays exact.' })
  .trim()
  .nullable()
  .default(null)
  .transform((text) => (text === '' ? null : text));

const zSkuCodeInList = z
  .string({ error: 'A SKU code is text.' })
  .trim()
  .toUpperCase()
  .min(1, 'Enter the SKU code.')
  .max(64, 'That is not a SKU code.');

export const ZPercentOfTotalCover = z.object({
  scope: z.enum(COVER_SCOPES, { error: METHOD_MESSAGES.unknownScope }),
  skus: z
    .array(zSkuCodeInList, { error: 'Send the covered SKUs as a list of codes.' })
    .max(MAX_COVERED_SKUS, METHOD_MESSAGES.tooManySkus)
    .optional(),
  kinds: z
    .array(z.enum(PRODUCT_KINDS, { error: `A kind is one of ${PRODUCT_KINDS.join(', ')}.` }), {
      error: 'Send the covered kinds as a list.',
    })
    .optional(),
}) satisfies z.ZodType<PercentOfTotalCover>;

/* A SKU's pricing method, from a day on. */

export const ZSchedulePricingMethodBody = z
  .object({
    sku: ZSkuRef,
    method: z.enum(PRICING_METHODS, { error: METHOD_MESSAGES.unknownMethod }),
    /** PERCENT_OF_TOTAL: the share of the covered net unit price; COST_PLUS: the markup. */
    percent: zPercentTextOrNull,
    /** PERCENT_OF_TOTAL: what the SKU covers. */
    covers: ZPercentOfTotalCover.nullable().default(null),
    /** PERCENT_OF_TOTAL: the lowest and highest unit list, US dollars. */
    floor_usd: zUsdTextOrNull,
    ceiling_usd: zUsdTextOrNull,
    effective_from: ZDate('The first day of the new pricing method'),
  })
  .transform((body, context) => {
    const problems: MethodProblem[] = [];
    const money = (text: string | null, field: string, label: string) => {
      if (text === null) return null;
      const read = readUsdText(text, label);
      if (read.ok) return read.minor;
      problems.push({ field, message: read.message });
      return null;
    };
    const covers: PercentOfTotalCover | null =
      body.covers === null
        ? null
        : {
            scope: body.covers.scope,
            ...(body.covers.skus ? { skus: body.covers.skus } : {}),
            ...(body.covers.kinds ? { kinds: body.covers.kinds } : {}),
          };
    const row = {
      sku: body.sku,
      method: body.method,
      // Stored as the shortest text of its value: "20.00" and "20" are the same share.
      percent: body.percent,
      covers,
      floor_usd_minor: money(body.floor_usd, 'floor_usd', 'The floor'),
      ceiling_usd_minor: money(body.ceiling_usd, 'ceiling_usd', 'The ceiling'),
    };
    const isMoneyRead = problems.length === 0;
    problems.push(
      ...pricingMethodProblems(row).filter(
        // A floor or ceiling that could not be read has said so already.
        (problem) =>
          isMoneyRead || (problem.field !== 'floor_usd' && problem.field !== 'ceiling_usd'),
      ),
    );
    if (problems.length > 0) {
      addProblems(context, problems);
      return z.NEVER;
    }
    const percent = row.percent === null ? null : parsePercentBp(row.percent);
    return {
      ...row,
      percent: percent?.ok ? formatBp(percent.value) : null,
      effective_from: body.effective_from,
    };
  });
export type SchedulePricingMethodInput = z.output<typeof ZSchedulePricingMethodBody>;

/**
 * The pricing method form: the fields as typed ('' for none), every method's fields at once.
 * Its output is the request body: what the chosen method does not use is dropped, and the rest
 * is checked by the server's schema.
 */
export const ZPricingMethodForm = z
  .object({
    sku: z.string(),
    method: z.enum(PRICING_METHODS, { error: METHOD_MESSAGES.unknownMethod }),
    percent: z.string(),
    covers: z.object({
      scope: z.enum(['', ...COVER_SCOPES]),
      skus: z.array(z.string()),
      kinds: z.array(z.enum(PRODUCT_KINDS)),
    }),
    floor_usd: z.string(),
    ceiling_usd: z.string(),
    effective_from: z.string(),
  })
  .transform((form): z.input<typeof ZSchedulePricingMethodBody> => {
    const isShare = form.method === 'PERCENT_OF_TOTAL';
    const scope = form.covers.scope;
    return {
      sku: form.sku,
      method: form.method,
      percent: isShare || form.method === 'COST_PLUS' ? form.percent : null,
      covers:
        !isShare || scope === ''
          ? null
          : scope === 'SKU'
            ? { scope, skus: form.covers.skus }
            : { scope, kinds: form.covers.kinds },
      floor_usd: isShare ? form.floor_usd : null,
      ceiling_usd: isShare ? form.ceiling_usd : null,
      effective_from: form.effective_from,
    };
  })
  .check(checkedAs(ZSchedulePricingMethodBody));
export type PricingMethodFormValues = z.input<typeof ZPricingMethodForm>;

export const ZMethodRowIdBody = z.object({
  id: z.uuid({ error: 'Say which pricing method.' }),
});

/* Block bands of a SKU in a currency. */

const quantityError = (message: string) => ({ error: message });

export const ZSavePriceBlocksBody = z
  .object({
    sku: ZSkuRef,
    currency_code: z
      .string({ error: 'Choose the currency.' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'A currency is a three-letter ISO code such as USD.'),
    /** Every band of the currency: the list replaces the old one (empty: no bands). */
    bands: z
      .array(
        z.object({
          min_quantity: z.number(quantityError(METHOD_MESSAGES.bandMin)),
          /** Null: no end. */
          max_quantity: z.number(quantityError(METHOD_MESSAGES.bandMax)).nullable(),
          /** The flat price of the band, decimal text such as "2995.00". */
          price: z.string({ error: 'Send the band’s price as text, such as "2995.00".' }),
        }),
        { error: 'Send the bands as a list.' },
      )
      .max(MAX_PRICE_BANDS, METHOD_MESSAGES.bandsTooMany),
  })
  .transform((body, context) => {
    const problems: MethodProblem[] = [];
    const bands = body.bands.map((band, index) => {
      const price = parseUnitPrice(band.price, body.currency_code);
      if (!price.isValid) {
        problems.push({ field: `bands.${index}.price`, message: price.message });
      }
      return {
        min_quantity: band.min_quantity,
        max_quantity: band.max_quantity,
        price_minor: price.isValid ? price.minor : 0,
      };
    });
    problems.push(
      ...blockBandProblems(bands).filter(
        (problem) => !problems.some((known) => known.field === problem.field),
      ),
    );
    if (problems.length > 0) {
      addProblems(context, problems);
      return z.NEVER;
    }
    return { sku: body.sku, currency_code: body.currency_code, bands };
  });
export type SavePriceBlocksInput = z.output<typeof ZSavePriceBlocksBody>;

/** A whole number as typed; '' is null where a blank means "none". */
const zWholeText = (message: string) => z.string().trim().regex(/^\d+$/, message).transform(Number);

/** The bands editor's form: quantities as typed, a blank end for no end; its output is the body. */
export const ZPriceBlocksForm = z
  .object({
    sku: z.string(),
    currency_code: z.string(),
    bands: z.array(
      z.object({
        min_quantity: zWholeText(METHOD_MESSAGES.bandMin),
        max_quantity: z
          .string()
          .trim()
          .transform((text) => (text === '' ? null : text))
          .pipe(zWholeText(METHOD_MESSAGES.bandMax).nullable()),
        price: z.string(),
      }),
    ),
  })
  .check(checkedAs(ZSavePriceBlocksBody));
export type PriceBlocksFormValues = z.input<typeof ZPriceBlocksForm>;

/* Discount schedules. */

export const SCHEDULE_ID_PATTERN = /^[A-Z0-9][A-Z0-9_-]{1,39}$/;
const SCHEDULE_ID_MESSAGE =
  'A schedule code is 2 to 40 capital letters, digits, dashes and underscores (like EP-VOLUME).';

export const ZScheduleId = z
  .string({ error: 'Enter the schedule’s code.' })
  .trim()
  .toUpperCase()
  .min(1, 'Enter the schedule’s code.')
  .regex(SCHEDULE_ID_PATTERN, SCHEDULE_ID_MESSAGE);

export const ZSaveDiscountScheduleBody = z
  .object({
    /** True to add a schedule with this code; false to change the one that has it. */
    is_new: z.boolean({ error: 'Say whether this is a new schedule (is_new).' }),
    id: ZScheduleId,
    name: zRequiredText('Name the schedule.', 120, 'A name has at most 120 characters.'),
    schedule_type: z.enum(SCHEDULE_TYPES, {
      error: 'The type is RANGE (one rate for every unit) or SLAB (each band at its own rate).',
    }),
    aggregate: z
      .enum(SCHEDULE_AGGREGATES, {
        error: 'The quantity counted is the SKU’s (SKU) or its family’s (FAMILY).',
      })
      .default('SKU'),
    include_installed_base: z
      .boolean({ error: 'Counting the installed base is true or false.' })
      .default(false),
    /** Every tier: the list replaces the old one. */
    tiers: z
      .array(
        z.object({
          min_quantity: z.number({ error: METHOD_MESSAGES.tierMin }),
          percent: z.string({ error: 'Send the tier’s discount as text, such as "12.5".' }),
        }),
        { error: 'Send the tiers as a list.' },
      )
      .max(MAX_SCHEDULE_TIERS, METHOD_MESSAGES.tiersTooMany),
    /** A change: when the schedule was last saved, as opened; a later save refuses it. */
    updated_at: z.string().nullable().default(null),
  })
  .transform((body, context) => {
    const problems = scheduleTierProblems(body.tiers);
    if (problems.length > 0) {
      addProblems(context, problems);
      return z.NEVER;
    }
    return {
      ...body,
      tiers: [...body.tiers]
        .map((tier) => {
          const percent = parsePercentBp(tier.percent);
          return {
            min_quantity: tier.min_quantity,
            percent: formatBp(percent.ok ? percent.value : 0),
          };
        })
        .sort((a, b) => a.min_quantity - b.min_quantity),
    };
  });
export type SaveDiscountScheduleInput = z.output<typeof ZSaveDiscountScheduleBody>;

/** The schedule editor's form: tiers' quantities as typed; its output is the body. */
export const ZDiscountScheduleForm = z
  .object({
    is_new: z.boolean(),
    id: z.string(),
    name: z.string(),
    schedule_type: z.enum(SCHEDULE_TYPES),
    aggregate: z.enum(SCHEDULE_AGGREGATES),
    include_installed_base: z.boolean(),
    tiers: z.array(
      z.object({ min_quantity: zWholeText(METHOD_MESSAGES.tierMin), percent: z.string() }),
    ),
    updated_at: z.string().nullable(),
  })
  .check(checkedAs(ZSaveDiscountScheduleBody));
export type DiscountScheduleFormValues = z.input<typeof ZDiscountScheduleForm>;

export const ZScheduleIdBody = z.object({ id: ZScheduleId });

export const ZAssignDiscountScheduleBody = z.object({
  sku: ZSkuRef,
  /** Null: none, the SKU keeps its own volume tiers. */
  schedule_id: ZScheduleId.nullable(),
});
export type AssignDiscountScheduleInput = z.output<typeof ZAssignDiscountScheduleBody>;

/** The SKU panel's schedule choice: '' for none; its output is the body. */
export const ZDiscountScheduleChoiceForm = z
  .object({ sku: z.string(), schedule_id: z.string() })
  .transform((form): z.input<typeof ZAssignDiscountScheduleBody> => ({
    sku: form.sku,
    schedule_id: form.schedule_id === '' ? null : form.schedule_id,
  }))
  .check(checkedAs(ZAssignDiscountScheduleBody));

/* Term discounts. */

const ZTermKey = {
  product_kind: z.enum(PRODUCT_KINDS, {
    error: `The kind is one of ${PRODUCT_KINDS.join(', ')}.`,
  }),
  min_months: z.number({ error: METHOD_MESSAGES.termMonths }),
};

/** Adds a kind's term discount from a number of months, or changes its percentage. */
export const ZSaveTermDiscountBody = z
  .object({
    ...ZTermKey,
    percent: z.string({ error: 'Send the discount as text, such as "5".' }),
  })
  .transform((body, context) => {
    const problems = termDiscountProblems(body);
    if (problems.length > 0) {
      addProblems(context, problems);
      return z.NEVER;
    }
    const percent = parsePercentBp(body.percent);
    return { ...body, percent: formatBp(percent.ok ? percent.value : 0) };
  });
export type SaveTermDiscountInput = z.output<typeof ZSaveTermDiscountBody>;

export const ZDeleteTermDiscountBody = z.object({
  product_kind: ZTermKey.product_kind,
  min_months: ZTermKey.min_months
    .int(METHOD_MESSAGES.termMonths)
    .min(MIN_TERM_MONTHS, METHOD_MESSAGES.termMonths)
    .max(MAX_TERM_MONTHS, METHOD_MESSAGES.termMonths),
});

/** The term discount form: months as typed; its output is the body. */
export const ZTermDiscountForm = z
  .object({
    product_kind: z.enum(PRODUCT_KINDS),
    min_months: zWholeText(METHOD_MESSAGES.termMonths),
    percent: z.string(),
  })
  .check(checkedAs(ZSaveTermDiscountBody));
export type TermDiscountFormValues = z.input<typeof ZTermDiscountForm>;
