import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import {
  useDurationDepreciation,
  useSaveDurationDepreciation,
  type Depreciation,
} from '../api/duration-depreciation.ts';
import { isSamePercent, percentProblem } from '../components/input-checks.ts';

/** As the server: a year may cost up to twice year one (rising labour). */
const MAX_DEPRECIATION_PERCENT = 200;
import { KIND_LABELS } from '../components/kind-labels.ts';
import {
  LoadState,
  MARGIN_EDITORS,
  MarginDataLayout,
  ReadOnlyNotice,
} from '../components/margin-data-layout.tsx';
import { fieldProblemsOf, problemOf } from '../components/problem-of.ts';
import { PercentInput, RowStatus, SaveButton } from '../components/row-controls.tsx';

const YEARS = [1, 2, 3, 4, 5] as const;

/** mc-duration-depreciation (spec §2): how a kind's cost changes over the contract years. */
export function DurationDepreciationPage() {
  const depreciation = useDurationDepreciation();
  return (
    <MarginDataLayout
      title="Duration depreciation"
      subtitle="How much a product costs in each contract year, as a share of what it costs in year one."
      isMarginData
    >
      <LoadState query={depreciation} what="margin data">
        {(data) => (
          <>
            {data.can_edit ? null : <ReadOnlyNotice whoCanEdit={MARGIN_EDITORS} />}
            <Card>
              <Card.Body>
                <p className="text-body-secondary">
                  100 % means a year costs the same as year one; 90 % means it costs a tenth less.
                  Subscriptions and support are costed year by year; one-time purchases in an ELA
                  take the percentage of the year they are bought in. A kind&apos;s five years are
                  saved together.
                </p>
                <Table responsive className="mb-0 align-middle" aria-label="Duration depreciation">
                  <thead className="text-nowrap">
                    <tr>
                      <th scope="col">Kind of product</th>
                      {YEARS.map((year) => (
                        <th scope="col" className="text-end" key={year}>
                          Year {year}
                        </th>
                      ))}
                      {data.can_edit ? (
                        <th scope="col">
                          <span className="visually-hidden">Actions</span>
                        </th>
                      ) : null}
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((row) => (
                      <DepreciationRow key={row.product_kind} row={row} canEdit={data.can_edit} />
                    ))}
                  </tbody>
                </Table>
              </Card.Body>
            </Card>
          </>
        )}
      </LoadState>
    </MarginDataLayout>
  );
}

function DepreciationRow({ row, canEdit }: { row: Depreciation; canEdit: boolean }) {
  const save = useSaveDurationDepreciation();
  const [drafts, setDrafts] = useState<string[] | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const label = KIND_LABELS[row.product_kind];
  const values = drafts ?? row.percents;
  const problems = values.map((value, index) =>
    drafts === null ? null : percentProblem(value, `Year ${index + 1}`, MAX_DEPRECIATION_PERCENT),
  );
  const serverProblems = fieldProblemsOf(save.error);
  const hasProblem = problems.some((problem) => problem !== null);
  const isChanged =
    drafts !== null &&
    drafts.some((value, index) => !isSamePercent(value, row.percents[index] ?? ''));
  const submit = () => {
    if (drafts === null || hasProblem || !isChanged) return;
    save.mutate(
      { product_kind: row.product_kind, percents: drafts.map((value) => value.trim()) },
      {
        onSuccess: () => {
          setDrafts(null);
          setIsSaved(true);
        },
      },
    );
  };
  // Field problems show under their year; anything else beside the button.
  const otherProblem =
    save.error && Object.keys(serverProblems).every((path) => !path.startsWith('percents.'))
      ? problemOf(save.error)
      : null;
  return (
    <tr>
      <th scope="row" className="fw-semibold text-nowrap">
        {label}
        {row.is_set ? null : (
          <Badge bg="light" text="dark" className="ms-2 fw-normal border">
            Not set: 100 % every year
          </Badge>
        )}
      </th>
      {YEARS.map((year, index) => (
        <td className="text-end" key={year} style={{ minWidth: '7.5rem' }}>
          {canEdit ? (
            <PercentInput
              label={`${label}, year ${year}`}
              value={values[index] ?? ''}
              width="7.5rem"
              error={problems[index] ?? serverProblems[`percents.${index}`] ?? null}
              onEnter={submit}
              onChange={(next) => {
                const copy = [...values];
                copy[index] = next;
                setDrafts(copy);
                setIsSaved(false);
                save.reset();
              }}
            />
          ) : (
            <span className="font-monospace">{values[index]} %</span>
          )}
        </td>
      ))}
      {canEdit ? (
        <td style={{ width: '10rem' }}>
          <div className="d-flex align-items-center gap-2">
            <SaveButton
              label={`Save ${label} depreciation`}
              isDisabled={!isChanged || hasProblem}
              isPending={save.isPending}
              onSave={submit}
            />
            <RowStatus isSaved={isSaved} problem={otherProblem} />
          </div>
        </td>
      ) : null}
    </tr>
  );
}
