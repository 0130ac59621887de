import { createColumnHelper } from '@tanstack/react-table';
import { AdminScreen } from '@/components/admin/admin-screen.tsx';
import { editColumn } from '@/components/admin/admin-parts.tsx';
import { ReadOnlyNotice } from '@/components/admin/admin-layout.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { useSession } from '../../auth/index.ts';
import { useDiscountSchedules, type DiscountScheduleView } from '../api/pricing-methods.ts';
import { plural } from '../components/catalog-labels.ts';
import { DiscountScheduleEditor } from '../components/discount-schedule-editor.tsx';
import { AGGREGATE_LABELS, SCHEDULE_TYPE_LABELS } from '../components/pricing-method-labels.ts';
import { TermDiscountsSection } from '../components/term-discounts-section.tsx';
import '../components/pricing-methods.css';

const column = createColumnHelper<DiscountScheduleView>();

/** A schedule's tiers in one line, each kept whole: "100+ 5 % · 500+ 10 %". */
const TierList = ({ schedule }: { schedule: DiscountScheduleView }) => (
  <span className="small">
    {schedule.tiers.map((tier, index) => (
      <span key={tier.min_quantity}>
        {index > 0 ? ' · ' : null}
        <span className="text-nowrap">{`${tier.min_quantity.toLocaleString('en-US')}+ ${tier.percent} %`}</span>
      </span>
    ))}
  </span>
);

const SCHEDULE_COLUMNS = [
  column.accessor('name', {
    enableSorting: false,
    header: 'Schedule',
    meta: { isText: true, isRowHeader: true },
    cell: ({ row: { original: schedule } }) => (
      <>
        <div className="fw-semibold">{schedule.name}</div>
        <div className="small text-body-secondary">
          {`${schedule.id} · ${SCHEDULE_TYPE_LABELS[schedule.schedule_type]}`}
        </div>
      </>
    ),
  }),
  column.accessor('tiers', {
    enableSorting: false,
    header: 'Tiers',
    meta: { isText: true },
    cell: ({ row: { original: schedule } }) => <TierList schedule={schedule} />,
  }),
  column.accessor('aggregate', {
    enableSorting: false,
    header: 'Counts',
    meta: { isText: true, priority: 'secondary' },
    cell: ({ row: { original: schedule } }) => (
      <span className="small">
        {AGGREGATE_LABELS[schedule.aggregate]}
        {schedule.include_installed_base ? ', with the installed base' : ''}
      </span>
    ),
  }),
  column.accessor('skus', {
    enableSorting: false,
    header: 'SKUs',
    meta: { align: 'end', priority: 'secondary' },
    cell: ({ getValue }) => (
      <span title={getValue().join(', ')}>{plural(getValue().length, 'SKU', 'SKUs')}</span>
    ),
  }),
];

/**
 * Discount schedules and term discounts (issue 35, /{context}/discount-schedules/{ref}): the
 * volume discounts SKUs share (range or slab, over a SKU's or a family's units, with the
 * installed base or not) and the discounts by contract length. Everyone with a catalog role
 * reads them; catalogue admins change them. SKUs are put on a schedule from their panel.
 */
export function DiscountSchedulesPage() {
  const { permissions } = useSession().user;
  const canEdit = permissions.is_catalog_admin || permissions.is_root_admin;
  const schedules = useDiscountSchedules();
  return (
    <>
      <AdminScreen<{ schedules: DiscountScheduleView[] }, DiscountScheduleView>
        title="Discount schedules"
        subtitle="Volume discounts SKUs share, and discounts by contract length. A SKU is put on a schedule from its panel in the catalogue."
        query={schedules}
        what="the discount schedules"
        whoSees="catalogue users and admins"
        newLabel="New schedule"
        canCreate={canEdit}
        panelTitle={(schedule) => schedule?.name ?? 'New discount schedule'}
        banner={
          canEdit ? null : <ReadOnlyNotice whoCanEdit="catalogue admins" what="the schedules" />
        }
        list={(data, controls) => (
          <DataTable
            caption="Discount schedules"
            data={data.schedules}
            getRowId={(schedule) => schedule.id}
            columns={
              canEdit
                ? [
                    ...SCHEDULE_COLUMNS,
                    editColumn<DiscountScheduleView>(
                      (schedule) => `Edit ${schedule.name}`,
                      controls.open,
                    ),
                  ]
                : SCHEDULE_COLUMNS
            }
            onRowOpen={canEdit ? controls.open : undefined}
            activeRowId={controls.activeRow?.id ?? null}
            narrowDetail
            emptyState="No discount schedules yet: SKUs take their own volume tiers."
          />
        )}
        editor={(schedule, controls) => (
          <DiscountScheduleEditor
            key={schedule?.updated_at ?? 'new'}
            schedule={schedule}
            onSaved={(saved, verb) => controls.done(`${verb} ${saved.name}.`)}
            onDeleted={(name) => controls.done(`Deleted ${name}.`)}
            onClose={controls.close}
          />
        )}
      />
      <TermDiscountsSection canEdit={canEdit} />
    </>
  );
}
