import type { RuleMessageView } from '@bastion/domain/product-rules/schemas';

/**
 * How a product rule's message looks wherever it shows (the configure page, the rule admin's
 * test): an icon, its colour and the word a screen reader says.
 */
export const SEVERITY_LOOK = {
  error: { icon: 'bi-x-octagon-fill', tone: 'text-danger', word: 'Error' },
  warning: { icon: 'bi-exclamation-triangle-fill', tone: 'text-warning', word: 'Warning' },
  info: { icon: 'bi-lightbulb-fill', tone: 'text-info', word: 'Suggestion' },
} as const satisfies Record<RuleMessageView['severity'], unknown>;
