/**
 * Checks a pricing input and reads it into the integers the engine works with (docs/pricing.md,
 * "Bad input"). Every problem is collected, not only the first, each worded for the person who
 * can fix it and tied to a line where it has one. Catalog data is read once per SKU, however many
 * lines use it.
 */
import { SALES_CHANNELS } from '../quotes/sales-channel.ts';
import { isIsoDate, isOneOf } from './input-checks.ts';
import type { CatalogSku, PricingError, PricingInput, PricingLine } from './model.ts';
import type { ProductKind } from './product-kinds.ts';
import type { Prepared, PreparedLine, PreparedSku } from './prepared.ts';
import { readInstalledBase, readTermDiscounts } from './prepare-methods.ts';
import { PRICING_MESSAGES as M } from './pricing-messages.ts';
import {
  readAdjustedUnitList,
  readContractPrice,
  readManualBp,
  readPeriod,
  readQuantities,
} from './read-line.ts';
import { readAdjustmentBp, readPartnerDiscounts, readRateMicro, readTerms } from './read-quote.ts';
import { readSku, type SkuContext, type SkuReading } from './read-sku.ts';

const CURRENCY_CODE = /^[A-Z]{3}$/;

/**
 * Reads and checks the whole input. `ok: false` carries every problem found: quote fields first,
 * then each line's in line order. Checks that need the contract years are skipped while the
 * quote type or contract length is wrong (those errors say so already).
 */
export function preparePricing(input: PricingInput): Prepared {
  const errors: PricingError[] = [];
  const terms = readTerms(input, errors);

  const currency = typeof input.currency_code === 'string' ? input.currency_code : '';
  const isCurrencyValid = CURRENCY_CODE.test(currency);
  if (!isCurrencyValid) errors.push({ field: 'currency_code', message: M.currencyCode });
  const isDateValid = isIsoDate(input.price_date);
  if (!isDateValid) errors.push({ field: 'price_date', message: M.priceDate });
  const channel: unknown = input.sales_channel;
  const isChannelValid = isOneOf(SALES_CHANNELS, channel);
  if (!isChannelValid) errors.push({ field: 'sales_channel', message: M.salesChannel });
  const adjustmentBp = readAdjustmentBp(input.price_adjustment_percent, errors);
  const rateMicro = isCurrencyValid ? readRateMicro(currency, input.usd_rates, errors) : 0;
  const partnerBpByKind = isChannelValid
    ? readPartnerDiscounts(input, channel, errors)
    : new Map<ProductKind, number>();
  const termBpByKind =
    terms.monthsByYear === null
      ? new Map<ProductKind, number>()
      : readTermDiscounts(input, input.contract_length, errors);
  const installedBase = readInstalledBase(input, errors);

  // Catalog problems are only meaningful once the currency and date are known.
  const canReadCatalog = isCurrencyValid && isDateValid;
  const context: SkuContext = {
    currency,
    priceDate: input.price_date,
    sliceMonths: terms.sliceMonths,
    quoteType: terms.quoteType,
    partnerBpByKind,
    termBpByKind,
    rateMicro,
  };
  const catalog = (input.catalog ?? {}) as Record<string, CatalogSku | undefined>;
  const skuCache = new Map<string, SkuReading>();
  const skuOf = (code: string): SkuReading => {
    let reading = skuCache.get(code);
    if (!reading) {
      const entry = Object.hasOwn(catalog, code) ? catalog[code] : undefined;
      reading = readSku(code, entry, context);
      skuCache.set(code, reading);
    }
    return reading;
  };

  const linesInput: unknown = input.lines;
  const lines = Array.isArray(linesInput) ? (linesInput as PricingLine[]) : [];
  const lineById = new Map<string, PricingLine>();
  for (const line of lines) {
    if (typeof line.line_id !== 'string' || line.line_id.trim() === '') continue;
    if (lineById.has(line.line_id)) {
      errors.push({
        line_id: line.line_id,
        field: 'line_id',
        message: M.lineIdTwice(line.line_id),
      });
    } else {
      lineById.set(line.line_id, line);
    }
  }

  const prepared: PreparedLine[] = [];
  for (const line of lines) {
    const { line_id } = line;
    if (typeof line_id !== 'string' || line_id.trim() === '') {
      errors.push({ field: 'line_id', message: M.lineId });
      continue;
    }
    const quantities = readQuantities(line, terms, input.contract_length, errors);
    const manualBp = readManualBp(line, errors);
    const contract = readContractPrice(line, errors);
    const period = readPeriod(line, terms.quoteType, errors);
    const adjustedUnit = readAdjustedUnitList(line, errors);
    const code = typeof line.sku === 'string' ? line.sku : '';
    let sku: PreparedSku | null = null;
    if (canReadCatalog) {
      const reading = skuOf(code);
      if (reading.ok) sku = reading.sku;
      else for (const message of reading.messages) errors.push({ line_id, field: 'sku', message });
    }
    if (sku?.isBundle && manualBp !== null && manualBp !== 0) {
      errors.push({ line_id, field: 'manual_discount_percent', message: M.bundleDiscount });
    }

    // '' is no parent, as a blank lookup is elsewhere in the app.
    const parentLineId = line.parent_line_id ? line.parent_line_id : null;
    // A contract's net price is for the product as sold; a bundle's price is its components'.
    if (contract.ok && contract.value !== null && (sku?.isBundle || parentLineId !== null)) {
      const message = sku?.isBundle ? M.contractBundle : M.contractComponent;
      errors.push({ line_id, field: 'contract_price', message });
    }
    // The typed price replaces the catalogue's; a contract's price and a bundle's are not it.
    if (adjustedUnit.ok && adjustedUnit.value !== null) {
      const message = sku?.isBundle
        ? M.adjustedUnitListBundle
        : contract.ok && contract.value !== null
          ? M.adjustedUnitListContract
          : sku?.method.kind === 'BLOCK'
            ? M.blockTypedPrice
            : null;
      if (message !== null) errors.push({ line_id, field: 'adjusted_unit_list_minor', message });
    }
    if (parentLineId !== null) {
      const parent = lineById.get(parentLineId);
      const parentReading = parent && canReadCatalog ? skuOf(parent.sku) : null;
      let message: string | null = null;
      if (!parent) message = M.parentMissing(parentLineId);
      else if (sku?.isBundle) message = M.nestedBundle;
      // A line naming itself is caught here too: it is either a bundle (above) or not one.
      else if (parent === line || (parentReading?.ok && !parentReading.sku.isBundle)) {
        message = M.parentNotBundle(parentLineId);
      }
      if (message !== null) errors.push({ line_id, field: 'parent_line_id', message });
    }

    if (sku && quantities && manualBp !== null && contract.ok && period.ok && adjustedUnit.ok) {
      prepared.push({
        lineId: line_id,
        parentLineId,
        sku,
        quantities,
        manualBp,
        contract: contract.value,
        period: period.value,
        adjustedUnitMinor: adjustedUnit.value,
      });
    }
  }

  if (errors.length > 0 || terms.quoteType === null || terms.monthsByYear === null) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    quote: {
      currencyCode: currency,
      quoteType: terms.quoteType,
      years: terms.monthsByYear.length,
      monthsByYear: terms.monthsByYear,
      adjustmentBp,
      rateMicro,
      contractLength: input.contract_length,
      installedBase,
      lines: prepared,
    },
  };
}
