import { z } from 'zod';
import { MAX_PRICE_BOOK_PRIORITY, MIN_PRICE_BOOK_PRIORITY, PRICE_BOOK_CHANNELS } from './limits.ts';
import { zRequiredText } from '../validation/required-text.ts';

/*
 * What catalogue admins send to change price books (POST /api/admin/catalog/price-books/…): the
 * server validates its requests with these schemas and the admin screen its forms, so both say
 * the same words about the same bad value. Only what the screen's forms need lives here (the web
 * bundles this module); the answers' schemas are in ./answers.ts, which the web reads types of.
 */

export const MAX_BOOK_NAME_LENGTH = 120;
export const MAX_MATCH_TEXT_LENGTH = 80;

export const PRICE_BOOK_FIELD_MESSAGES = {
  name: 'Enter the price book’s name.',
  nameTooLong: `A price book’s name has at most ${MAX_BOOK_NAME_LENGTH} characters.`,
  salesChannel: 'The sales channel is DIRECT, T1 or T2, or blank for any channel.',
  priority: `The priority is a whole number from ${MIN_PRICE_BOOK_PRIORITY} to ${MAX_PRICE_BOOK_PRIORITY}.`,
  effectiveFrom: 'Enter the first day the price book is in effect.',
  dateOrder:
    'The end day must come after the first day: it is the first day the price book no longer applies.',
  sku: 'Enter the SKU.',
  currency: 'The currency is a three-letter code such as USD.',
  unitPrice: 'Enter the unit price as text, like "1234.50".',
  book: 'Say which price book.',
} as const;

/** A day as the API writes it, from 1900 on (the database keeps no year 0). */
const zDay = (label: string) =>
  z.iso
    .date({ error: `${label}: dates look like 2027-01-01.` })
    .refine((day) => day >= '1900-01-01', `${label}: a day from 1900 on, like 2027-01-01.`);

/** A segment, region or partner type: trimmed text, blank (or null) for any. */
const zMatchText = (label: string, normalise: (text: string) => string = (text) => text) =>
  z
    .string({ error: `${label} must be text, or blank for any.` })
    .trim()
    .max(MAX_MATCH_TEXT_LENGTH, `${label} has at most ${MAX_MATCH_TEXT_LENGTH} characters.`)
    .nullable()
    .default(null)
    .transform((text) => (text ? normalise(text) : null));

const zSalesChannel = z
  .enum(['', ...PRICE_BOOK_CHANNELS], { error: PRICE_BOOK_FIELD_MESSAGES.salesChannel })
  .nullable()
  .default(null)
  .transform((channel) => (channel ? channel : null));

const zPriority = z
  .number({ error: PRICE_BOOK_FIELD_MESSAGES.priority })
  .int(PRICE_BOOK_FIELD_MESSAGES.priority)
  .min(MIN_PRICE_BOOK_PRIORITY, PRICE_BOOK_FIELD_MESSAGES.priority)
  .max(MAX_PRICE_BOOK_PRIORITY, PRICE_BOOK_FIELD_MESSAGES.priority);

/** The book's fields but its dates and priority, as the body and the form both take them. */
const bookFields = {
  name: zRequiredText(
    PRICE_BOOK_FIELD_MESSAGES.name,
    MAX_BOOK_NAME_LENGTH,
    PRICE_BOOK_FIELD_MESSAGES.nameTooLong,
  ),
  segment: zMatchText('The segment'),
  /** The server keeps it as opportunities spell it ("NA" becomes North America). */
  region: zMatchText('The region'),
  sales_channel: zSalesChannel,
  /** Partner types are capitals, as the CRM and the partner discounts spell them. */
  partner_type: zMatchText('The partner type', (text) => text.toUpperCase()),
  is_active: z.boolean({ error: 'Active is true or false.' }).default(true),
};

/** The end, when there is one, after the start (the end is exclusive). */
function checkDateOrder(
  book: { effective_from: string; effective_to: string | null },
  context: z.RefinementCtx,
) {
  if (book.effective_to !== null && book.effective_to <= book.effective_from) {
    context.addIssue({
      code: 'custom',
      path: ['effective_to'],
      message: PRICE_BOOK_FIELD_MESSAGES.dateOrder,
    });
  }
}

/** Creates a price book (no id) or changes the one with the id. */
export const ZSavePriceBookBody = z
  .object({
    id: z.uuid({ error: PRICE_BOOK_FIELD_MESSAGES.book }).optional(),
    ...bookFields,
    priority: zPriority.default(0),
    effective_from: z
      .string({ error: PRICE_BOOK_FIELD_MESSAGES.effectiveFrom })
      .min(1, PRICE_BOOK_FIELD_MESSAGES.effectiveFrom)
      .pipe(zDay('Effective from')),
    /** The first day it no longer applies; null or left out: open-ended. */
    effective_to: zDay('Effective to').nullable().default(null),
  })
  .superRefine(checkDateOrder);
export type SavePriceBookInput = z.output<typeof ZSavePriceBookBody>;

/**
 * The book editor: blanks for the fields that match any quote and for an open end, the priority
 * as typed. Its output is the save's body without the id.
 */
export const ZPriceBookForm = z
  .object({
    ...bookFields,
    segment: z.string(),
    region: z.string(),
    sales_channel: z.string(),
    partner_type: z.string(),
    priority: z.string(),
    effective_from: z.string(),
    effective_to: z.string(),
  })
  .transform((form): z.input<typeof ZSavePriceBookBody> => ({
    ...form,
    segment: form.segment || null,
    region: form.region || null,
    // The body's schema checks it: an unknown channel gets its message there.
    sales_channel: (form.sales_channel || null) as z.input<
      typeof ZSavePriceBookBody
    >['sales_channel'],
    partner_type: form.partner_type || null,
    priority: /^\s*\d+\s*$/.test(form.priority) ? Number(form.priority) : Number.NaN,
    effective_to: form.effective_to.trim() || null,
  }))
  .pipe(ZSavePriceBookBody);
export type PriceBookFormValues = z.input<typeof ZPriceBookForm>;

/* Entries: a book's price of one SKU in one currency. */

/** A SKU an entry names: trimmed, in capitals. */
export const zEntrySku = z
  .string({ error: PRICE_BOOK_FIELD_MESSAGES.sku })
  .trim()
  .toUpperCase()
  .min(1, PRICE_BOOK_FIELD_MESSAGES.sku)
  .max(64, 'That is not a SKU code.');

export const zEntryCurrency = z
  .string({ error: PRICE_BOOK_FIELD_MESSAGES.currency })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, PRICE_BOOK_FIELD_MESSAGES.currency);

/**
 * The entry form: the SKU, the currency and the price as typed. The price's own checks (a number,
 * not negative, whole cents) are the server's (./entry-body.ts reads it with the catalogue's
 * parseUnitPrice), whose message shows under the field: the form only asks that it is there, so
 * this module stays light in the browser.
 */
export const ZPriceBookEntryForm = z.object({
  sku: zEntrySku,
  currency_code: zEntryCurrency,
  unit_price: z
    .string({ error: PRICE_BOOK_FIELD_MESSAGES.unitPrice })
    .trim()
    .min(1, 'Enter the unit price.'),
});
export type PriceBookEntryFormValues = z.input<typeof ZPriceBookEntryForm>;
