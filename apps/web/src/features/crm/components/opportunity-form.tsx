import { ZOpportunityForm, type OpportunityFormValues } from '@bastion/domain/crm/schemas';
import { formatCurrency } from '@bastion/domain/format/currency';
import { formatDateTime } from '@bastion/domain/format/date-time';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { useZodForm } from '@/components/form/form.tsx';
import {
  useCrmOpportunity,
  useSaveCrmOpportunity,
  useSetCrmOpportunityRemoved,
  type CrmOpportunity,
} from '../api/crm-opportunities.ts';
import {
  ChannelFields,
  OpportunityFields,
  PeopleFields,
  TermsFields,
} from './opportunity-fields.tsx';
import { loadedEditor, RecordForm, type RecordEditorProps } from './record-list-parts.tsx';
import { textOf } from './record-options.ts';

type Change = 'saved' | 'removed' | 'restored';
type OnSaved = (opportunity: CrmOpportunity, change: Change) => void;

function valuesOf(o: CrmOpportunity | null): OpportunityFormValues {
  return {
    ...(o ? { id: o.id } : {}),
    name: o?.name ?? '',
    account_id: o?.account_id ?? '',
    partner_account_id: o?.partner_account_id ?? '',
    partner_contact_id: o?.partner_contact_id ?? '',
    distributor_account_id: o?.distributor_account_id ?? '',
    // '' until chosen: the form says so when it is saved without one.
    region: (o?.region ?? '') as OpportunityFormValues['region'],
    deal_type: (o?.deal_type ?? '') as OpportunityFormValues['deal_type'],
    stage: o?.stage ?? '',
    currency_code: (o?.currency_code ?? 'USD') as OpportunityFormValues['currency_code'],
    amount: o?.amount ?? '',
    close_date: o?.close_date ?? '',
    contract_start_date: o?.contract_start_date ?? '',
    payment_term_days: textOf(o?.payment_term_days),
    payment_term_name: o?.payment_term_name ?? '',
    partner_payment_term_days: textOf(o?.partner_payment_term_days),
    partner_payment_term_name: o?.partner_payment_term_name ?? '',
    sla: o?.sla ?? '',
    is_registered_deal: o?.is_registered_deal ?? false,
    deal_reg: o?.deal_reg ?? '',
    is_public_sector: o?.is_public_sector ?? false,
    products_evaluated: o?.products_evaluated ?? '',
    owner_email: o?.owner_email ?? '',
    owner_name: o?.owner_name ?? '',
    csm_name: o?.csm_name ?? '',
    csm_email: o?.csm_email ?? '',
    cam_name: o?.cam_name ?? '',
    cam_email: o?.cam_email ?? '',
    team: o?.team ?? [],
  };
}

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const when = (iso: string) => formatDateTime(Date.parse(iso) / 1000, userTimeZone);

/** The opportunity edit panel's content: loads the opportunity (none for a new one). */
export const OpportunityForm = loadedEditor({
  useRecord: useCrmOpportunity,
  what: 'the opportunity',
  Editor: OpportunityEditor,
});

function OpportunityEditor({
  record: opportunity,
  onSaved,
  onCancel,
}: RecordEditorProps<CrmOpportunity, OnSaved>) {
  const form = useZodForm(ZOpportunityForm, { defaultValues: valuesOf(opportunity) });
  const save = useSaveCrmOpportunity();

  return (
    <>
      {opportunity ? <OpportunityFacts opportunity={opportunity} /> : null}
      {opportunity && opportunity.products.length > 0 ? (
        <OpportunityProducts opportunity={opportunity} />
      ) : null}
      <RecordForm
        form={form}
        save={save}
        aria-label="Opportunity"
        onSaved={(saved) => onSaved(saved, 'saved')}
        onCancel={onCancel}
      >
        <OpportunityFields />
        <ChannelFields opportunity={opportunity} />
        <TermsFields />
        <PeopleFields />
      </RecordForm>
      {opportunity ? <RemoveOrRestore opportunity={opportunity} onSaved={onSaved} /> : null}
    </>
  );
}

