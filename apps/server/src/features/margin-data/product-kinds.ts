import type { ProductKind } from '@bastion/domain/margin-data/api';

/** How the margin screens name each kind of product in messages. */
export const KIND_NAMES: Readonly<Record<ProductKind | 'ANY', string>> = {
  ANY: 'any other kind (the family default)',
  HARDWARE: 'hardware',
  ACCESS_POINT: 'access points',
  SUBSCRIPTION: 'subscriptions',
  SUPPORT: 'support',
  SERVICE: 'services',
  BUNDLE: 'bundles',
};
