import type { FormRecipe, Lookups } from '../forms/recipe.ts';
import { isSettingOn } from './switches.ts';

/*
 * The app setting remove_ela_healthcare (spec §3, issue 19): while it is on, the ELA quote type
 * is not offered for an account whose industry in the CRM is healthcare, and a quote for one is
 * neither created as ELA nor changed to it.
 */

export const REMOVE_ELA_HEALTHCARE_SETTING = 'remove_ela_healthcare';

export const ELA_HEALTHCARE_MESSAGE = 'ELA quotes are not offered for healthcare accounts.';

/**
 * The CRM's industry names healthcare: Salesforce's picklist says 'Healthcare'; hand-typed
 * values say 'Health Care' or 'healthcare ' too. Letters only, case aside.
 */
export function isHealthcareIndustry(industry: string | null | undefined): boolean {
  return (industry ?? '').toLowerCase().replace(/[^a-z]/g, '') === 'healthcare';
}

/** Whether a quote of this quote type may be made for an account of this industry. */
export function isQuoteTypeOffered(
  quoteType: string,
  industry: string | null | undefined,
  settingValue: string | null | undefined,
): boolean {
  if (quoteType.trim().toUpperCase() !== 'ELA') return true;
  return !(isSettingOn(settingValue) && isHealthcareIndustry(industry));
}

/** The quote types the create-quote form does not offer for this account, with why. */
export function unofferedQuoteTypes(
  industry: string | null | undefined,
  settingValue: string | null | undefined,
): { value: string; reason: string }[] {
  return isQuoteTypeOffered('ELA', industry, settingValue)
    ? []
    : [{ value: 'ELA', reason: ELA_HEALTHCARE_MESSAGE }];
}

/**
 * The lookups of a form without the quote types it must not offer: the list the form's
 * quote_type field draws on loses those values; every other list is left as it is.
 */
export function withoutUnofferedQuoteTypes(
  recipe: Pick<FormRecipe, 'rows'>,
  lookups: Lookups,
  unoffered: readonly { value: string }[],
): Lookups {
  if (unoffered.length === 0) return lookups;
  const names = new Set(
    recipe.rows
      .flat()
      .filter((field) => field.field === 'quote_type' && field.lookup)
      .map((field) => field.lookup as string),
  );
  const withheld = new Set(unoffered.map((type) => type.value));
  return Object.fromEntries(
    Object.entries(lookups).map(([name, options]) => [
      name,
      names.has(name) ? options.filter((option) => !withheld.has(option.value)) : options,
    ]),
  );
}
