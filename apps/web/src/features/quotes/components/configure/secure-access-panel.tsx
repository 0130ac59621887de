import type { FieldState, JsonValue } from '@bastion/domain/forms/recipe';
import { validateSecureAccess } from '@bastion/domain/validation/secure-access';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { SecureAccessInput } from '@/components/recipe-form/secure-access-input.tsx';
import { useFormDefinition } from '@/components/recipe-form/use-form-definition.ts';
import { isApiError } from '@/lib/api-client.ts';
import { useSaveSecureAccess, type QuoteConfiguration } from '../../api/configure.ts';

const asConfig = (value: JsonValue | undefined): Record<string, JsonValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};

/** The sizing as the contract takes it: each setting a count, a text or null. */
const asSizing = (value: JsonValue | undefined) =>
  Object.fromEntries(
    Object.entries(asConfig(value)).filter(
      (entry): entry is [string, number | string | null] =>
        entry[1] === null || typeof entry[1] === 'number' || typeof entry[1] === 'string',
    ),
  );

/**
 * Sizes the quote's secure access with the spec's rules (§5) as the user types; applying it
 * makes the matching subscription lines on the server (decision 010).
 */
export function SecureAccessPanel({
  show,
  onHide,
  configuration,
  isDealDeskUser,
}: {
  show: boolean;
  onHide: () => void;
  configuration: QuoteConfiguration;
  isDealDeskUser: boolean;
}) {
  const { quote } = configuration;
  const form = useFormDefinition('secure_access_sizing');
  const save = useSaveSecureAccess(quote.id);
  const [value, setValue] = useState<JsonValue | undefined>(
    (configuration.secure_access as Record<string, JsonValue> | null) ?? undefined,
  );
  const [isTouched, setIsTouched] = useState(false);
  const facts = {
    quote_type: quote.quote_type,
    contract_length: quote.contract_length,
    deal_type: quote.deal_type,
    is_renewal: quote.is_renewal,
    is_deal_desk_user: isDealDeskUser,
  };
  const localErrors = validateSecureAccess({ ...asConfig(value), ...facts });
  const serverErrors = isApiError(save.error)
    ? Object.fromEntries(
        save.error.errors.map((e) => [e.path.replace(/^secure_access\.?/, ''), e.message]),
      )
    : {};
  const errors = isTouched ? { ...serverErrors, ...localErrors } : serverErrors;
  const field: FieldState = {
    field: 'secure_access',
    label: 'Secure access sizing',
    renderer: 'SecureAccess',
    is_visible: true,
    options: [...(form.data?.lookups.secure_access_sku_types ?? [])],
  };

  return (
    <Offcanvas show={show} onHide={onHide} placement="end" className="offcanvas-wide">
      <Offcanvas.Header closeButton>
        <Offcanvas.Title as="h2" className="h5">
          Size secure access
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <p className="small text-body-secondary">
          Device Based prices each device at sites of its size; Local Access Point Based prices each
          access point by how many devices it serves. Applying replaces the quote’s secure-access
          lines; other products stay as they are.
        </p>
        {save.isError && Object.keys(serverErrors).length === 0 ? (
          <Alert variant="danger">{save.error.message}</Alert>
        ) : null}
        <SecureAccessInput
          id="secure-access"
          field={field}
          value={value}
          quoteType={quote.quote_type}
          contractLength={quote.contract_length}
          errors={errors}
          onChange={(next) => {
            setValue(next);
            setIsTouched(true);
          }}
          onBlur={() => setIsTouched(true)}
        />
        <div className="d-flex gap-2 mt-3">
          <Button
            disabled={save.isPending}
            onClick={() => {
              setIsTouched(true);
              if (Object.keys(localErrors).length > 0) return;
              save.mutate(
                { version: quote.version, config: asSizing(value) },
                { onSuccess: onHide },
              );
            }}
          >
            {save.isPending ? 'Applying…' : 'Apply to quote'}
          </Button>
          <Button variant="outline-secondary" onClick={onHide}>
            Cancel
          </Button>
        </div>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
