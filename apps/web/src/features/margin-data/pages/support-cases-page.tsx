import { formatCurrency } from '@bastion/domain/format/currency';
import { formatDate } from '@bastion/domain/format/date-time';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import {
  useDeleteSupportCase,
  useSaveSupportCase,
  useSupportCases,
  type SupportCase,
  type SupportCaseFamily,
  type SupportCaseList,
} from '../api/support-cases.ts';
import {
  casesOf,
  casesPerYearProblem,
  centsOf,
  centsText,
  supportCaseCostOf,
  usdProblem,
} from '../components/input-checks.ts';
import {
  LoadState,
  MARGIN_EDITORS,
  MarginDataLayout,
  ReadOnlyNotice,
} from '../components/margin-data-layout.tsx';
import { fieldProblemsOf, problemOf } from '../components/problem-of.ts';
import {
  ConfirmRemoveButton,
  DecimalInput,
  RowStatus,
  SaveButton,
} from '../components/row-controls.tsx';

const CASES_LABEL = 'Cases per unit-year';
const COST_LABEL = 'The cost per case';
const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

const supportSkuCount = (n: number) =>
  n === 0
    ? 'No support SKUs'
    : n === 1
      ? '1 support SKU'
      : `${n.toLocaleString('en-US')} support SKUs`;

/** "0.400 cases × $85.00" for a row's figures. */
const formula = (cases: string, costMinor: number) =>
  `${cases} ${casesOf(cases) === 1000 ? 'case' : 'cases'} × ${formatCurrency(costMinor, 'USD')}`;

/**
 * mc-support-cases (spec §2; decision 010): per product family, the support cases one unit
 * raises a year and what handling one costs. Quotes add cases × cost to the yearly unit cost of
 * the family's support SKUs, on top of their cost-lookup share and before the support markup.
 */
export function SupportCasesPage() {
  const supportCases = useSupportCases();
  return (
    <MarginDataLayout
      title="Support cases"
      subtitle="What handling support cases costs, per unit of a product family's support and year."
      isMarginData
    >
      <LoadState query={supportCases} what="margin data">
        {(data) => <SupportCasesContent data={data} />}
      </LoadState>
    </MarginDataLayout>
  );
}

