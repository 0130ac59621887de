import {
  FORM_FACTORS,
  PORT_TYPES,
  SEGMENTS,
  type PortType,
} from '@bastion/domain/product-rules/model';
import Form from 'react-bootstrap/Form';
import { FieldRow } from '@/components/form/field-row.tsx';
import { FieldSection, SelectField, TextField, useBoundField } from '@/components/form/fields.tsx';
import { FieldNotes } from '@/components/form/field-shell.tsx';

const FORM_FACTOR_LABELS = {
  desktop: 'Desktop',
  '1U': '1U',
  '2U+': '2U or larger',
  chassis: 'Chassis',
  virtual: 'Virtual',
} as const satisfies Record<(typeof FORM_FACTORS)[number], string>;

const SEGMENT_LABELS = {
  branch: 'Branch',
  campus: 'Campus',
  data_centre: 'Data centre',
} as const satisfies Record<(typeof SEGMENTS)[number], string>;

/** The port types a SKU has: one box each, the value a list. */
function PortTypesField() {
  const help = 'The ports of an appliance; transceivers are checked against them.';
  const { id, binding, error } = useBoundField({ name: 'attributes.port_types', help });
  const chosen = new Set(Array.isArray(binding.value) ? (binding.value as PortType[]) : []);
  return (
    <Form.Group className="mb-3" role="group" aria-labelledby={`${id}-label`}>
      <div id={`${id}-label`} className="form-label">
        Port types
      </div>
      <div>
        {PORT_TYPES.map((port) => (
          <Form.Check
            key={port}
            inline
            type="checkbox"
            id={`${id}-${port}`}
            label={port}
            checked={chosen.has(port)}
            onChange={(event) =>
              binding.onChange(
                PORT_TYPES.filter((p) => (p === port ? event.target.checked : chosen.has(p))),
              )
            }
            onBlur={binding.onBlur}
          />
        ))}
      </div>
      <FieldNotes id={id} help={help} error={error} />
    </Form.Group>
  );
}

/**
 * What product rules read of a SKU (issue 34, docs/configuration.md): left empty, a value is not
 * set, and a rule asking for it finds nothing.
 */
export function SkuAttributesFields() {
  return (
    <FieldSection title="Attributes for product rules">
      <FieldRow widths={[6, 6]}>
        <TextField
          name="attributes.model"
          label="Model"
          maxLength={40}
          placeholder="BX-200F"
          help="The model the SKU is or serves: its appliance, support and subscriptions alike."
        />
        <TextField
          name="attributes.support_tier"
          label="Support tier"
          maxLength={40}
          placeholder="PRM"
          help="On support SKUs: STD, PRM or ELT."
        />
      </FieldRow>
      <FieldRow widths={[4, 4, 4]}>
        <SelectField
          name="attributes.form_factor"
          label="Form factor"
          emptyLabel="Not set"
          options={FORM_FACTORS.map((value) => ({ value, label: FORM_FACTOR_LABELS[value] }))}
        />
        <SelectField
          name="attributes.segment"
          label="Segment"
          emptyLabel="Not set"
          options={SEGMENTS.map((value) => ({ value, label: SEGMENT_LABELS[value] }))}
        />
        <SelectField
          name="attributes.ha_capable"
          label="HA-capable"
          emptyLabel="Not set"
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
        />
      </FieldRow>
      <PortTypesField />
    </FieldSection>
  );
}
