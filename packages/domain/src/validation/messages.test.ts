import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_KB } from './attachments.ts';
import { MAX_COUNT } from './counts.ts';
import {
  VALIDATION_MESSAGES,
  atLeastMessage,
  atMostMessage,
  betweenMessage,
  pleaseEnterMessage,
  pleaseSelectMessage,
  REALIGNMENT_NOTICE,
  yearScheduleMismatchMessage,
} from './messages.ts';
import { MAX_DEVICES_PER_YEAR, MIN_NEW_BUSINESS_DEVICES_PER_YEAR } from './secure-access.ts';

// An existing client shows these: any change, even a period, is a breaking change.
/** The message of that name reads exactly so. */
const expectText = (name: keyof typeof VALIDATION_MESSAGES, text: string) => {
  expect(VALIDATION_MESSAGES[name]).toBe(text);
};

describe('the texts of spec §5, character for character', () => {
  it.each([
    [
      'totalShippingQuantityMismatch',
      'Total Shipping Quantity does not match with sum of Shipping Quantities',
    ],
    ['regionRequired', 'Please select Region.'],
    ['incotermRequired', 'Please select Incoterm.'],
    ['quantityRequired', 'Please enter Quantity.'],
    ['deploymentScheduleRequired', 'Please enter Deployment Schedule.'],
    ['shippingNotConfigured', 'Please configure Shipping.'],
    ['skuTypeRequired', 'Please select SKU Type'],
    ['pricingModelRequired', 'Please select Pricing Model'],
    ['configureAnyOneYear', 'Please configure for any one year.'],
    ['valueRequired', 'Please enter value'],
    ['devicesAboveMaximum', 'Maximum 20000 allowed per configuration.'],
    ['devicesBelowMinimum', 'Minimum 50 allowed per configuration.'],
  ] as const)('%s is %j', expectText);

  it.each([1, 2, 3, 4, 5])('the year %i schedule mismatch', (year) => {
    expect(yearScheduleMismatchMessage(year)).toBe(
      `Shipping Quantity does not match with sum of Deployment Schedule for Year ${year}.`,
    );
  });

  it.each([
    [betweenMessage('Discount', 0, 100), 'Discount should be between 0 and 100.'],
    [atLeastMessage('Discount', 5), 'Discount should be greater than or equal to 5.'],
    [atMostMessage('Discount', 2.5), 'Discount should be less than or equal to 2.5.'],
  ])('%j', (message, text) => {
    expect(message).toBe(text);
  });
});

describe('the texts we chose', () => {
  it.each([
    ['totalShippingQuantityRequired', 'Please enter Total Shipping Quantity.'],
    ['invalidCount', 'Please enter a whole number from 0 to 1000000000.'],
    ['invalidEmail', 'Please enter a valid e-mail address.'],
    ['fileTooLarge', 'File is too large. The limit is 10240 KB.'],
    ['fileSizeUnknown', 'The size of the file could not be read.'],
  ] as const)('%s is %j', expectText);

  it('defaults of required fields', () => {
    expect(pleaseEnterMessage('Quote name')).toBe('Please enter Quote name.');
    expect(pleaseSelectMessage('Deal type')).toBe('Please select Deal type.');
  });
});

// The texts are literals (so they read like the spec); these keep them in step with the limits.
describe('messages agree with the limits they state', () => {
  it.each([
    [VALIDATION_MESSAGES.devicesAboveMaximum, MAX_DEVICES_PER_YEAR],
    [VALIDATION_MESSAGES.devicesBelowMinimum, MIN_NEW_BUSINESS_DEVICES_PER_YEAR],
    [VALIDATION_MESSAGES.fileTooLarge, MAX_ATTACHMENT_KB],
    [VALIDATION_MESSAGES.invalidCount, MAX_COUNT],
  ])('%j states %i', (message, limit) => {
    expect(message).toMatch(new RegExp(`\\b${limit}\\b`));
  });
});

describe('the texts of spec §8', () => {
  it('words the realignment notice exactly as the existing client does', () => {
    expect(REALIGNMENT_NOTICE).toBe(
      'When navigating back, you will be redirected to the configuration page, as the shipping lines require realignment due to updates to the product configurator. Kindly re-add the appropriate shipping options for the relevant product(s) to proceed.',
    );
  });
});
