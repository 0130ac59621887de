import { MAX_CONTRACT_YEARS } from '../validation/contract-years.ts';
import type { ProrationProblem } from '../renewals/proration.ts';
import { BP_PER_PERCENT } from './decimal.ts';
import type { PricedQuoteType } from './model.ts';
import {
  MAX_ADJUSTED_UNIT_LIST_MINOR,
  MAX_CONTRACT_MONTHS,
  MAX_COST_FACTOR_BP,
  MAX_PERIOD_DAYS,
  MAX_PRICE_ADJUSTMENT_BP,
  MAX_QUANTITY,
  MAX_UPLIFT_BP,
  MIN_CONTRACT_MONTHS,
} from './pricing-limits.ts';
import { METHOD_MESSAGES } from './prepare-methods.ts';

const percentText = (bp: number) => `${bp / BP_PER_PERCENT}`;

/** Every message the engine gives, in one place. */
export const PRICING_MESSAGES = {
  legacyQuote: 'LEGACY quotes are not priced.',
  quoteType: 'Quote type must be STANDARD or ELA.',
  currencyCode: 'Currency must be a three-letter code such as USD.',
  priceDate: 'Price date must be a date in the form YYYY-MM-DD.',
  salesChannel: 'Sales channel must be DIRECT, T1 or T2.',
  contractLength: (quoteType: PricedQuoteType) =>
    `Contract length must be a whole number of months from ${MIN_CONTRACT_MONTHS[quoteType]} to ${MAX_CONTRACT_MONTHS}${quoteType === 'ELA' ? ' for an ELA' : ''}.`,
  priceAdjustmentRange: `Price adjustment must be between -${percentText(MAX_PRICE_ADJUSTMENT_BP)} and ${percentText(MAX_PRICE_ADJUSTMENT_BP)} %.`,
  priceAdjustmentDecimals: 'Price adjustment can have at most 2 decimals.',
  missingRate: (currency: string) => `There is no exchange rate from USD to ${currency}.`,
  badRate: (currency: string) =>
    `The exchange rate for ${currency} must be a number above 0 with at most 6 decimals.`,
  partnerDiscount: (channel: string, partnerType: string, kind: string) =>
    `The ${channel} ${partnerType} partner discount for ${kind} must be a percentage from 0 to 100 with at most 2 decimals.`,
  partnerDiscountTwice: (channel: string, partnerType: string, kind: string) =>
    `The ${channel} ${partnerType} partner discount for ${kind} is set more than once.`,

  lineId: 'Every line needs an id.',
  lineIdTwice: (lineId: string) => `Line id ${lineId} is used by more than one line.`,
  quantity: 'Quantity must be a whole number of 0 or more.',
  quantityTooLarge: `Quantity can be at most ${MAX_QUANTITY.toLocaleString('en-US')}.`,
  standardQuantities: 'A STANDARD quote has exactly one quantity per line.',
  quantityBeyondContract: (months: number, years: number, year: number) =>
    `A ${months}-month contract has ${years} year${years === 1 ? '' : 's'}: the quantity for year ${year} must be 0.`,
  discountRange: 'Discount must be between 0 and 100 %.',
  discountDecimals: 'Discount can have at most 2 decimals.',
  discountFormat: 'Discount must be a number such as 12.5.',
  bundleDiscount: 'A bundle has no price of its own: discount its components instead.',
  parentMissing: (parentId: string) => `This line's bundle (line ${parentId}) is not in the quote.`,
  parentNotBundle: (parentId: string) =>
    `Line ${parentId} is not a bundle, so it cannot hold other lines.`,
  nestedBundle: 'A bundle cannot be part of another bundle.',
  contractUnitNet: 'The contract unit price must be a whole number of cents, 0 or more.',
  upliftRange: `Uplift must be between -${percentText(MAX_UPLIFT_BP)} and ${percentText(MAX_UPLIFT_BP)} %.`,
  upliftDecimals: 'Uplift can have at most 2 decimals.',
  upliftFormat: 'Uplift must be a number such as 5 or -2.5.',
  contractBundle: 'A bundle has no price of its own, so it cannot be priced from a contract.',
  adjustedUnitList: `Unit list price must be a whole number of cents, from 0.00 to ${(MAX_ADJUSTED_UNIT_LIST_MINOR / 100).toLocaleString('en-US')}.00.`,
  adjustedUnitListBundle:
    'A bundle has no price of its own: adjust the unit list price of its components instead.',
  adjustedUnitListContract:
    'This line is priced from its contract: its unit list price cannot be adjusted (change the uplift instead).',
  contractComponent: 'A bundle component cannot be priced from a contract.',
  periodOnStandard: 'Prorated periods are for STANDARD quotes.',
  // The proration's own wording (renewals/proration.ts), so a date reads the same everywhere.
  periodStart: 'Enter the start date as a real calendar date.' satisfies ProrationProblem,
  periodEnd: 'Enter the end date as a real calendar date.' satisfies ProrationProblem,
  periodOrder: 'The end date is before the start date.' satisfies ProrationProblem,
  periodTooLong: `A period can be at most ${MAX_PERIOD_DAYS.toLocaleString('en-US')} days (${MAX_CONTRACT_YEARS} years) long.`,
  lineTooLarge: 'The amounts of this line are too large to price.',
  quoteTooLarge: 'The quote total is too large to price.',

  unknownSku: (sku: string) => `SKU ${sku} is not in the catalog.`,
  inactiveSku: (sku: string) => `SKU ${sku} is no longer sold.`,
  badSkuKind: (sku: string) => `SKU ${sku} has an unknown product kind.`,
  badSkuBilling: (sku: string) => `SKU ${sku} has an unknown billing type.`,
  notSoldIn: (sku: string, currency: string) => `SKU ${sku} is not sold in ${currency}.`,
  noPriceOn: (sku: string, currency: string, date: string) =>
    `SKU ${sku} has no ${currency} price on ${date}.`,
  overlappingPrices: (sku: string, currency: string, date: string) =>
    `SKU ${sku} has overlapping ${currency} prices from ${date}.`,
  badPriceDates: (sku: string, currency: string) =>
    `SKU ${sku} has a ${currency} price whose dates are not valid (YYYY-MM-DD, ending after it starts).`,
  fractionalPrice: (sku: string, currency: string) =>
    `SKU ${sku} has a ${currency} price that is not a whole number of cents, 0 or more.`,
  badTierQuantity: (sku: string) =>
    `SKU ${sku} has a volume tier whose minimum quantity is not a whole number of 0 or more.`,
  badTierPercent: (sku: string) =>
    `SKU ${sku} has a volume tier discount that is not a percentage from 0 to 100 with at most 2 decimals.`,
  duplicateTier: (sku: string, quantity: number) =>
    `SKU ${sku} has more than one volume tier from ${quantity} units.`,
  badCost: (sku: string) => `SKU ${sku} has a cost that is not a whole number of cents, 0 or more.`,
  badCostFactor: (sku: string, year: number) =>
    `SKU ${sku} has a cost factor for year ${year} that is not a percentage from 0 to ${percentText(MAX_COST_FACTOR_BP)} with at most 2 decimals.`,
  // Issue 35: pricing methods, discount schedules, term discounts (prepare-methods.ts).
  ...METHOD_MESSAGES,
} as const;
