import { parseQuoteType } from './quote-types.ts';
import { enabledContractYears, type ContractLengthInput } from '../validation/contract-years.ts';
import { propertyOf, readCount } from '../validation/counts.ts';
import {
  LAP_SIZES,
  type LapSize,
  type PricingModel,
  type SecureAccessConfig,
} from '../validation/secure-access.ts';

/**
 * The quote lines a secure-access configuration stands for (decision 010). SKU codes follow the
 * catalogue's convention `SA-{DB|LAP}-{ESS|UPG}-{XS|S|M|L}`:
 * - Device Based: the xs, s, m and l counts are devices at sites of that size; each size with
 *   devices is a line of its per-device SKU.
 * - Local Access Point Based: the access points are priced per point, at the size their devices
 *   per point put them in (up to 25 devices xs, 100 s, 500 m, more l); years whose size differs
 *   become separate lines.
 * An UPGRADE takes the upgrade SKUs; new subscriptions and renewals the Essentials ones.
 */

export interface SecureAccessLine {
  sku: string;
  /** One per contract year of the quote (STANDARD: one). */
  quantities: number[];
}

const MODEL_CODES: Record<PricingModel, string> = {
  'Device Based': 'DB',
  'Local Access Point Based': 'LAP',
};

/** Devices one local access point serves, at most, in each size. */
export const LAP_SIZE_LIMITS: readonly { size: LapSize; maxDevices: number }[] = [
  { size: 'xs', maxDevices: 25 },
  { size: 's', maxDevices: 100 },
  { size: 'm', maxDevices: 500 },
  { size: 'l', maxDevices: Number.POSITIVE_INFINITY },
];

export function lapSizeForDevices(devicesPerLap: number): LapSize {
  return LAP_SIZE_LIMITS.find((limit) => devicesPerLap <= limit.maxDevices)?.size ?? 'l';
}

export function secureAccessSku(model: PricingModel, edition: 'ESS' | 'UPG', size: LapSize) {
  return `SA-${MODEL_CODES[model]}-${edition}-${size.toUpperCase()}`;
}

/** A count the validator accepted; anything else (none, invalid) counts as 0. */
const countOf = (config: SecureAccessConfig, key: string): number => {
  const count = readCount(propertyOf(config, key));
  return typeof count === 'number' ? count : 0;
};

/** The lines of a configuration that validateSecureAccess accepted; [] without a model. */
export function secureAccessLines(
  config: SecureAccessConfig,
  quote: { quote_type: string; contract_length: ContractLengthInput },
): SecureAccessLine[] {
  const model =
    config.pricing_model === 'Device Based' || config.pricing_model === 'Local Access Point Based'
      ? config.pricing_model
      : null;
  if (!model) return [];
  const isEla = parseQuoteType(quote.quote_type) === 'ELA';
  const suffixes = isEla
    ? enabledContractYears(quote.contract_length).map((year) => `y_${year}`)
    : ['1'];
  const edition = config.sku_type === 'UPGRADE' ? 'UPG' : 'ESS';
  const bySku = new Map<string, number[]>();
  const add = (size: LapSize, yearIndex: number, quantity: number) => {
    if (quantity <= 0) return;
    const sku = secureAccessSku(model, edition, size);
    const quantities = bySku.get(sku) ?? suffixes.map(() => 0);
    quantities[yearIndex] = (quantities[yearIndex] ?? 0) + quantity;
    bySku.set(sku, quantities);
  };
  suffixes.forEach((suffix, yearIndex) => {
    if (model === 'Device Based') {
      for (const size of LAP_SIZES) {
        add(size, yearIndex, countOf(config, `number_of_local_access_points_${size}_${suffix}`));
      }
    } else {
      const points = countOf(config, `number_of_access_points_${suffix}`);
      const devices = countOf(config, `number_of_devices_per_lap_${suffix}`);
      if (devices > 0) add(lapSizeForDevices(devices), yearIndex, points);
    }
  });
  // Smallest size first, as the catalogue lists them.
  const order = (sku: string) =>
    LAP_SIZES.findIndex((size) => sku.endsWith(`-${size.toUpperCase()}`));
  return [...bySku.entries()]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([sku, quantities]) => ({ sku, quantities }));
}
