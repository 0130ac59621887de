import { AUDIENCE_KINDS, BROADCAST_SEVERITIES } from '@bastion/domain/broadcasts/model';
import {
  ZBroadcastForm,
  type BroadcastFormInput,
  type BroadcastFormValues,
} from '@bastion/domain/broadcasts/schemas';
import { CRM_REGIONS } from '@bastion/domain/crm/schemas';
import { ROLE_VALUES } from '@bastion/domain/permissions/roles';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useWatch, type Control } from 'react-hook-form';
import { CheckboxListField, RadioGroupField } from '@/components/form/choice-fields.tsx';
import { TextField } from '@/components/form/fields.tsx';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { useSaveBroadcast, type Broadcast } from '../api/broadcasts.ts';
import { BroadcastMarkdown } from './broadcast-markdown.tsx';
import { userTimeZone } from './broadcast-time.ts';
import { DateTimeField } from './date-time-field.tsx';
import './broadcasts.css';
import { SeverityBadge } from './severity-badge.tsx';

const SEVERITY_OPTIONS = BROADCAST_SEVERITIES.map((severity) => ({
  value: severity,
  label: {
    info: 'Info: shown in the bell',
    warning: 'Warning: shown in the bell, marked as a warning',
    critical: 'Critical: also a red banner above every page until each user dismisses it',
  }[severity],
}));

const AUDIENCE_OPTIONS = AUDIENCE_KINDS.map((kind) => ({
  value: kind,
  label: {
    EVERYONE: 'Everyone',
    ROLES: 'People with some roles',
    REGIONS: 'People of some regions',
  }[kind],
}));

const ROLE_OPTIONS = ROLE_VALUES.map((role) => ({ value: role, label: role }));

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new broadcast starts this minute and shows for a week. */
function newBroadcastValues(): BroadcastFormInput {
  const start = new Date();
  start.setSeconds(0, 0);
  return {
    title: '',
    body: '',
    severity: 'info',
    audience_kind: 'EVERYONE',
    audience_roles: [],
    audience_regions: [],
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 7 * DAY_MS).toISOString(),
  };
}

function valuesOf(broadcast: Broadcast): BroadcastFormInput {
  return {
    title: broadcast.title,
    body: broadcast.body,
    severity: broadcast.severity,
    audience_kind: broadcast.audience_kind,
    audience_roles: broadcast.audience_roles as BroadcastFormInput['audience_roles'],
    audience_regions: broadcast.audience_regions,
    starts_at: broadcast.starts_at,
    ends_at: broadcast.ends_at,
  };
}

/**
 * Writes a broadcast: title, Markdown message with a live preview, severity, audience and when
 * it shows, entered in the user's time zone. The form checks what the server checks (the same
 * zod schema), so it says what is wrong before anything is sent.
 */
