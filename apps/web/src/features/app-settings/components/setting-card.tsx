import { useId, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { SETTING_OFF, SETTING_ON } from '@bastion/domain/app-settings/catalogue';
import { formatDateTime } from '@bastion/domain/format/date-time';
import { PendingIconButton } from '@/components/form/pending-button.tsx';
import { type AppSetting, useUpdateAppSetting } from '../api/app-settings.ts';

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const when = (iso: string) => formatDateTime(Date.parse(iso) / 1000, userTimeZone);

/** "Last changed by X on DD-MMM-YYYY hh:mm", or that nobody has changed it here yet. */
function LastChange({ setting }: { setting: AppSetting }) {
  if (!setting.updated_by_email) {
    return <span>Not changed on this page yet: it has its starting value.</span>;
  }
  return (
    <span>
      Last changed by {setting.updated_by_email} on {when(setting.updated_at)}
    </span>
  );
}

/** What the administrator has chosen, before saving: a switch, or the regions of a list. */
interface Draft {
  isOn: boolean;
  regions: string[];
}

const draftOf = (setting: AppSetting): Draft => ({
  isOn: setting.is_on,
  regions: setting.regions,
});

function valueOf(setting: AppSetting, draft: Draft): string {
  if (!draft.isOn) return SETTING_OFF;
  return setting.kind === 'switch' ? SETTING_ON : draft.regions.join(',');
}

const isSameDraft = (a: Draft, b: Draft) =>
  a.isOn === b.isOn && (!a.isOn || a.regions.join(',') === b.regions.join(','));

/**
 * One application setting: what it does, its switch (and, for a region list, the regions), who
 * changed it last, and its own Save. Turning maintenance on or off asks once more first.
 */
export function SettingCard(props: {
  setting: AppSetting;
  regions: readonly string[];
  /** Extra controls under the switch (the maintenance message). */
  extra?: ReactNode;
}) {
  const { setting } = props;
  const id = useId();
  // null until the administrator changes something: the setting as saved (by anyone) shows.
  const [edited, setEdited] = useState<Draft | null>(null);
  const draft = edited ?? draftOf(setting);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const update = useUpdateAppSetting();
  const isChanged = !isSameDraft(draft, draftOf(setting));
  const needsRegion = setting.kind === 'region_list' && draft.isOn && draft.regions.length === 0;

  const save = () => {
    setIsConfirming(false);
    update.mutate(
      { name: setting.name, value: valueOf(setting, draft) },
      {
        onSuccess: (saved) => {
          setEdited(null);
          setSavedAt(saved.updated_at);
        },
      },
    );
  };
  const toggleRegion = (region: string, isChosen: boolean) =>
    setEdited({
      ...draft,
      regions: props.regions.filter((r) => (r === region ? isChosen : draft.regions.includes(r))),
    });

  return (
    <Card className="mb-3" as="section" aria-labelledby={`${id}-title`}>
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between gap-2">
          <div className="min-w-0">
            <Card.Title as="h2" className="h5 mb-1" id={`${id}-title`}>
              {setting.label}
            </Card.Title>
            <p className="small text-body-secondary mb-2">
              <code>{setting.name}</code>
            </p>
          </div>
        </div>
        <p className="mb-2">{setting.description}</p>
        <p className="mb-3 small">
          <strong>Now:</strong> {setting.effect}
        </p>
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            if (setting.name === 'maintenance') setIsConfirming(true);
            else save();
          }}
          aria-label={setting.label}
        >
          <Form.Check
            type="switch"
            id={`${id}-switch`}
            label={setting.label}
            checked={draft.isOn}
            onChange={(event) => setEdited({ ...draft, isOn: event.target.checked })}
          />
          {setting.kind === 'region_list' && draft.isOn ? (
            <fieldset className="mt-2 ms-4">
              <legend className="form-label fs-6 mb-1">Regions that see margin</legend>
              {props.regions.map((region) => (
                <Form.Check
                  key={region}
                  inline
                  type="checkbox"
                  id={`${id}-region-${region}`}
                  label={region}
                  checked={draft.regions.includes(region)}
                  onChange={(event) => toggleRegion(region, event.target.checked)}
                />
              ))}
              {needsRegion ? (
                <Form.Text className="d-block text-danger" role="alert">
                  Choose at least one region, or switch this setting off.
                </Form.Text>
              ) : null}
            </fieldset>
          ) : null}
          {props.extra}
          {update.error ? (
            <Alert variant="danger" className="mt-3 mb-0 py-2" role="alert">
              {update.error.message}
            </Alert>
          ) : null}
          {savedAt && !isChanged && !update.error ? (
            <Alert variant="success" className="mt-3 mb-0 py-2" role="status">
              Saved. Everyone signed in sees the change within a minute.
            </Alert>
          ) : null}
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
            <small className="text-body-secondary">
              <LastChange setting={setting} />
            </small>
            <PendingIconButton
              type="submit"
              icon="bi-check2"
              isPending={update.isPending}
              disabled={!isChanged || needsRegion}
              aria-label={`Save ${setting.label}`}
            >
              Save
            </PendingIconButton>
          </div>
        </Form>
      </Card.Body>
      {setting.name === 'maintenance' ? (
        <Modal
          show={isConfirming}
          onHide={() => setIsConfirming(false)}
          aria-labelledby={`${id}-confirm-title`}
        >
          <Modal.Header closeButton>
            <Modal.Title id={`${id}-confirm-title`}>
              {draft.isOn ? 'Turn maintenance on?' : 'Turn maintenance off?'}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {draft.isOn
              ? 'Everyone but root and IT administrators will see the maintenance message instead of the application, and their work in progress will be refused until you turn it off.'
              : 'Everyone will be able to use the application again.'}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={() => setIsConfirming(false)}>
              Cancel
            </Button>
            <Button variant={draft.isOn ? 'warning' : 'primary'} onClick={save}>
              {draft.isOn ? 'Turn maintenance on' : 'Turn maintenance off'}
            </Button>
          </Modal.Footer>
        </Modal>
      ) : null}
    </Card>
  );
}
