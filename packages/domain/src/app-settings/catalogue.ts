import { CRM_REGIONS } from '../crm/schemas.ts';
import { canonicalRegion } from '../permissions/visibility.ts';
import { isSettingOn } from './switches.ts';

/*
 * The six application settings of spec §3 an administrator changes on /cpq/app-settings
 * (issue 19): what each is called, what it does, and which values it takes. Other rows of
 * app_settings (maintenance_message, mfa_required_roles, renewal_default_uplift_percent) have
 * screens of their own.
 */

/** What a switch is saved as: the spec spells on 'enable'; off is 'disabled'. */
export const SETTING_ON = 'enable';
export const SETTING_OFF = 'disabled';

/** A switch is on or off; a region list is off ('disabled') or the regions it applies to. */
export type AppSettingKind = 'switch' | 'region_list';

export const APP_SETTING_NAMES = [
  'price_adjustment',
  'quote_document_link',
  'margin_calc_controlled_introduction',
  'remove_ela_healthcare',
  'maintenance',
  'cpq_renewals_trueups',
] as const;

export type AppSettingName = (typeof APP_SETTING_NAMES)[number];

export interface AppSettingDefinition {
  name: AppSettingName;
  label: string;
  description: string;
  kind: AppSettingKind;
  /** What the setting does at the value given (already normalised), in a sentence. */
  effectOf: (value: string) => string;
}

/** The regions a region-list setting may name, as opportunities spell them. */
export const SETTING_REGIONS: readonly string[] = CRM_REGIONS;

const onOff = (on: string, off: string) => (value: string) => (isSettingOn(value) ? on : off);

export const APP_SETTING_DEFINITIONS: readonly AppSettingDefinition[] = [
  {
    name: 'price_adjustment',
    label: 'Price adjustment',
    description: 'Lets quoters type a different unit list price per line on the configure page.',
    kind: 'switch',
    effectOf: onOff(
      'Quoters may change the unit list price of a line on the configure page.',
      'Lines are priced at the catalogue list price.',
    ),
  },
  {
    name: 'quote_document_link',
    label: 'Customer document links',
    description:
      "Lets a quote's owner and the deal desk send an approved quote's PDF to the customer as an expiring link to read and accept online.",
    kind: 'switch',
    effectOf: onOff(
      'Approved quotes can be sent to customers as acceptance links.',
      'Sending quotes to customers as links is switched off; links already sent stop working.',
    ),
  },
  {
    name: 'margin_calc_controlled_introduction',
    label: 'Margin for selected regions only',
    description:
      'Introduces margin figures region by region: when on, margin is worked out and shown only on quotes of the chosen regions. Off shows margin on every quote, to those allowed to see it.',
    kind: 'region_list',
    effectOf: (value) => {
      const regions = marginRegionsOf(value);
      return regions === null
        ? 'Margin is shown on quotes of every region.'
        : `Margin is shown only on quotes of ${regions.join(', ')}.`;
    },
  },
  {
    name: 'remove_ela_healthcare',
    label: 'No ELA for healthcare accounts',
    description:
      'When on, the ELA quote type is not offered for accounts whose industry in the CRM is Healthcare, and such a quote cannot be created as, or changed to, ELA.',
    kind: 'switch',
    effectOf: onOff(
      'ELA is not offered for healthcare accounts.',
      'ELA is offered for every account.',
    ),
  },
  {
    name: 'maintenance',
    label: 'Maintenance mode',
    description:
      'When on, everyone but root and IT administrators sees the maintenance message instead of the application until it is switched off.',
    kind: 'switch',
    effectOf: onOff(
      'The application is in maintenance: only root and IT administrators can work.',
      'The application is open to everyone.',
    ),
  },
  {
    name: 'cpq_renewals_trueups',
    label: 'Renewals & true-ups',
    description:
      'When off, the Renewals & True-ups menu is hidden from everybody and its calls are refused.',
    kind: 'switch',
    effectOf: onOff(
      'Renewal users and the deal desk see the Renewals & True-ups menu.',
      'The Renewals & True-ups menu is hidden from everybody.',
    ),
  },
];

