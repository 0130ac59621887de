import type { OpportunityFormValues } from '@bastion/domain/crm/schemas';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { TextField } from '@/components/form/fields.tsx';
import { AddRowButton } from '@/components/add-row-button.tsx';

/** A team member's fields: the e-mail on its own line, then the name and the role. */
const MEMBER_FIELDS = [
  { key: 'email', label: 'e-mail', placeholder: 'E-mail', type: 'email', width: 12 },
  { key: 'name', label: 'name', placeholder: 'Name', type: 'text', width: 5 },
  { key: 'role', label: 'role', placeholder: 'Role', type: 'text', width: 5 },
] as const;

/** The opportunity team: who works on it, by e-mail (each once). */
export function TeamEditor() {
  const { control, formState } = useFormContext<OpportunityFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'team' });
  const teamError = formState.errors.team?.message ?? formState.errors.team?.root?.message;
  return (
    <div>
      <div className="fw-semibold mb-2">Team members</div>
      {fields.length === 0 ? (
        <p className="small text-body-secondary">No team members yet.</p>
      ) : null}
      {fields.map((member, index) => {
        const n = index + 1;
        return (
          <div key={member.id} className="border rounded p-2 mb-2">
            <Row className="g-2">
              {MEMBER_FIELDS.map((part) => (
                <Col key={part.key} xs={part.width}>
                  <TextField
                    name={`team.${index}.${part.key}`}
                    label={`Team member ${n} ${part.label}`}
                    isLabelHidden
                    type={part.type}
                    placeholder={part.placeholder}
                    className="mb-0"
                  />
                </Col>
              ))}
              <Col xs={2} className="text-end">
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={`Remove team member ${n}`}
                  onClick={() => remove(index)}
                >
                  <i className="bi bi-x-lg" aria-hidden="true" />
                </Button>
              </Col>
            </Row>
          </div>
        );
      })}
      {teamError ? <div className="text-danger small mb-2">{teamError}</div> : null}
      <AddRowButton onClick={() => append({ email: '', name: '', role: '' })}>
        Add team member
      </AddRowButton>
    </div>
  );
}
