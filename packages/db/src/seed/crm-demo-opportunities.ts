/** What the demo CRM's opportunities are made of: deal types, stages, products, line items and SLAs. */
import { type DealTypeCode } from '@bastion/domain/quotes/quote-types';

export const DEAL_SUFFIX: Readonly<Record<DealTypeCode, string>> = {
  NB: 'new deployment',
  U: 'expansion',
  R: 'renewal',
  TU: 'true-up',
  S: 'subscription',
  E: 'existing business',
  C: 'cross-sell',
};
export const STAGES = [
  'Qualification',
  'Discovery',
  'Solution Proposed',
  'Proposal',
  'Negotiation',
  'Commit',
  'Closed Won',
] as const;
export const PRODUCTS = [
  'Secure Access',
  'Network Firewall',
  'Endpoint Protection',
  'Cloud Security',
  'Identity & Access',
] as const;
export const LINE_PRODUCTS: readonly [code: string, name: string, unitPrice: number][] = [
  ['FW-200', 'FW-200 firewall appliance', 1_250_000],
  ['AP-10', 'AP-10 access point', 45_000],
  ['SA-SUB-1Y', 'Secure Access subscription, per user per year', 6_000],
  ['EP-SUB-1Y', 'Endpoint Protection, per device per year', 4_500],
  ['CS-SUB-1Y', 'Cloud Security posture, per workload per year', 12_000],
  ['IAM-SUB-1Y', 'Identity & Access, per user per year', 3_500],
];
/** Mostly the offered SLAs; a few the quote does not know, which default to 24/7. */
export const SLAS = [
  '24/7',
  '12/5',
  '8/5',
  '24/7',
  '12/5',
  '8/5',
  '24/7',
  'Gold Support',
  '24x7 Premium',
  '',
];
