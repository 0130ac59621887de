import type { UserRoleView } from '@bastion/domain/accounts/user-admin-schemas';
import { canGrantRole } from '@bastion/domain/accounts/policy';
import { CRM_REGIONS } from '@bastion/domain/crm/schemas';
import { ROLE_VALUES, type RoleEntry, type RoleValue } from '@bastion/domain/permissions/roles';
import { useId } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { CheckboxListField } from '@/components/form/choice-fields.tsx';
import { FieldNotes } from '@/components/form/field-shell.tsx';
import { useFieldMessage } from '@/components/form/use-field-message.ts';
import { AccountPicker } from './account-picker.tsx';
import { roleText } from './user-display.tsx';
import { AddRowButton } from '@/components/add-row-button.tsx';

/*
 * The roles editor of the new-user and user-detail forms (field `roles`): one row a role, each
 * optionally limited to some regions or some CRM accounts (spec §3 role entry).
 */

const REGION_OPTIONS = CRM_REGIONS.map((region) => ({ value: region, label: region }));

interface RoleRowValue {
  value: RoleValue | '';
  assignment: 'REGION' | 'ACCOUNT' | null;
  assignment_value: string[];
}

/** The role's select: roles the administrator may grant first, the others apart and labelled. */
function RoleSelect({ index, actorRoles }: { index: number; actorRoles: readonly RoleEntry[] }) {
  const id = useId();
  const name = `roles.${index}.value`;
  const { control } = useFormContext();
  // Taken apart, so that reading the value is not mistaken for reading the ref.
  const {
    field: { ref, ...field },
  } = useController({ name, control });
  const error = useFieldMessage(name);
  const grantable = ROLE_VALUES.filter((role) => canGrantRole(actorRoles, role));
  const others = ROLE_VALUES.filter((role) => !canGrantRole(actorRoles, role));
  return (
    <Form.Group controlId={id}>
      <Form.Label className="small mb-1">Role</Form.Label>
      <Form.Select
        size="sm"
        ref={ref}
        name={field.name}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        isInvalid={Boolean(error)}
        aria-describedby={error ? `${id}-message` : undefined}
      >
        <option value="">Choose a role…</option>
        {others.length > 0 ? (
          <>
            <optgroup label="Roles you hold (you can grant these)">
              {grantable.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </optgroup>
            <optgroup label="Only a root admin can grant these">
              {others.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </optgroup>
          </>
        ) : (
          grantable.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))
        )}
      </Form.Select>
      <FieldNotes id={id} error={error} />
    </Form.Group>
  );
}

/** "Limit to": nothing, some regions or some accounts; changing it empties the chosen values. */
function LimitSelect({ index }: { index: number }) {
  const id = useId();
  const name = `roles.${index}.assignment`;
  const { control, setValue } = useFormContext();
  const {
    field: { ref, ...field },
  } = useController({ name, control });
  const error = useFieldMessage(name);
  return (
    <Form.Group controlId={id}>
      <Form.Label className="small mb-1">Limit to</Form.Label>
      <Form.Select
        size="sm"
        ref={ref}
        name={field.name}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={(event) => {
          field.onChange(event.target.value === '' ? null : event.target.value);
          setValue(`roles.${index}.assignment_value`, [], { shouldDirty: true });
        }}
        onBlur={field.onBlur}
        isInvalid={Boolean(error)}
      >
        <option value="">No limit (everything)</option>
        <option value="REGION">Regions</option>
        <option value="ACCOUNT">Accounts</option>
      </Form.Select>
      <FieldNotes id={id} error={error} />
    </Form.Group>
  );
}

function RoleRow(props: { index: number; actorRoles: readonly RoleEntry[]; onRemove: () => void }) {
  const { index } = props;
  const role = useWatch({ name: `roles.${index}` }) as RoleRowValue | undefined;
  const roleLabel = role?.value || `role ${index + 1}`;
  return (
    <li className="border rounded p-2 mb-2 bg-body-tertiary" aria-label={`Role ${roleLabel}`}>
      <div className="row g-2 align-items-start">
        <div className="col-sm-6">
          <RoleSelect index={index} actorRoles={props.actorRoles} />
        </div>
        <div className="col-sm-4">
          <LimitSelect index={index} />
        </div>
        <div className="col-sm-2 text-sm-end pt-sm-4">
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={`Remove ${roleLabel}`}
            onClick={props.onRemove}
          >
            <i className="bi bi-trash" aria-hidden="true" />
            <span className="d-sm-none ms-1">Remove</span>
          </Button>
        </div>
      </div>
      {role?.assignment === 'REGION' ? (
        <CheckboxListField
          name={`roles.${index}.assignment_value`}
          legend={`Regions for ${roleLabel}`}
          options={REGION_OPTIONS}
          className="mt-2 mb-0"
        />
      ) : role?.assignment === 'ACCOUNT' ? (
        <div className="mt-2">
          <AccountPicker name={`roles.${index}.assignment_value`} roleLabel={roleLabel} />
        </div>
      ) : null}
    </li>
  );
}

/**
 * The user's own roles, editable; roles lent by a delegation listed apart, read-only. A role
 * without a limit applies everywhere; one limited to regions or accounts shows only those quotes.
 */
export function RolesEditor(props: {
  actorRoles: readonly RoleEntry[];
  delegatedRoles?: readonly UserRoleView[];
}) {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'roles' });
  const listError = useFieldMessage('roles');
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-1">Roles</legend>
      <p className="small text-body-secondary mb-2">
        Roles decide what the user sees and does. Limit a role to regions or accounts to show them
        only those quotes and opportunities; without a limit it applies everywhere.
      </p>
      {fields.length === 0 ? (
        <p className="small text-body-secondary">No roles yet: the user will see no menus.</p>
      ) : (
        <ol className="list-unstyled mb-2">
          {fields.map((item, index) => (
            <RoleRow
              key={item.id}
              index={index}
              actorRoles={props.actorRoles}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      )}
      {listError ? (
        <div className="invalid-feedback d-block" role="alert">
          {listError}
        </div>
      ) : null}
      <AddRowButton onClick={() => append({ value: '', assignment: null, assignment_value: [] })}>
        Add role
      </AddRowButton>
      {props.delegatedRoles && props.delegatedRoles.length > 0 ? (
        <div className="mt-3">
          <div className="small fw-semibold mb-1">Delegated to this user</div>
          <ul className="list-unstyled mb-0">
            {props.delegatedRoles.map((role) => (
              <li key={role.value} className="small">
                {roleText(role)}{' '}
                <Badge bg="info" text="dark">
                  Delegated
                </Badge>
              </li>
            ))}
          </ul>
          <div className="form-text">
            Lent for a while by another user&apos;s delegation; they end with it and cannot be
            changed here.
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
