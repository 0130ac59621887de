import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import {
  useDeleteApprovalGroup,
  useSaveApprovalGroup,
  type ApprovalGroup,
  type MemberOptions,
} from '../api/groups.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { fieldErrorsOf, isStale } from './field-errors.ts';

interface ChosenUser {
  id: string;
  name: string;
  email: string;
}

/** Creates or changes an approval group: name, where it applies, and its members. */
export function GroupEditor({
  group,
  options,
  onSaved,
  onDeleted,
  onCancel,
}: {
  group: ApprovalGroup | null;
  options: MemberOptions;
  onSaved: (group: ApprovalGroup) => void;
  onDeleted: (group: ApprovalGroup) => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [isGlobal, setIsGlobal] = useState(group?.is_global ?? true);
  const [regions, setRegions] = useState<string[]>(group?.regions ?? []);
  const [users, setUsers] = useState<ChosenUser[]>(group?.users ?? []);
  const [roles, setRoles] = useState<string[]>(group?.roles ?? []);
  const [isActive, setIsActive] = useState(group?.is_active ?? true);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const save = useSaveApprovalGroup();
  const remove = useDeleteApprovalGroup();

  const serverProblems = fieldErrorsOf(save.error ?? remove.error);
  const local: Record<string, string | undefined> = {
    name: name.trim() ? undefined : 'Give the group a name.',
    members:
      users.length + roles.length > 0 ? undefined : 'Add at least one member: a user or a role.',
    regions:
      isGlobal || regions.length > 0
        ? undefined
        : 'Choose the regions the group covers, or make it global.',
  };
  const errorOf = (path: string) => (isSubmitted ? local[path] : undefined) ?? serverProblems[path];
  const error = save.error ?? remove.error;
  const isGeneralError = error !== null && Object.keys(serverProblems).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (Object.values(local).some(Boolean)) return;
    save.mutate(
      {
        ...(group ? { id: group.id, version: group.version } : {}),
        name,
        description,
        is_global: isGlobal,
        regions: isGlobal ? [] : regions,
        is_active: isActive,
        user_ids: users.map((u) => u.id),
        roles,
      },
      { onSuccess: onSaved },
    );
  };

  const availableUsers = options.users.filter((u) => !users.some((chosen) => chosen.id === u.id));
  const availableRoles = options.roles.filter((r) => !roles.includes(r));

  return (
    <Form
      noValidate
      onSubmit={submit}
      aria-label={group ? `Edit group ${group.name}` : 'New group'}
    >
      {error && (isStale(error) || isGeneralError) ? (
        <Alert variant={isStale(error) ? 'warning' : 'danger'} role="alert">
          {error.message}
        </Alert>
      ) : null}
      <Form.Group className="mb-3" controlId={`${ids}-name`}>
        <Form.Label>Group name</Form.Label>
        <Form.Control
          value={name}
          maxLength={120}
          placeholder="e.g. EMEA finance"
          isInvalid={Boolean(errorOf('name'))}
          onChange={(e) => setName(e.target.value)}
        />
        <Form.Control.Feedback type="invalid">{errorOf('name')}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${ids}-description`}>
        <Form.Label>
          What the group checks <span className="text-body-secondary">(optional)</span>
        </Form.Label>
        <Form.Control
          value={description}
          maxLength={500}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Form.Group>

      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">Applies to</legend>
        <Form.Check
          type="radio"
          id={`${ids}-global`}
          name={`${ids}-scope`}
          label="Quotes of every region (global)"
          checked={isGlobal}
          onChange={() => setIsGlobal(true)}
        />
        <Form.Check
          type="radio"
          id={`${ids}-regional`}
          name={`${ids}-scope`}
          label="Only quotes of these regions"
          checked={!isGlobal}
          onChange={() => setIsGlobal(false)}
        />
        {isGlobal ? null : (
          <div className="ms-4 mt-1" role="group" aria-label="Regions">
            {options.regions.map((region) => (
              <Form.Check
                key={region}
                inline
                id={`${ids}-region-${region}`}
                label={region}
                isInvalid={Boolean(errorOf('regions'))}
                checked={regions.includes(region)}
                onChange={(e) =>
                  setRegions((current) =>
                    e.target.checked ? [...current, region] : current.filter((r) => r !== region),
                  )
                }
              />
            ))}
          </div>
        )}
        {errorOf('regions') ? (
          <div className="small text-danger" role="alert">
            {errorOf('regions')}
          </div>
        ) : (
          <Form.Text>
            A regional group is asked only about quotes of its regions, even when a rule names it.
          </Form.Text>
        )}
      </fieldset>

      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">Members</legend>
        <p className="small text-body-secondary mb-2">
          Any one member may approve for the group: the users named here, and everyone holding one
          of the roles (in the quote’s region when their role is limited to regions).
        </p>
        <div className="row g-2 mb-2">
          <div className="col-12 col-md-6">
            <Form.Select
              aria-label="Add a user"
              value=""
              onChange={(e) => {
                const user = options.users.find((u) => u.id === e.target.value);
                if (user) setUsers((current) => [...current, user]);
              }}
            >
              <option value="">Add a user…</option>
              {availableUsers.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name} ({u.email})
                </option>
              ))}
            </Form.Select>
          </div>
          <div className="col-12 col-md-6">
            <Form.Select
              aria-label="Add a role"
              value=""
              onChange={(e) => {
                const role = e.target.value;
                if (role) setRoles((current) => [...current, role]);
              }}
            >
              <option value="">Add everyone with a role…</option>
              {availableRoles.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </Form.Select>
          </div>
        </div>
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label="Chosen members">
          {users.map((u) => (
            <li key={u.id} className="member-chip">
              <i className="bi bi-person me-1" aria-hidden="true" />
              {u.name}
              <CloseButton
                className="ms-2"
                aria-label={`Remove ${u.name}`}
                onClick={() => setUsers((current) => current.filter((c) => c.id !== u.id))}
              />
            </li>
          ))}
          {roles.map((r) => (
            <li key={r} className="member-chip">
              <i className="bi bi-people me-1" aria-hidden="true" />
              Role {r}
              <CloseButton
                className="ms-2"
                aria-label={`Remove role ${r}`}
                onClick={() => setRoles((current) => current.filter((c) => c !== r))}
              />
            </li>
          ))}
          {users.length + roles.length === 0 ? (
            <li className="small text-body-secondary">No members yet.</li>
          ) : null}
        </ul>
        {(errorOf('members') ?? errorOf('user_ids') ?? errorOf('roles')) ? (
          <div className="small text-danger mt-1" role="alert">
            {errorOf('members') ?? errorOf('user_ids') ?? errorOf('roles')}
          </div>
        ) : null}
      </fieldset>

      <Form.Check
        type="switch"
        id={`${ids}-active`}
        className="mb-3"
        label={
          <>
            Active{' '}
            <span className="text-body-secondary small">
              (an inactive group is never asked, even when a rule names it)
            </span>
          </>
        }
        checked={isActive}
        onChange={(e) => setIsActive(e.target.checked)}
      />
      {group && group.rule_count > 0 ? (
        <p className="small">
          <Badge bg="info" text="dark" className="me-1">
            {group.rule_count}
          </Badge>
          active {group.rule_count === 1 ? 'rule requires' : 'rules require'} this group.
        </p>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : group ? 'Save group' : 'Create group'}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
        {group ? (
          <div className="ms-auto">
            <ConfirmButton
              label={`Delete group ${group.name}`}
              question="Delete this group?"
              confirmText="Delete group"
              isPending={remove.isPending}
              onConfirm={() =>
                remove.mutate(
                  { id: group.id, version: group.version },
                  { onSuccess: () => onDeleted(group) },
                )
              }
            />
          </div>
        ) : null}
      </div>
    </Form>
  );
}
