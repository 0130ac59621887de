import type { ProductRulePreview } from '@bastion/domain/product-rules/admin-schemas';
import { SEVERITY_LOOK } from '@/components/rule-severity.ts';

/** What the rule says of the quote it was tested on: as the seller would read it. */
export function ProductRulePreviewResult({ preview }: { preview: ProductRulePreview }) {
  const skuOf = new Map(preview.quote.lines.map((line) => [line.id, line.sku]));
  const offers = [...preview.actions, ...preview.applied];
  const isSilent =
    preview.messages.length === 0 && offers.length === 0 && preview.hidden_sku_count === 0;
  return (
    <div className="border rounded p-2 small" aria-live="polite" data-testid="rule-preview">
      <div className="fw-semibold mb-1">
        {preview.quote.quote_number} · {preview.quote.quote_name} ·{' '}
        {preview.quote.lines.length === 1 ? '1 line' : `${preview.quote.lines.length} lines`}
      </div>
      {preview.broken ? <div className="text-danger">The rule failed: {preview.broken}</div> : null}
      {isSilent && !preview.broken ? (
        <div className="text-body-secondary">
          The rule does not hold on this quote: it says nothing.
        </div>
      ) : null}
      <ul className="list-unstyled mb-0">
        {preview.messages.map((message, index) => {
          const look = SEVERITY_LOOK[message.severity];
          const skus = message.line_keys.flatMap((key) => skuOf.get(key) ?? []);
          return (
            <li key={index} className="d-flex gap-2">
              <i className={`bi ${look.icon} ${look.tone}`} aria-hidden="true" />
              <span>
                <span className="visually-hidden">{look.word}: </span>
                {message.message}
                {skus.length > 0 ? (
                  <span className="text-body-secondary"> ({[...new Set(skus)].join(', ')})</span>
                ) : null}
              </span>
            </li>
          );
        })}
        {preview.actions.map((action, index) => (
          <li key={`offer-${index}`} className="ms-4 text-primary">
            Offers: {action.label}
          </li>
        ))}
        {preview.applied.map((action, index) => (
          <li key={`applied-${index}`} className="ms-4">
            Would apply: {action.label}
          </li>
        ))}
        {preview.hidden_sku_count > 0 ? (
          <li>
            Hides {preview.hidden_sku_count} SKUs from the product finder:{' '}
            {preview.hidden_skus.join(', ')}
            {preview.hidden_sku_count > preview.hidden_skus.length ? ', …' : ''}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
