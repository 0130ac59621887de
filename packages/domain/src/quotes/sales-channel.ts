/** Sales channel and partner type derivation (spec §3, §4). */

export const SALES_CHANNELS = ['DIRECT', 'T1', 'T2'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

export const DEFAULT_PARTNER_TYPE = 'AUTHORIZED';

/** A partner or distributor as the opportunity names it: by CRM id, by name, or both. */
export interface ChannelParty {
  id?: string | null;
  name?: string | null;
}

/**
 * A party is present when it has an id or a name with something other than whitespace: the CRM
 * sends blank strings for empty lookups, and those must not turn a direct deal into a channel one.
 */
export const isPartyPresent = (party: ChannelParty | null | undefined): boolean =>
  Boolean(party?.id?.trim() || party?.name?.trim());

export interface ChannelParties {
  /** The reseller (partner account) on the opportunity. */
  partner?: ChannelParty | null;
  distributor?: ChannelParty | null;
}

/**
 * Two tiers when a distributor sells through a partner, one tier when a partner sells alone,
 * otherwise direct. A distributor without a partner is direct, as the spec reads: a distributor
 * does not sell to end customers, so the partner is still to be named and the channel follows.
 */
export function deriveSalesChannel({ partner, distributor }: ChannelParties): SalesChannel {
  if (!isPartyPresent(partner)) return 'DIRECT';
  return isPartyPresent(distributor) ? 'T2' : 'T1';
}

/**
 * The partner type to store: a channel deal without one is AUTHORIZED; otherwise what is set is
 * kept (trimmed), and a direct deal keeps whatever it has, since the spec gives no rule there.
 */
export function partnerTypeFor(
  channel: SalesChannel,
  partnerType: string | null | undefined,
): string | null {
  const trimmed = partnerType?.trim() ?? '';
  if (trimmed !== '') return trimmed;
  return channel === 'DIRECT' ? null : DEFAULT_PARTNER_TYPE;
}