/** Its id, who made and changed it when, and its quote. */
function OpportunityFacts({ opportunity }: { opportunity: CrmOpportunity }) {
  return (
    <div className="small text-body-secondary mb-3">
      <div>
        <code>{opportunity.id}</code>
        {opportunity.removed_at ? (
          <Badge bg="danger" className="ms-2">
            Removed {when(opportunity.removed_at)}
          </Badge>
        ) : null}
      </div>
      <div>
        Created {when(opportunity.created_on)}
        {opportunity.created_by ? ` by ${opportunity.created_by}` : ''}; last changed{' '}
        {when(opportunity.modified_on)}
        {opportunity.modified_by ? ` by ${opportunity.modified_by}` : ''}.
      </div>
      {opportunity.quote_number ? (
        <div>
          Quote {opportunity.quote_number} ({opportunity.quote_status ?? 'no status'}).
        </div>
      ) : null}
    </div>
  );
}

/**
 * Its products, read-only: typed in the CRM, or written from the primary quote's lines (decision
 * 044), which Bastion rewrites whenever that quote changes.
 */
function OpportunityProducts({ opportunity }: { opportunity: CrmOpportunity }) {
  const money = (minor: number) => formatCurrency(minor, opportunity.currency_code);
  const total = opportunity.products.reduce((sum, product) => sum + product.total_minor, 0);
  return (
    <section className="mb-3" aria-labelledby="opportunity-products-heading">
      <h3 id="opportunity-products-heading" className="h6">
        Products
      </h3>
      <Table responsive size="sm" className="mb-1 small" aria-label="Products of the opportunity">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="text-end">
              Qty
            </th>
            <th scope="col" className="text-end">
              Unit price
            </th>
            <th scope="col" className="text-end">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {opportunity.products.map((product) => (
            <tr key={product.id}>
              <td>
                <div>
                  {product.name} <code className="small">{product.product_code}</code>
                </div>
                <div className="text-body-secondary">
                  {product.source === 'quote'
                    ? `From ${product.description}`
                    : ['Typed in the CRM', product.description].filter(Boolean).join(' · ')}
                </div>
              </td>
              <td className="text-end">{product.quantity.toLocaleString('en-US')}</td>
              <td className="text-end text-nowrap">{money(product.unit_price_minor)}</td>
              <td className="text-end text-nowrap">{money(product.total_minor)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="text-end">
              Total
            </th>
            <td className="text-end text-nowrap fw-semibold">{money(total)}</td>
          </tr>
        </tfoot>
      </Table>
    </section>
  );
}

/** Takes the opportunity out of the lists, or puts it back, after asking. */
function RemoveOrRestore({
  opportunity,
  onSaved,
}: {
  opportunity: CrmOpportunity;
  onSaved: OnSaved;
}) {
  const removal = useSetCrmOpportunityRemoved();
  const isRemoved = opportunity.removed_at !== null;
  return (
    <div className="border-top pt-3 mt-3">
      {removal.isError ? (
        <div className="text-danger small mb-2" role="alert">
          {removal.error.message}
        </div>
      ) : null}
      <ConfirmButton
        label={isRemoved ? 'Restore' : 'Remove'}
        text={isRemoved ? 'Restore' : 'Remove'}
        variant={isRemoved ? 'success' : 'danger'}
        question={
          isRemoved
            ? 'Put this opportunity back in the lists, so quotes can be made from it again?'
            : 'Take this opportunity out of the lists? No new quote can be made from it; quotes already made keep it. You can restore it later.'
        }
        confirmText={isRemoved ? 'Restore opportunity' : 'Remove opportunity'}
        isPending={removal.isPending}
        onConfirm={() =>
          removal.mutate(
            { id: opportunity.id, isRemoved: !isRemoved },
            { onSuccess: (saved) => onSaved(saved, isRemoved ? 'restored' : 'removed') },
          )
        }
      />
    </div>
  );
}
