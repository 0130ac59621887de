import { exchangeRateSchema } from '@bastion/domain/exchange-rates/schemas';
import { todayIso } from '../../core/renewals/contracts.repository.ts';

/*
 * The one request of the exchange rates that needs the server: a rate's latest day is today by
 * its clock. The other requests and the answers are the contract's (@bastion/domain/exchange-rates/api).
 */

/** A rate to add: the form's schema, its latest day being the server's today (UTC). */
export const ZAddExchangeRateBody = exchangeRateSchema(() => todayIso());
