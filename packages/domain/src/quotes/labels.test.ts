import { describe } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import { labelOfCode, quoteTypeLabel, salesChannelLabel } from './labels.ts';

describe('labels of the codes people read', () => {
  itReturns('quote type %j reads %j', quoteTypeLabel, [
    ['STANDARD', 'Standard'],
    ['ELA', 'Enterprise licence agreement (ELA)'],
    ['LEGACY', 'Legacy'],
    ['PILOT', 'Pilot'],
  ]);
  itReturns('sales channel %j reads %j', salesChannelLabel, [
    ['DIRECT', 'Direct'],
    ['T1', 'Partner (tier 1)'],
    ['T2', 'Distributor and partner (tier 2)'],
  ]);
  itReturns('code %j reads %j', labelOfCode, [
    ['AUTHORIZED', 'Authorized'],
    ['GOLD_PARTNER', 'Gold partner'],
    [' PREMIER ', 'Premier'],
    ['', ''],
  ]);
});
