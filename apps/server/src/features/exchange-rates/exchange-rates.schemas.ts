import { z } from 'zod';
import {
  exchangeRateSchema,
  ZExchangeRateAdded,
  ZExchangeRateList,
  ZExchangeRatesImported,
  ZRateCsvFile,
} from '@bastion/domain/exchange-rates/schemas';
import { zEnvelope } from '../../lib/envelope.ts';
import { todayIso } from '../../core/renewals/contracts.repository.ts';

/*
 * Requests and answers of the exchange rates (POST /api/dx/exchange-rates/…). Rates travel as
 * exact decimal text (units of the currency per 1 USD, six decimals out), days as YYYY-MM-DD.
 */

/** A rate to add: the form's schema, its latest day being the server's today (UTC). */
export const ZAddExchangeRateBody = exchangeRateSchema(() => todayIso());

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** JSON escaping can double a CSV's size (every line break becomes \r\n written as 4 bytes). */
export const IMPORT_BODY_LIMIT = 3 * MAX_IMPORT_BYTES;

/** A CSV file to import, as text. */
export const ZImportExchangeRatesBody = z.object({
  csv: z
    .string({ error: 'Send the file’s text as csv.' })
    .refine((text) => Buffer.byteLength(text, 'utf8') <= MAX_IMPORT_BYTES, {
      message: 'The file is larger than 5 MB: split it and import the parts one after another.',
    }),
});

export const ZExchangeRateListResponse = zEnvelope(ZExchangeRateList);
export const ZExchangeRateAddedResponse = zEnvelope(ZExchangeRateAdded);
export const ZExchangeRatesImportedResponse = zEnvelope(ZExchangeRatesImported);
export const ZExchangeRatesExportResponse = zEnvelope(ZRateCsvFile);
