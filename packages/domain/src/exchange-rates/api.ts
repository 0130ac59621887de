import { z } from 'zod';
import {
  ZExchangeRateAdded,
  ZExchangeRateList,
  ZExchangeRatesImported,
  ZRateCsvFile,
} from './schemas.ts';
import { zEnvelope } from '../api/envelope.ts';
import { utf8ByteLength } from '../api/utf8.ts';

/*
 * Answers of the exchange rates (POST /api/dx/exchange-rates/…). Rates travel as exact decimal
 * text (units of the currency per 1 USD, six decimals out), days as YYYY-MM-DD. The rate to add
 * needs the server's clock: it stays on the server (exchange-rates.schemas.ts).
 */

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** JSON escaping can double a CSV's size (every line break becomes \r\n written as 4 bytes). */
export const IMPORT_BODY_LIMIT = 3 * MAX_IMPORT_BYTES;

/** A CSV file to import, as text. */
export const ZImportExchangeRatesBody = z.object({
  csv: z
    .string({ error: 'Send the file’s text as csv.' })
    .refine((text) => utf8ByteLength(text) <= MAX_IMPORT_BYTES, {
      message: 'The file is larger than 5 MB: split it and import the parts one after another.',
    }),
});

export const ZExchangeRateListResponse = zEnvelope(ZExchangeRateList);
export const ZExchangeRateAddedResponse = zEnvelope(ZExchangeRateAdded);
export const ZExchangeRatesImportedResponse = zEnvelope(ZExchangeRatesImported);
export const ZExchangeRatesExportResponse = zEnvelope(ZRateCsvFile);
