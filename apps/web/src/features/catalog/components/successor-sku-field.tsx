import Form from 'react-bootstrap/Form';
import { BoundShell, useBoundField } from '@/components/form/fields.tsx';
import { useSkuSearch } from '../api/sku-search.ts';

/**
 * The SKU a renewal may migrate this one to (issue 18): a code typed or picked from the
 * catalogue's SKUs that match it (bundles and the SKU itself left out). Empty means none, which
 * the form keeps as null.
 */
export function SuccessorSkuField({ ownSku }: { ownSku: string }) {
  const field = {
    name: 'successor_sku',
    label: 'Successor SKU',
    help: 'A renewal may migrate this SKU to its successor.',
  };
  const { id, ref, binding, error, describedBy } = useBoundField(field);
  const { setText, results } = useSkuSearch();
  const listId = `${id}-options`;
  const value = typeof binding.value === 'string' ? binding.value : '';
  const suggestions = (results.data?.rows ?? []).filter(
    (row) => row.kind !== 'BUNDLE' && row.sku !== ownSku,
  );
  return (
    <BoundShell field={field} id={id} error={error}>
      <Form.Control
        ref={ref}
        name={binding.name}
        value={value}
        onChange={(event) => {
          const text = event.target.value;
          setText(text.trim());
          binding.onChange(text.trim() === '' ? null : text);
        }}
        onBlur={binding.onBlur}
        isInvalid={Boolean(error)}
        aria-describedby={describedBy}
        maxLength={40}
        placeholder="None"
        list={listId}
        autoComplete="off"
      />
      <datalist id={listId}>
        {suggestions.map((row) => (
          <option key={row.sku} value={row.sku}>
            {row.name}
          </option>
        ))}
      </datalist>
    </BoundShell>
  );
}
