/**
 * Every validation message, in one place. The texts marked "spec §5" are shown by an existing
 * client and must stay character for character (trailing periods included, or not); the others
 * are our choices where the spec gives none (see the decision record on validation).
 */
export const VALIDATION_MESSAGES = {
  // Shipping breakups (spec §5).
  totalShippingQuantityMismatch:
    'Total Shipping Quantity does not match with sum of Shipping Quantities',
  regionRequired: 'Please select Region.',
  incotermRequired: 'Please select Incoterm.',
  quantityRequired: 'Please enter Quantity.',
  deploymentScheduleRequired: 'Please enter Deployment Schedule.',
  shippingNotConfigured: 'Please configure Shipping.',
  // Ours: the spec requires the total but does not word its absence.
  totalShippingQuantityRequired: 'Please enter Total Shipping Quantity.',

  // Secure access (spec §5).
  skuTypeRequired: 'Please select SKU Type',
  pricingModelRequired: 'Please select Pricing Model',
  configureAnyOneYear: 'Please configure for any one year.',
  valueRequired: 'Please enter value',
  devicesAboveMaximum: 'Maximum 20000 allowed per configuration.',
  devicesBelowMinimum: 'Minimum 50 allowed per configuration.',

  // Ours: counts and quantities that are not whole numbers (text, negative, fractional, NaN).
  invalidCount: 'Please enter a whole number from 0 to 1000000000.',

  // Ours: forms.
  invalidEmail: 'Please enter a valid e-mail address.',

  // Ours: attachments (spec §5 and §9 give the limit, not the wording).
  fileTooLarge: 'File is too large. The limit is 10240 KB.',
  fileSizeUnknown: 'The size of the file could not be read.',
} as const;

/**
 * Spec §8: shown when going back from shipping to the configuration after the product
 * configurator changed, because the shipping lines must be realigned.
 */
export const REALIGNMENT_NOTICE =
  'When navigating back, you will be redirected to the configuration page, as the shipping lines require realignment due to updates to the product configurator. Kindly re-add the appropriate shipping options for the relevant product(s) to proceed.';

export type ValidationMessageName = keyof typeof VALIDATION_MESSAGES;

/** Spec §5, ELA shipping: the product's quantity for the year differs from its lines' sum. */
export const yearScheduleMismatchMessage = (year: number) =>
  `Shipping Quantity does not match with sum of Deployment Schedule for Year ${year}.`;

/** Spec §5 numeric bounds; `label` comes from boundsLabel in form-validation.ts. */
export const betweenMessage = (label: string, min: number, max: number) =>
  `${label} should be between ${min} and ${max}.`;
export const atLeastMessage = (label: string, min: number) =>
  `${label} should be greater than or equal to ${min}.`;
export const atMostMessage = (label: string, max: number) =>
  `${label} should be less than or equal to ${max}.`;

/** Ours: the default of a required field without invalid_msg, for what is typed… */
export const pleaseEnterMessage = (label: string) => `Please enter ${label}.`;
/** …and for what is picked (Select, CheckBoxGroup, Checkbox, DateRange). */
export const pleaseSelectMessage = (label: string) => `Please select ${label}.`;
