import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { NoData } from '@/components/no-data.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { SidePanel } from '@/components/side-panel.tsx';
import { useSession } from '../../auth/index.ts';
import { useProductRules, type ProductRuleView } from '../api/product-rules.ts';
import { formatDay } from '../components/catalog-labels.ts';
import {
  KIND_LABELS,
  ProductRuleEditor,
  SCOPE_LABELS,
} from '../components/product-rule-editor.tsx';
import { SuccessNotice } from '../components/success-notice.tsx';

/** What a rule does, in a word or two: its kind and how it acts. */
function howItActs(rule: ProductRuleView) {
  if (rule.kind === 'validation') return rule.severity === 'warning' ? 'Warning' : 'Error';
  if (rule.kind === 'selection') return rule.apply === 'automatic' ? 'Automatic' : 'Offered';
  return rule.kind === 'filter' ? 'Hides SKUs' : 'Suggests lines';
}

function whenInForce(rule: ProductRuleView) {
  if (!rule.effective_from && !rule.effective_to) return 'Always';
  const from = rule.effective_from ? formatDay(rule.effective_from) : '…';
  const to = rule.effective_to ? formatDay(rule.effective_to) : '…';
  return `${from} – ${to}`;
}

/**
 * Product rules (issue 34, /{context}/product-rules/{ref}): what a quote's lines need, may not
 * combine, should add, or may not be offered; catalogue admins define them, test them on a
 * quote, and see a rule the catalogue no longer satisfies marked as not applied.
 */
export function ProductRulesPage() {
  const { permissions } = useSession().user;
  const canAdminister = permissions.is_catalog_admin || permissions.is_root_admin;
  const rules = useProductRules();
  const [panel, setPanel] = useState<{ rule: ProductRuleView | null; isOpen: boolean } | null>(
    null,
  );
  const [notice, setNotice] = useState<string | null>(null);

  if (!canAdminister) {
    return (
      <>
        <PageHeader title="Product rules" />
        <NoData
          icon="bi-lock"
          title="Catalogue admins only"
          message="Ask a catalogue administrator to change the product rules."
        />
      </>
    );
  }
  const list = rules.data?.rules ?? [];
  return (
    <>
      <PageHeader
        title="Product rules"
        subtitle="What a quote's products need, may not combine, should add, or may not be offered. Sellers see them on the configure page."
        actions={
          <Button onClick={() => setPanel({ rule: null, isOpen: true })}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            New rule
          </Button>
        }
      />
      <SuccessNotice message={notice} onClose={() => setNotice(null)} />
      {rules.isError ? (
        <NoData
          icon="bi-exclamation-triangle"
          title="The rules could not be loaded"
          message={rules.error.message}
        />
      ) : list.length === 0 && !rules.isPending ? (
        <NoData
          icon="bi-diagram-3"
          title="No product rules yet"
          message="Add the first with New rule."
        />
      ) : (
        <div className="table-responsive">
          <Table hover className="align-middle" aria-label="Product rules">
            <thead>
              <tr>
                <th scope="col">Rule</th>
                <th scope="col">Kind</th>
                <th scope="col">Reads</th>
                <th scope="col" className="text-end">
                  Priority
                </th>
                <th scope="col">In force</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.map((rule) => (
                <tr key={rule.id}>
                  <td>
                    <button
                      type="button"
                      className="btn btn-link p-0 text-start fw-semibold"
                      onClick={() => setPanel({ rule, isOpen: true })}
                    >
                      {rule.name}
                    </button>
                    {rule.message ? (
                      <div className="small text-body-secondary text-break">{rule.message}</div>
                    ) : null}
                  </td>
                  <td className="text-nowrap">
                    {KIND_LABELS[rule.kind]}
                    <div className="small text-body-secondary">{howItActs(rule)}</div>
                  </td>
                  <td className="small">
                    {SCOPE_LABELS[rule.scope as keyof typeof SCOPE_LABELS] ?? rule.scope}
                  </td>
                  <td className="text-end">{rule.priority}</td>
                  <td className="small text-nowrap">{whenInForce(rule)}</td>
                  <td>
                    {rule.problem ? (
                      <Badge bg="danger" title={rule.problem}>
                        Not applied
                      </Badge>
                    ) : rule.failure ? (
                      <Badge bg="danger" title={rule.failure.message}>
                        Broken
                      </Badge>
                    ) : rule.is_active ? (
                      <Badge bg="success">Active</Badge>
                    ) : (
                      <Badge bg="secondary">Inactive</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {panel ? (
        <SidePanel
          show={panel.isOpen}
          title={panel.rule ? panel.rule.name : 'New product rule'}
          onHide={() => setPanel((current) => current && { ...current, isOpen: false })}
          onExited={() => setPanel(null)}
        >
          <ProductRuleEditor
            key={panel.rule ? `${panel.rule.id}:${panel.rule.version}` : 'new'}
            rule={panel.rule}
            onSaved={(saved, verb) => {
              setNotice(`${verb} ${saved.name}.`);
              setPanel({ rule: saved, isOpen: true });
            }}
            onDeleted={(name) => {
              setNotice(`Deleted ${name}.`);
              setPanel((current) => current && { ...current, isOpen: false });
            }}
            onClose={() => setPanel((current) => current && { ...current, isOpen: false })}
          />
        </SidePanel>
      ) : null}
    </>
  );
}