function SupportCasesContent({ data }: { data: SupportCaseList }) {
  const rowByFamily = new Map(data.rows.map((row) => [row.family_id, row]));
  // Families that sell support, and any other family someone gave a row.
  const shown = data.families.filter((f) => f.has_row || f.support_sku_count > 0);
  const others = data.families.filter((f) => !f.has_row && f.support_sku_count === 0);
  const withoutRow = data.families.filter((f) => !f.has_row && f.support_sku_count > 0);
  const example = data.rows[0];
  return (
    <div className="d-flex flex-column gap-3">
      {data.can_edit ? null : <ReadOnlyNotice whoCanEdit={MARGIN_EDITORS} />}
      {withoutRow.length > 0 ? (
        <Alert variant="warning" className="mb-0">
          <div className="fw-semibold">Families selling support without support cases</div>
          {withoutRow.map((f) => `${f.name} (${supportSkuCount(f.support_sku_count)})`).join(', ')}:
          their support is costed from the cost lookup alone, so quotes may overstate its margin.
        </Alert>
      ) : null}
      <Card>
        <Card.Body>
          <p className="text-body-secondary">
            Unit cost of a support SKU per 12 months = USD list price × the family&apos;s support
            percentage (Cost lookup) + cases per unit-year × cost per case, then the support markup
            ({data.support_markup} %) on the sum. Families without a row add nothing.
            {example ? (
              <>
                {' '}
                For example, a year of {example.family_name} support for one unit adds{' '}
                {formula(example.cases_per_unit_year, example.cost_per_case_usd_minor)} ={' '}
                <strong>{formatCurrency(example.cost_per_unit_year_usd_minor, 'USD')}</strong>, and
                ten units {formatCurrency(example.cost_per_unit_year_usd_minor * 10, 'USD')}.
              </>
            ) : null}
          </p>
          <Table responsive className="mb-0 align-middle" aria-label="Support cases">
            <thead className="text-nowrap">
              <tr>
                <th scope="col">Product family</th>
                <th scope="col" className="text-end">
                  Cases per unit-year
                </th>
                <th scope="col" className="text-end">
                  Cost per case (USD)
                </th>
                <th
                  scope="col"
                  className="text-end"
                  title="Cases per unit-year × cost per case: what a year of support for one unit adds to its cost, before markup"
                >
                  Cost per unit-year
                </th>
                {data.can_edit ? (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {shown.map((family) => (
                <SupportCaseRow
                  key={family.id}
                  family={family}
                  row={rowByFamily.get(family.id)}
                  canEdit={data.can_edit}
                />
              ))}
            </tbody>
          </Table>
          {shown.length === 0 ? (
            <p className="text-body-secondary mt-3 mb-0">
              No product family sells support, and none has support cases yet.
            </p>
          ) : null}
        </Card.Body>
      </Card>
      {data.can_edit && others.length > 0 ? <AddSupportCaseCard families={others} /> : null}
    </div>
  );
}

function SupportCaseRow(props: {
  family: SupportCaseFamily;
  row: SupportCase | undefined;
  canEdit: boolean;
}) {
  const { family, row, canEdit } = props;
  const save = useSaveSupportCase();
  const remove = useDeleteSupportCase();
  const [draftCases, setDraftCases] = useState<string | null>(null);
  const [draftCost, setDraftCost] = useState<string | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const cases = draftCases ?? row?.cases_per_unit_year ?? '';
  const cost = draftCost ?? centsText(row?.cost_per_case_usd_minor ?? null);
  const isDrafting = draftCases !== null || draftCost !== null;
  // A family without a row asks for both figures once either is typed.
  const casesProblem = isDrafting ? casesPerYearProblem(cases, CASES_LABEL) : null;
  const costProblem = isDrafting ? usdProblem(cost, COST_LABEL) : null;
  const isChanged =
    isDrafting &&
    (row === undefined ||
      casesOf(cases) !== casesOf(row.cases_per_unit_year) ||
      centsOf(cost) !== row.cost_per_case_usd_minor);
  const perUnitYear = isDrafting
    ? supportCaseCostOf(cases, cost)
    : (row?.cost_per_unit_year_usd_minor ?? null);
  const change = (apply: () => void) => {
    apply();
    setIsSaved(false);
    save.reset();
    remove.reset();
  };
  const submit = () => {
    if (!isChanged || casesProblem || costProblem) return;
    save.mutate(
      { family_id: family.id, cases_per_unit_year: cases.trim(), cost_per_case_usd: cost.trim() },
      {
        onSuccess: () => {
          setDraftCases(null);
          setDraftCost(null);
          setIsSaved(true);
        },
      },
    );
  };
  return (
    <tr>
      <th scope="row" className="fw-normal" style={{ minWidth: '12rem' }}>
        <div className="fw-semibold">
          {family.name}
          {family.is_active ? '' : ' (inactive)'}
        </div>
        <div className="small text-body-secondary">
          {family.id} · {supportSkuCount(family.support_sku_count)}
        </div>
      </th>
      <td className="text-end" style={{ width: '11rem' }}>
        {canEdit ? (
          <DecimalInput
            label={`Cases per unit-year for ${family.name}`}
            value={cases}
            placeholder="None"
            suffix="cases"
            width="10rem"
            error={casesProblem}
            onEnter={submit}
            onChange={(next) => change(() => setDraftCases(next))}
          />
        ) : (
          <span className="font-monospace">{row ? row.cases_per_unit_year : '—'}</span>
        )}
      </td>
      <td className="text-end" style={{ width: '11rem' }}>
        {canEdit ? (
          <DecimalInput
            label={`Cost per case for ${family.name} in US dollars`}
            value={cost}
            placeholder="None"
            prefix="$"
            width="10rem"
            error={costProblem}
            onEnter={submit}
            onChange={(next) => change(() => setDraftCost(next))}
          />
        ) : (
          <span className="font-monospace">
            {row ? formatCurrency(row.cost_per_case_usd_minor, 'USD') : '—'}
          </span>
        )}
        {row && !isDrafting ? (
          <div className="small text-body-secondary mt-1 text-nowrap">
            Updated {formatDate(Date.parse(row.updated_at) / 1000, userTimeZone)}
          </div>
        ) : null}
      </td>
      <td className="text-end text-nowrap">
        {perUnitYear === null ? (
          <span className="text-body-secondary small">{row ? '—' : 'Nothing added'}</span>
        ) : (
          <>
            <div className="font-monospace fw-semibold">{formatCurrency(perUnitYear, 'USD')}</div>
            <div className="small text-body-secondary">
              {formula(cases.trim(), centsOf(cost) ?? 0)}
            </div>
          </>
        )}
      </td>
      {canEdit ? (
        <td style={{ width: '14rem' }}>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <SaveButton
              label={`Save support cases for ${family.name}`}
              isDisabled={!isChanged || casesProblem !== null || costProblem !== null}
              isPending={save.isPending}
              onSave={submit}
            />
            {row ? (
              <ConfirmRemoveButton
                label={`Remove support cases for ${family.name}`}
                question="Support is then costed from the cost lookup alone."
                isPending={remove.isPending}
                onConfirm={() =>
                  remove.mutate(family.id, {
                    onSuccess: () => {
                      setDraftCases(null);
                      setDraftCost(null);
                    },
                  })
                }
              />
            ) : null}
            <RowStatus isSaved={isSaved} problem={problemOf(save.error ?? remove.error)} />
          </div>
        </td>
      ) : null}
    </tr>
  );
}

/** A row for a family that sells no support yet (it applies once the family does). */
function AddSupportCaseCard({ families }: { families: SupportCaseFamily[] }) {
  const save = useSaveSupportCase();
  const [familyId, setFamilyId] = useState('');
  const [cases, setCases] = useState('');
  const [cost, setCost] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const familyProblem = familyId ? null : 'Choose a product family.';
  const casesProblem = casesPerYearProblem(cases, CASES_LABEL);
  const costProblem = usdProblem(cost, COST_LABEL);
  const serverProblems = fieldProblemsOf(save.error);
  const change = (apply: () => void) => {
    apply();
    setAdded(null);
    save.reset();
  };
  return (
    <Card>
      <Card.Header>
        <h2 className="h5 mb-0">Another family</h2>
      </Card.Header>
      <Card.Body>
        <Form
          noValidate
          className="row g-3 align-items-start"
          aria-label="Add support cases"
          onSubmit={(event) => {
            event.preventDefault();
            setIsTouched(true);
            if (familyProblem || casesProblem || costProblem) return;
            save.mutate(
              {
                family_id: familyId,
                cases_per_unit_year: cases.trim(),
                cost_per_case_usd: cost.trim(),
              },
              {
                onSuccess: (saved) => {
                  setAdded(
                    `${saved.family_name}: ${formula(saved.cases_per_unit_year, saved.cost_per_case_usd_minor)} saved.`,
                  );
                  setFamilyId('');
                  setCases('');
                  setCost('');
                  setIsTouched(false);
                },
              },
            );
          }}
        >
          <Form.Group className="col-12 col-md-4" controlId="support-case-family">
            <Form.Label>Product family</Form.Label>
            <Form.Select
              value={familyId}
              isInvalid={isTouched && (familyProblem !== null || Boolean(serverProblems.family_id))}
              onChange={(event) => change(() => setFamilyId(event.target.value))}
            >
              <option value="">Choose a family…</option>
              {families.map((family) => (
                <option key={family.id} value={family.id}>
                  {family.name}
                  {family.is_active ? '' : ' (inactive)'}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">
              {familyProblem ?? serverProblems.family_id}
            </Form.Control.Feedback>
            <Form.Text>These families sell no support yet.</Form.Text>
          </Form.Group>
          <Form.Group className="col-6 col-md-3" controlId="support-case-cases">
            <Form.Label>{CASES_LABEL}</Form.Label>
            <Form.Control
              inputMode="decimal"
              className="text-end"
              value={cases}
              placeholder="e.g. 0.25"
              isInvalid={(isTouched || cases !== '') && casesProblem !== null}
              onChange={(event) => change(() => setCases(event.target.value))}
            />
            <Form.Control.Feedback type="invalid">
              {casesProblem ?? serverProblems.cases_per_unit_year}
            </Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="col-6 col-md-3" controlId="support-case-cost">
            <Form.Label>Cost per case (USD)</Form.Label>
            <Form.Control
              inputMode="decimal"
              className="text-end"
              value={cost}
              placeholder="e.g. 85.00"
              isInvalid={(isTouched || cost !== '') && costProblem !== null}
              onChange={(event) => change(() => setCost(event.target.value))}
            />
            <Form.Control.Feedback type="invalid">
              {costProblem ?? serverProblems.cost_per_case_usd}
            </Form.Control.Feedback>
          </Form.Group>
          <div className="col-12 col-md-2 pt-md-4 mt-md-2">
            <Button type="submit" disabled={save.isPending} className="w-100">
              {save.isPending ? <Spinner animation="border" size="sm" aria-hidden="true" /> : 'Add'}
            </Button>
          </div>
        </Form>
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
