import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import {
  useCostLookups,
  useDeleteCostLookup,
  useSaveCostLookup,
  type CostLookup,
  type CostLookupFamily,
  type CostLookupList,
} from '../api/cost-lookups.ts';
import type { LookupKind } from '../api/margin-data-keys.ts';
import { isSamePercent, percentProblem } from '../components/input-checks.ts';
import { LOOKUP_KIND_LABELS, LOOKUP_KINDS } from '../components/kind-labels.ts';
import {
  LoadState,
  MARGIN_EDITORS,
  MarginDataLayout,
  ReadOnlyNotice,
} from '../components/margin-data-layout.tsx';
import { fieldProblemsOf, problemOf } from '../components/problem-of.ts';
import {
  ConfirmRemoveButton,
  PercentInput,
  RowStatus,
  SaveButton,
} from '../components/row-controls.tsx';

const skuCount = (n: number) => (n === 1 ? '1 SKU' : `${n.toLocaleString('en-US')} SKUs`);

/** mc-cost-lookup (spec §2): cost as a share of list price, per product family and kind. */
export function CostLookupPage() {
  const lookups = useCostLookups();
  return (
    <MarginDataLayout
      title="Cost lookup"
      subtitle="What subscriptions, support and services cost, as a percentage of their USD list price, per product family."
      isMarginData
    >
      <LoadState query={lookups} what="margin data">
        {(data) => <CostLookupContent data={data} />}
      </LoadState>
    </MarginDataLayout>
  );
}

