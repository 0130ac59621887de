import { ZDiscountScheduleChoiceForm } from '@bastion/domain/pricing/methods-schema';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { LoadState } from '@/components/admin/admin-layout.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { SelectField } from '@/components/form/fields.tsx';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import {
  useAssignDiscountSchedule,
  useCancelScheduledMethod,
  useDiscountSchedules,
  useSkuPricing,
  type PricingMethodRowView,
  type SkuPricingView,
} from '../api/pricing-methods.ts';
import { cancelScheduledColumn } from './cancel-scheduled-column.tsx';
import { formatDay, PRICE_STATUS_BADGES } from './catalog-labels.ts';
import { PriceBlocksEditor, PriceBlocksList } from './price-blocks-editor.tsx';
import { LoadedPriceHistory, PriceHistoryTables } from './price-history-table.tsx';
import { PricingMethodForm } from './pricing-method-form.tsx';
import { METHOD_LABELS, methodText, SCHEDULE_TYPE_LABELS } from './pricing-method-labels.ts';
import './pricing-methods.css';

const column = createColumnHelper<PricingMethodRowView>();

const HISTORY_COLUMNS = [
  column.accessor('effective_from', {
    enableSorting: false,
    header: 'In effect',
    cell: ({ row: { original: row } }) => (
      <>
        <div className="text-nowrap">{formatDay(row.effective_from)}</div>
        <div className="small text-body-secondary text-nowrap">
          {row.effective_to ? `to ${formatDay(row.effective_to)}` : 'onwards'}
        </div>
      </>
    ),
  }),
  column.accessor('method', {
    enableSorting: false,
    header: 'Method',
    meta: { isText: true },
    cell: ({ row: { original: row } }) => (
      <>
        <div className="fw-semibold">{METHOD_LABELS[row.method]}</div>
        <div className="small text-break">{methodText(row)}</div>
      </>
    ),
  }),
  column.accessor('status', {
    enableSorting: false,
    header: 'Status',
    meta: { isText: true },
    cell: ({ row: { original: row } }) => {
      const badge = PRICE_STATUS_BADGES[row.status];
      return (
        <>
          <StatusBadge label={badge.label} tone={badge.tone} />
          <div className="small text-body-secondary text-break">
            {row.created_by_email ?? 'Catalogue load'}
          </div>
        </>
      );
    },
  }),
];

/** The discount schedule the SKU's volume discount follows; admins choose it. */
function DiscountScheduleChoice(props: {
  view: SkuPricingView;
  canAdminister: boolean;
  context: string;
}) {
  const { view } = props;
  const schedules = useDiscountSchedules();
  const assign = useAssignDiscountSchedule();
  const form = useZodForm(ZDiscountScheduleChoiceForm, {
    defaultValues: { sku: view.sku, schedule_id: view.discount_schedule_id ?? '' },
  });
  const list = schedules.data?.schedules ?? [];
  const current = list.find((schedule) => schedule.id === view.discount_schedule_id);
  const pageLink = (
    <Link to={`/${props.context}/discount-schedules/ref`} className="small">
      Discount schedules
    </Link>
  );
  if (!props.canAdminister) {
    return (
      <p className="mb-0">
        {view.discount_schedule_id === null
          ? 'Its own volume tiers (no discount schedule).'
          : `${current?.name ?? view.discount_schedule_id}${
              current ? ` (${SCHEDULE_TYPE_LABELS[current.schedule_type]})` : ''
            }`}{' '}
        {pageLink}
      </p>
    );
  }
  return (
    <AppForm
      form={form}
      error={assign.error}
      aria-label={`Discount schedule of ${view.sku}`}
      onSubmit={(body) =>
        assign.mutateAsync(body, { onSuccess: () => form.reset(form.getValues()) })
      }
    >
      <div className="d-flex flex-wrap align-items-end gap-2">
        <SelectField
          name="schedule_id"
          label="Discount schedule"
          className="mb-0 flex-grow-1"
          emptyLabel={schedules.isPending ? 'Loading…' : 'None: its own volume tiers'}
          options={list.map((schedule) => ({
            value: schedule.id,
            label: `${schedule.name} (${SCHEDULE_TYPE_LABELS[schedule.schedule_type]})`,
          }))}
        />
        <SubmitButton isPending={assign.isPending} isDisabled={!form.formState.isDirty}>
          Save schedule
        </SubmitButton>
      </div>
      <div className="form-text">
        A SKU on a schedule takes its volume discount from the schedule’s tiers. {pageLink}
      </div>
      <FormProblem error={assign.error} className="mt-2 mb-0" />
      {assign.isSuccess && !form.formState.isDirty ? (
        <Alert variant="success" className="mt-2 mb-0" role="status">
          {assign.data.discount_schedule_id === null
            ? 'Taken off its schedule: its own volume tiers apply.'
            : `Put on ${current?.name ?? assign.data.discount_schedule_id}.`}
        </Alert>
      ) : null}
    </AppForm>
  );
}

