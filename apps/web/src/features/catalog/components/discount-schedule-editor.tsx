import { MAX_SCHEDULE_TIERS } from '@bastion/domain/pricing/method-messages';
import { SCHEDULE_AGGREGATES, SCHEDULE_TYPES } from '@bastion/domain/pricing/methods';
import {
  ZDiscountScheduleForm,
  type DiscountScheduleFormValues,
} from '@bastion/domain/pricing/methods-schema';
import Button from 'react-bootstrap/Button';
import { useFieldArray } from 'react-hook-form';
import { RadioGroupField } from '@/components/form/choice-fields.tsx';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { AddRowButton } from '@/components/add-row-button.tsx';
import { fieldArrayColumns } from '@/components/data-table/field-array-columns.tsx';
import { FieldRow } from '@/components/form/field-row.tsx';
import { CheckboxField, SelectField, TextField } from '@/components/form/fields.tsx';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import {
  useDeleteDiscountSchedule,
  useSaveDiscountSchedule,
  type DiscountScheduleView,
} from '../api/pricing-methods.ts';
import {
  AGGREGATE_LABELS,
  SCHEDULE_TYPE_HELP,
  SCHEDULE_TYPE_LABELS,
} from './pricing-method-labels.ts';
import './pricing-methods.css';

type TierRow = DiscountScheduleFormValues['tiers'][number] & { id: string };

function valuesOf(schedule: DiscountScheduleView | null): DiscountScheduleFormValues {
  return {
    is_new: schedule === null,
    id: schedule?.id ?? '',
    name: schedule?.name ?? '',
    schedule_type: schedule?.schedule_type ?? 'RANGE',
    aggregate: schedule?.aggregate ?? 'SKU',
    include_installed_base: schedule?.include_installed_base ?? false,
    tiers: (schedule?.tiers ?? [{ min_quantity: 1, percent: '0' }]).map((tier) => ({
      min_quantity: String(tier.min_quantity),
      percent: tier.percent,
    })),
    updated_at: schedule?.updated_at ?? null,
  };
}

function tierColumns(onRemove: (index: number) => void) {
  const columns = fieldArrayColumns<TierRow>('tiers', (_, index) => `tier ${index + 1}`);
  return [
    columns.text({
      field: 'min_quantity',
      header: 'From units',
      label: 'First unit',
      inputMode: 'numeric',
      className: 'pricing-quantity-field',
    }),
    columns.text({
      field: 'percent',
      header: 'Discount',
      label: 'Discount',
      inputMode: 'decimal',
      suffix: '%',
      className: 'pricing-percent-field',
    }),
    columns.remove(onRemove),
  ];
}

/**
 * Adds or changes a discount schedule: its code (fixed once made), name, type (range or slab),
 * the quantity it counts, whether the customer's installed base counts too, and its tiers, all
 * saved at once. A schedule no SKU follows can be deleted.
 */
export function DiscountScheduleEditor(props: {
  schedule: DiscountScheduleView | null;
  onSaved: (saved: DiscountScheduleView, verb: 'Added' | 'Saved') => void;
  onDeleted: (name: string) => void;
  onClose: () => void;
}) {
  const { schedule } = props;
  const form = useZodForm(ZDiscountScheduleForm, { defaultValues: valuesOf(schedule) });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const save = useSaveDiscountSchedule();
  const remove = useDeleteDiscountSchedule();
  // The tiers' own message (none, too many), which no one tier's field shows.
  const tiersErrors = form.formState.errors.tiers;
  const tiersError = tiersErrors?.message ?? tiersErrors?.root?.message;

  return (
    <AppForm
      form={form}
      error={save.error}
      aria-label={schedule ? `Edit ${schedule.name}` : 'New discount schedule'}
      leaveGuard={schedule ? `the schedule ${schedule.name}` : 'the new schedule'}
      onSubmit={(body) =>
        save.mutateAsync(body, {
          onSuccess: (saved) => props.onSaved(saved, schedule ? 'Saved' : 'Added'),
        })
      }
    >
      <FieldRow widths={[5, 7]}>
        <TextField
          name="id"
          label="Code"
          isRequired
          isDisabled={schedule !== null}
          maxLength={40}
          placeholder="EP-VOLUME"
          className="mb-3 sku-code-field"
          help={schedule ? 'The code of a schedule never changes.' : undefined}
        />
        <TextField name="name" label="Name" isRequired maxLength={120} />
      </FieldRow>
      <RadioGroupField
        name="schedule_type"
        legend="Type"
        options={SCHEDULE_TYPES.map((type) => ({
          value: type,
          label: (
            <>
              <span className="fw-semibold">{SCHEDULE_TYPE_LABELS[type]}</span>
              <span className="text-body-secondary">{` · ${SCHEDULE_TYPE_HELP[type]}`}</span>
            </>
          ),
        }))}
      />
      <SelectField
        name="aggregate"
        label="Quantity counted"
        options={SCHEDULE_AGGREGATES.map((value) => ({ value, label: AGGREGATE_LABELS[value] }))}
        help="All the quote’s lines together."
      />
      <CheckboxField
        name="include_installed_base"
        label="Count the customer’s installed base of the same SKU"
        help="Units the customer already has under contract count towards the tiers."
      />
      <fieldset className="pricing-rows mt-3 mb-3">
        <legend className="form-label fs-6 mb-1">Tiers</legend>
        <DataTable
          caption="Tiers"
          size="sm"
          getRowId={(row) => row.id}
          data={tiers.fields}
          columns={tierColumns(tiers.remove)}
          emptyState="No tiers: add at least one."
        />
        {tiersError ? (
          <div className="text-danger small" role="alert">
            {tiersError}
          </div>
        ) : null}
        {tiers.fields.length < MAX_SCHEDULE_TIERS ? (
          <AddRowButton
            className="mt-2"
            onClick={() => tiers.append({ min_quantity: '', percent: '' })}
          >
            Add tier
          </AddRowButton>
        ) : null}
      </fieldset>
      <FormProblem error={save.error ?? remove.error} className="mb-3" />
      <div className="d-flex flex-wrap align-items-center gap-2">
        <SubmitButton isPending={save.isPending}>
          {schedule ? 'Save schedule' : 'Add schedule'}
        </SubmitButton>
        <Button variant="outline-secondary" onClick={props.onClose}>
          Close
        </Button>
        {schedule ? (
          <div className="ms-auto">
            <ConfirmButton
              label={`Delete ${schedule.name}`}
              text="Delete"
              question="Delete this schedule?"
              confirmText="Delete it"
              cancelText="Keep"
              isPending={remove.isPending}
              onConfirm={() =>
                remove.mutate(
                  { id: schedule.id },
                  { onSuccess: () => props.onDeleted(schedule.name) },
                )
              }
            />
          </div>
        ) : null}
      </div>
    </AppForm>
  );
}
