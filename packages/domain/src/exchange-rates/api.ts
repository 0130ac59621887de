import { ZCsvImportBody } from '../api/csv-import-body.ts';
import {
  ZExchangeRateAdded,
  ZExchangeRateList,
  ZExchangeRatesImported,
  ZRateCsvFile,
} from './schemas.ts';
import { zEnvelope } from '../api/envelope.ts';

/*
 * Answers of the exchange rates (POST /api/dx/exchange-rates/…). Rates travel as exact decimal
 * text (units of the currency per 1 USD, six decimals out), days as YYYY-MM-DD. The rate to add
 * needs the server's clock: it stays on the server (exchange-rates.schemas.ts).
 */

export const ZImportExchangeRatesBody = ZCsvImportBody;

export const ZExchangeRateListResponse = zEnvelope(ZExchangeRateList);
export const ZExchangeRateAddedResponse = zEnvelope(ZExchangeRateAdded);
export const ZExchangeRatesImportedResponse = zEnvelope(ZExchangeRatesImported);
export const ZExchangeRatesExportResponse = zEnvelope(ZRateCsvFile);

export { MAX_IMPORT_BYTES, IMPORT_BODY_LIMIT } from '../api/csv-import-body.ts';