function CostLookupContent({ data }: { data: CostLookupList }) {
  const withoutDefault = data.families.filter((f) => !f.has_default && f.sku_count > 0);
  const familyById = new Map(data.families.map((f) => [f.id, f]));
  const groups = data.families
    .map((family) => ({ family, rows: data.rows.filter((r) => r.family_id === family.id) }))
    .filter((group) => group.rows.length > 0);
  return (
    <div className="d-flex flex-column gap-3">
      {data.can_edit ? null : <ReadOnlyNotice whoCanEdit={MARGIN_EDITORS} />}
      {withoutDefault.length > 0 ? (
        <Alert variant="warning" className="mb-0">
          <div className="fw-semibold">Families without a default row</div>
          {withoutDefault.map((f) => `${f.name} (${skuCount(f.sku_count)})`).join(', ')}: their
          subscriptions, support and services without a row of their own kind have no cost, so
          quotes with them show no margin.
        </Alert>
      ) : null}
      <Card>
        <Card.Body>
          <p className="text-body-secondary">
            Unit cost = USD list price × the family&apos;s percentage for the SKU&apos;s kind (or
            the family default when the kind has no row), plus the kind&apos;s markup. Support also
            adds its family&apos;s support cases. Hardware and access points are costed per SKU
            instead, under Hardware SKU costs.
          </p>
          <Table responsive className="mb-0 align-middle" aria-label="Cost lookups">
            <thead className="text-nowrap">
              <tr>
                <th scope="col">Product family</th>
                <th scope="col">Applies to</th>
                <th scope="col" className="text-end">
                  Cost % of USD list
                </th>
                {data.can_edit ? (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            {groups.map(({ family, rows }) => (
              <tbody key={family.id}>
                {rows.map((row, index) => (
                  <CostLookupRow
                    key={row.product_kind}
                    row={row}
                    family={familyById.get(row.family_id)}
                    isFirstOfFamily={index === 0}
                    familyRowCount={rows.length}
                    canEdit={data.can_edit}
                  />
                ))}
              </tbody>
            ))}
          </Table>
          {groups.length === 0 ? (
            <p className="text-body-secondary mt-3 mb-0">No cost lookups yet.</p>
          ) : null}
        </Card.Body>
      </Card>
      {data.can_edit ? <AddCostLookupCard data={data} /> : null}
    </div>
  );
}

function CostLookupRow(props: {
  row: CostLookup;
  family: CostLookupFamily | undefined;
  isFirstOfFamily: boolean;
  familyRowCount: number;
  canEdit: boolean;
}) {
  const { row, family, canEdit } = props;
  const save = useSaveCostLookup();
  const remove = useDeleteCostLookup();
  const [draft, setDraft] = useState<string | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const kindLabel = LOOKUP_KIND_LABELS[row.product_kind];
  const name = `${row.family_name}, ${kindLabel}`;
  const problem = draft === null ? null : percentProblem(draft, 'The cost percentage');
  const isChanged = draft !== null && !isSamePercent(draft, row.cost_percent);
  // The family default stays while the family has SKUs (the server refuses, and says why).
  const isKept = row.product_kind === 'ANY' && (family?.sku_count ?? 0) > 0;
  const submit = () => {
    if (draft === null || problem || !isChanged) return;
    save.mutate(
      { family_id: row.family_id, product_kind: row.product_kind, cost_percent: draft.trim() },
      {
        onSuccess: () => {
          setDraft(null);
          setIsSaved(true);
        },
      },
    );
  };
  return (
    <tr>
      {props.isFirstOfFamily ? (
        <th scope="rowgroup" rowSpan={props.familyRowCount} className="align-top">
          <div className="fw-semibold">{row.family_name}</div>
          <div className="small text-body-secondary fw-normal">
            {row.family_id}
            {family ? ` · ${skuCount(family.sku_count)}` : ''}
          </div>
        </th>
      ) : null}
      <td>
        {kindLabel}
        {row.product_kind === 'ANY' ? (
          <div className="small text-body-secondary">Kinds without a row of their own</div>
        ) : null}
      </td>
      <td className="text-end" style={{ width: '11rem' }}>
        {canEdit ? (
          <PercentInput
            label={`Cost percentage for ${name}`}
            value={draft ?? row.cost_percent}
            error={problem}
            onEnter={submit}
            onChange={(next) => {
              setDraft(next);
              setIsSaved(false);
              save.reset();
              remove.reset();
            }}
          />
        ) : (
          <span className="font-monospace">{row.cost_percent} %</span>
        )}
      </td>
      {canEdit ? (
        <td style={{ width: '16rem' }}>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <SaveButton
              label={`Save cost percentage for ${name}`}
              isDisabled={!isChanged || problem !== null}
              isPending={save.isPending}
              onSave={submit}
            />
            {isKept ? (
              <span
                className="small text-body-secondary"
                title="The family default is the cost of every SKU of the family without a row of its own kind."
              >
                Kept while the family has SKUs
              </span>
            ) : (
              <ConfirmRemoveButton
                label={`Remove cost lookup for ${name}`}
                question="Remove this row?"
                isPending={remove.isPending}
                onConfirm={() =>
                  remove.mutate({ family_id: row.family_id, product_kind: row.product_kind })
                }
              />
            )}
            <RowStatus isSaved={isSaved} problem={problemOf(save.error ?? remove.error)} />
          </div>
        </td>
      ) : null}
    </tr>
  );
}

function AddCostLookupCard({ data }: { data: CostLookupList }) {
  const save = useSaveCostLookup();
  const [familyId, setFamilyId] = useState('');
  const [kind, setKind] = useState<LookupKind>('ANY');
  const [percent, setPercent] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const familyProblem = familyId ? null : 'Choose a product family.';
  const percentError = percentProblem(percent, 'The cost percentage');
  const existing = data.rows.find((r) => r.family_id === familyId && r.product_kind === kind);
  const serverProblems = fieldProblemsOf(save.error);
  const change = (apply: () => void) => {
    apply();
    setAdded(null);
    save.reset();
  };
  return (
    <Card>
      <Card.Header>
        <h2 className="h5 mb-0">Add or change a row</h2>
      </Card.Header>
      <Card.Body>
        <Form
          noValidate
          className="row g-3 align-items-start"
          aria-label="Add a cost lookup"
          onSubmit={(event) => {
            event.preventDefault();
            setIsTouched(true);
            if (familyProblem || percentError) return;
            save.mutate(
              { family_id: familyId, product_kind: kind, cost_percent: percent.trim() },
              {
                onSuccess: (saved) => {
                  setAdded(
                    `${saved.family_name}, ${LOOKUP_KIND_LABELS[saved.product_kind]}: ${saved.cost_percent} % saved.`,
                  );
                  setPercent('');
                  setIsTouched(false);
                },
              },
            );
          }}
        >
          <Form.Group className="col-12 col-md-4" controlId="cost-lookup-family">
            <Form.Label>Product family</Form.Label>
            <Form.Select
              value={familyId}
              isInvalid={isTouched && (familyProblem !== null || Boolean(serverProblems.family_id))}
              onChange={(event) => change(() => setFamilyId(event.target.value))}
            >
              <option value="">Choose a family…</option>
              {data.families.map((family) => (
                <option key={family.id} value={family.id}>
                  {family.name}
                  {family.is_active ? '' : ' (inactive)'}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">
              {familyProblem ?? serverProblems.family_id}
            </Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="col-12 col-md-4" controlId="cost-lookup-kind">
            <Form.Label>Applies to</Form.Label>
            <Form.Select
              value={kind}
              isInvalid={Boolean(serverProblems.product_kind)}
              onChange={(event) => change(() => setKind(event.target.value as LookupKind))}
            >
              {LOOKUP_KINDS.map((option) => (
                <option key={option} value={option}>
                  {LOOKUP_KIND_LABELS[option]}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">
              {serverProblems.product_kind}
            </Form.Control.Feedback>
            {kind === 'ANY' ? (
              <Form.Text>
                Costs the family&apos;s SKUs of kinds without a row of their own.
              </Form.Text>
            ) : null}
          </Form.Group>
          <Form.Group className="col-8 col-md-2" controlId="cost-lookup-percent">
            <Form.Label>Cost % of list</Form.Label>
            <Form.Control
              inputMode="decimal"
              className="text-end"
              value={percent}
              placeholder="e.g. 12.5"
              isInvalid={(isTouched || percent !== '') && percentError !== null}
              onChange={(event) => change(() => setPercent(event.target.value))}
            />
            <Form.Control.Feedback type="invalid">
              {percentError ?? serverProblems.cost_percent}
            </Form.Control.Feedback>
          </Form.Group>
          <div className="col-4 col-md-2 pt-md-4 mt-md-2">
            <Button type="submit" disabled={save.isPending} className="w-100">
              {save.isPending ? (
                <Spinner animation="border" size="sm" aria-hidden="true" />
              ) : existing ? (
                'Change'
              ) : (
                'Add'
              )}
            </Button>
          </div>
        </Form>
        {existing ? (
          <Form.Text>
            This family already has this row at {existing.cost_percent} %: saving changes it.
          </Form.Text>
        ) : null}
        {added ? (
          <Alert variant="success" className="mt-3 mb-0" role="status">
            {added}
          </Alert>
        ) : null}
        {save.isError && Object.keys(serverProblems).length === 0 ? (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            {problemOf(save.error)}
          </Alert>
        ) : null}
      </Card.Body>
    </Card>
  );
}