export function appSettingDefinition(name: string): AppSettingDefinition | undefined {
  return APP_SETTING_DEFINITIONS.find((definition) => definition.name === name);
}

export const isAppSettingName = (name: string): name is AppSettingName =>
  (APP_SETTING_NAMES as readonly string[]).includes(name);

// ── Region lists (margin_calc_controlled_introduction) ────────────────────────────────────────

export const MARGIN_REGIONS_SETTING = 'margin_calc_controlled_introduction';

/**
 * The regions a region-list value names, canonical and in the order of SETTING_REGIONS; null
 * when the setting is off ('disabled', blank or missing). A value that names no region (say
 * 'enable') restricts to nothing: margin is then shown nowhere, the safe reading of an unclear
 * value.
 */
export function marginRegionsOf(value: string | null | undefined): string[] | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || trimmed.toLowerCase() === SETTING_OFF) return null;
  const named = new Set(
    trimmed
      .split(',')
      .map((part) => canonicalRegion(part))
      .filter((part) => part !== ''),
  );
  const known = SETTING_REGIONS.filter((region) => named.has(region));
  const unknown = [...named].filter((region) => !SETTING_REGIONS.includes(region));
  return [...known, ...unknown];
}

/**
 * Whether margin figures are worked out and shown for a quote of this region, under the setting
 * margin_calc_controlled_introduction. Who may see margin at all is a permission (can_see_margin);
 * this only narrows it.
 */
export function isMarginShownFor(region: string, settingValue: string | null | undefined): boolean {
  const regions = marginRegionsOf(settingValue);
  if (regions === null) return true;
  return regions.includes(canonicalRegion(region));
}

// ── Validation of a change ────────────────────────────────────────────────────────────────────

export const APP_SETTING_MESSAGES = {
  unknownName: `Choose one of the application settings: ${APP_SETTING_NAMES.join(', ')}.`,
  switchValue: (label: string) =>
    `${label} is switched on ('${SETTING_ON}') or off ('${SETTING_OFF}').`,
  noRegion: 'Choose at least one region, or switch margin for selected regions only off.',
  unknownRegion: (regions: readonly string[]) =>
    `Unknown region${regions.length === 1 ? '' : 's'}: ${regions.join(', ')}. Choose from ${SETTING_REGIONS.join(', ')}.`,
} as const;

export type SettingValueCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * The value to save for an administrator's input, normalised ('enabled' → 'enable', regions
 * canonical, deduplicated and ordered), or why it is refused.
 */
export function normaliseAppSettingValue(name: string, input: string): SettingValueCheck {
  const definition = appSettingDefinition(name);
  if (!definition) return { ok: false, message: APP_SETTING_MESSAGES.unknownName };
  const value = input.trim();
  const lower = value.toLowerCase();
  switch (definition.kind) {
    case 'switch':
      if (lower === 'enable' || lower === 'enabled') return { ok: true, value: SETTING_ON };
      if (lower === 'disabled' || lower === 'disable') return { ok: true, value: SETTING_OFF };
      return { ok: false, message: APP_SETTING_MESSAGES.switchValue(definition.label) };
    case 'region_list': {
      if (lower === 'disabled' || lower === 'disable') return { ok: true, value: SETTING_OFF };
      if (value === '' || lower === 'enable' || lower === 'enabled') {
        return { ok: false, message: APP_SETTING_MESSAGES.noRegion };
      }
      const regions = marginRegionsOf(value) ?? [];
      const unknown = regions.filter((region) => !SETTING_REGIONS.includes(region));
      if (unknown.length > 0) {
        return { ok: false, message: APP_SETTING_MESSAGES.unknownRegion(unknown) };
      }
      if (regions.length === 0) return { ok: false, message: APP_SETTING_MESSAGES.noRegion };
      return { ok: true, value: regions.join(',') };
    }
  }
}