function PricingDetails(props: { view: SkuPricingView; canAdminister: boolean; context: string }) {
  const { view, canAdminister } = props;
  const cancel = useCancelScheduledMethod();
  const [formMethod, setFormMethod] = useState<string | null>(null);
  const onMethodChange = useCallback((method: string) => setFormMethod(method), []);
  const inEffect = view.rows.find((row) => row.status === 'in_effect');
  const isBlockUsed =
    formMethod === 'BLOCK' ||
    view.blocks.length > 0 ||
    view.rows.some((row) => row.method === 'BLOCK' && row.status !== 'past');
  const columns = canAdminister
    ? [
        ...HISTORY_COLUMNS,
        cancelScheduledColumn({
          what: (row: PricingMethodRowView) => `${METHOD_LABELS[row.method]} method`,
          noun: 'method',
          onCancel: (row) => cancel.mutate({ id: row.id }),
          cancellingId: cancel.isPending ? (cancel.variables?.id ?? null) : null,
        }),
      ]
    : HISTORY_COLUMNS;

  return (
    <div className="d-flex flex-column gap-3">
      <p className="mb-0">
        <span className="text-body-secondary">{`Today (${formatDay(view.today)}): `}</span>
        <span className="fw-semibold">{METHOD_LABELS[view.method_today]}</span>
        {inEffect ? ` · ${methodText(inEffect)}` : ' · the SKU’s list price'}
      </p>
      {cancel.isError ? (
        <Alert variant="danger" role="alert" dismissible onClose={() => cancel.reset()}>
          {cancel.error.message}
        </Alert>
      ) : null}
      {view.rows.length > 0 ? (
        <DataTable
          caption={`Pricing methods of ${view.sku}`}
          size="sm"
          data={view.rows}
          getRowId={(row) => row.id}
          columns={columns}
          rowClassName={(row) => (row.status === 'past' ? 'text-body-secondary' : undefined)}
        />
      ) : (
        <p className="small text-body-secondary mb-0">
          No method set: the SKU is priced from its list price.
        </p>
      )}
      {canAdminister ? (
        <section aria-labelledby="method-change-heading">
          <h4 id="method-change-heading" className="h6">
            Schedule a method change
          </h4>
          <PricingMethodForm view={view} onMethodChange={onMethodChange} />
        </section>
      ) : null}
      {isBlockUsed ? (
        <section aria-labelledby="method-bands-heading">
          <h4 id="method-bands-heading" className="h6">
            Block bands
          </h4>
          {canAdminister ? (
            <PriceBlocksEditor view={view} />
          ) : (
            <PriceBlocksList blocks={view.blocks} />
          )}
        </section>
      ) : null}
      <section aria-labelledby="method-schedule-heading">
        <h4 id="method-schedule-heading" className="h6">
          Volume discount
        </h4>
        <DiscountScheduleChoice {...props} />
      </section>
    </div>
  );
}

/**
 * Issue 35: how the SKU's unit list price is worked out beyond its price row (list, percent of
 * total, block, cost plus) over time, its block bands and its discount schedule. Every catalogue
 * reader sees them; admins schedule changes. A chunk of its own, loaded with the SKU panel.
 */
export function PricingMethodSection(props: {
  sku: string;
  canAdminister: boolean;
  context: string;
}) {
  const pricing = useSkuPricing(props.sku);
  return (
    <LoadState query={pricing} what="the pricing method">
      {(view) => (
        <PricingDetails view={view} canAdminister={props.canAdminister} context={props.context} />
      )}
    </LoadState>
  );
}

/** A SKU's price rows in every currency, for the admins' part of the SKU panel. */
export function SkuPriceHistory({ code }: { code: string }) {
  return (
    <LoadedPriceHistory code={code}>
      {(history) => <PriceHistoryTables history={history} />}
    </LoadedPriceHistory>
  );
}
