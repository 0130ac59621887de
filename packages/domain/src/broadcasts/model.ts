import { canonicalRegion } from '../permissions/visibility.ts';
import type { RoleEntry } from '../permissions/roles.ts';

/*
 * Broadcast messages (issue 19): what administrators tell users between a start and an end, to
 * everyone, to the holders of some roles or to the people of some regions.
 */

export const BROADCAST_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type BroadcastSeverity = (typeof BROADCAST_SEVERITIES)[number];

export const AUDIENCE_KINDS = ['EVERYONE', 'ROLES', 'REGIONS'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

/** Where a broadcast is in its life: not started yet, shown now, or over. */
export const BROADCAST_STATES = ['scheduled', 'active', 'ended'] as const;
export type BroadcastState = (typeof BROADCAST_STATES)[number];

export const BROADCAST_TITLE_MAX = 200;
export const BROADCAST_BODY_MAX = 20_000;
/** An audience names at most this many regions. */
export const BROADCAST_REGIONS_MAX = 20;
export const BROADCAST_REGION_MAX = 100;

export interface BroadcastAudience {
  audience_kind: AudienceKind;
  audience_roles: readonly string[];
  audience_regions: readonly string[];
}

/** The state at `now`: shown from its start (included) until its end (excluded). */
export function broadcastStateAt(
  window: { starts_at: Date; ends_at: Date },
  now: Date,
): BroadcastState {
  if (now.getTime() < window.starts_at.getTime()) return 'scheduled';
  if (now.getTime() < window.ends_at.getTime()) return 'active';
  return 'ended';
}

/** Regions compare as opportunities spell them ('NA' is 'North America'), in any case. */
const regionKey = (region: string) => canonicalRegion(region).toLowerCase();

/**
 * Whether a user with these (merged: own and delegated) roles is in the audience. EVERYONE is
 * everyone; ROLES, whoever holds one of the roles, own or delegated (a delegate covers the
 * work the messages are about); REGIONS, whoever holds a role limited to one of the regions. A
 * role limited to no region (a root admin's, the deal desk's) does not place its holder in any
 * region: a regional broadcast is for the people of that region.
 */
export function isInAudience(audience: BroadcastAudience, roles: readonly RoleEntry[]): boolean {
  switch (audience.audience_kind) {
    case 'EVERYONE':
      return true;
    case 'ROLES':
      return roles.some((entry) => audience.audience_roles.includes(entry.value));
    case 'REGIONS': {
      const wanted = new Set(audience.audience_regions.map(regionKey));
      return roles.some(
        (entry) =>
          entry.assignment === 'REGION' &&
          entry.assignment_value.some((value) => wanted.has(regionKey(value))),
      );
    }
  }
}

/** The audience in words, for lists: "Everyone", "Roles: CFO, CEO", "Regions: EMEA". */
export function describeAudience(audience: BroadcastAudience): string {
  switch (audience.audience_kind) {
    case 'EVERYONE':
      return 'Everyone';
    case 'ROLES':
      return `Roles: ${audience.audience_roles.join(', ')}`;
    case 'REGIONS':
      return `Regions: ${audience.audience_regions.join(', ')}`;
  }
}

/** Region names as opportunities spell them, each once, in the order given. */
export function canonicalRegions(regions: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const region of regions) {
    const name = canonicalRegion(region);
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(name);
  }
  return result;
}
