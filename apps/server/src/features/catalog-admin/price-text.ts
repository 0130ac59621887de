/* List prices as administrators type them: read in packages/domain, where the forms read them too. */
export {
  formatUnitPrice,
  parseUnitPrice,
  type ParsedPrice,
} from '@bastion/domain/catalog/price-text';