export function BroadcastEditor(props: {
  /** Null: a new broadcast. */
  broadcast: Broadcast | null;
  onSaved: (saved: Broadcast, isNew: boolean) => void;
  onCancel: () => void;
}) {
  const { broadcast } = props;
  const form = useZodForm(ZBroadcastForm, {
    defaultValues: broadcast ? valuesOf(broadcast) : newBroadcastValues(),
  });
  const save = useSaveBroadcast();
  // The version the form was filled from: a save names it, so a change someone made since is
  // refused (409) rather than overwritten, even when the record reloads behind the form.
  const [openedVersion] = useState(broadcast?.updated_at);
  const audienceKind = useWatch({ control: form.control, name: 'audience_kind' });
  // Regions a broadcast was saved with that the CRM does not list stay choosable.
  const regionOptions = [...new Set([...CRM_REGIONS, ...(broadcast?.audience_regions ?? [])])].map(
    (region) => ({ value: region, label: region }),
  );

  const onSubmit = (values: BroadcastFormValues) =>
    save
      .mutateAsync(broadcast ? { ...values, id: broadcast.id, updated_at: openedVersion } : values)
      // A refusal shows above the fields (FormProblem) and under them (AppForm).
      .then((saved) => props.onSaved(saved, broadcast === null));

  return (
    <div className="row g-4">
      <div className="col-lg-7">
        <AppForm
          form={form}
          onSubmit={onSubmit}
          leaveGuard={broadcast ? `the broadcast ${broadcast.title}` : 'the new broadcast'}
          error={save.error}
          aria-label={broadcast ? `Edit broadcast ${broadcast.title}` : 'New broadcast'}
        >
          <FormProblem error={save.error} />
          <TextField name="title" label="Title" isRequired maxLength={200} />
          <TextField
            name="body"
            label="Message (Markdown)"
            rows={10}
            help="**bold**, _italic_, [a link](https://example.com), lists with - . HTML shows as plain text."
          />
          <RadioGroupField name="severity" legend="Severity" options={SEVERITY_OPTIONS} />
          <RadioGroupField name="audience_kind" legend="Who sees it" options={AUDIENCE_OPTIONS} />
          {audienceKind === 'ROLES' ? (
            <CheckboxListField
              name="audience_roles"
              legend="Roles"
              help="Whoever holds one of these, also through a delegation."
              options={ROLE_OPTIONS}
              listClassName="row row-cols-1 row-cols-sm-2 row-cols-xl-3 g-0"
            />
          ) : null}
          {audienceKind === 'REGIONS' ? (
            <CheckboxListField
              name="audience_regions"
              legend="Regions"
              help="Whoever holds a role limited to one of these regions."
              options={regionOptions}
            />
          ) : null}
          <div className="row">
            <div className="col-sm-6">
              <DateTimeField name="starts_at" label="Shown from" isRequired />
            </div>
            <div className="col-sm-6">
              <DateTimeField name="ends_at" label="Shown until" isRequired />
            </div>
          </div>
          <p className="small text-body-secondary">
            Times are in your time zone ({userTimeZone}). Users see a new broadcast within a minute
            of its start.
          </p>
          <div className="d-flex gap-2">
            <SubmitButton isPending={save.isPending}>
              {broadcast ? 'Save broadcast' : 'Create broadcast'}
            </SubmitButton>
            <Button variant="outline-secondary" onClick={props.onCancel}>
              Cancel
            </Button>
          </div>
        </AppForm>
      </div>
      <div className="col-lg-5">
        <BroadcastPreview control={form.control} />
      </div>
    </div>
  );
}

/** The message as users will see it, as it is typed. */
function BroadcastPreview({
  control,
}: {
  control: Control<BroadcastFormInput, unknown, BroadcastFormValues>;
}) {
  const [title, body, severity] = useWatch({ control, name: ['title', 'body', 'severity'] });
  const shownTitle = title?.trim() || 'Your title';
  return (
    <section aria-label="Preview" className="broadcast-preview-panel">
      <h2 className="h6 text-body-secondary">Preview</h2>
      {severity === 'critical' ? (
        <Alert variant="danger" className="d-flex gap-3 align-items-start">
          <i className="bi bi-exclamation-octagon-fill fs-4" aria-hidden="true" />
          <div className="flex-grow-1 broadcast-preview">
            <div className="fw-semibold mb-1">{shownTitle}</div>
            {body ? <BroadcastMarkdown text={body} className="small" /> : null}
          </div>
        </Alert>
      ) : null}
      <Card>
        <Card.Body className="broadcast-preview">
          <div className="mb-1">
            <SeverityBadge severity={severity ?? 'info'} />
          </div>
          <div className="fw-semibold mb-2">{shownTitle}</div>
          {body ? (
            <BroadcastMarkdown text={body} className="small" />
          ) : (
            <p className="small text-body-secondary mb-0">The message shows here as you type it.</p>
          )}
        </Card.Body>
      </Card>
    </section>
  );
}
