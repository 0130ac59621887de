import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { useMarkups, useSaveMarkup, type Markup } from '../api/markups.ts';
import { isSamePercent, percentProblem } from '../components/input-checks.ts';
import { KIND_COST_SOURCES, KIND_LABELS } from '../components/kind-labels.ts';
import {
  LoadState,
  MARGIN_EDITORS,
  MarginDataLayout,
  ReadOnlyNotice,
} from '../components/margin-data-layout.tsx';
import { problemOf } from '../components/problem-of.ts';
import { PercentInput, RowStatus, SaveButton } from '../components/row-controls.tsx';

/** mc-markup (spec §2): the overhead added to each kind's unit cost. */
export function MarkupPage() {
  const markups = useMarkups();
  return (
    <MarginDataLayout
      title="Markup"
      subtitle="Overhead such as freight, duty and handling, added to a product's unit cost before its margin is worked out."
      isMarginData
    >
      <LoadState query={markups} what="margin data">
        {(data) => (
          <>
            {data.can_edit ? null : <ReadOnlyNotice whoCanEdit={MARGIN_EDITORS} />}
            <Card>
              <Card.Body>
                <p className="text-body-secondary">
                  Unit cost used for margin = base cost + markup. For example, an appliance with a
                  landed cost of $400.00 and an 8 % hardware markup costs $432.00 on a quote.
                </p>
                <Table responsive className="mb-0 align-middle" aria-label="Markups">
                  <thead>
                    <tr>
                      <th scope="col">Kind of product</th>
                      <th scope="col">Base cost comes from</th>
                      <th scope="col" className="text-end">
                        Markup
                      </th>
                      {data.can_edit ? (
                        <th scope="col">
                          <span className="visually-hidden">Actions</span>
                        </th>
                      ) : null}
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((row) => (
                      <MarkupRow key={row.product_kind} row={row} canEdit={data.can_edit} />
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

function MarkupRow({ row, canEdit }: { row: Markup; canEdit: boolean }) {
  const save = useSaveMarkup();
  const [draft, setDraft] = useState<string | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const label = KIND_LABELS[row.product_kind];
  const value = draft ?? row.percent;
  const problem = draft === null ? null : percentProblem(draft, 'The markup');
  const isChanged = draft !== null && !isSamePercent(draft, row.percent);
  const submit = () => {
    if (draft === null || problem || !isChanged) return;
    save.mutate(
      { product_kind: row.product_kind, percent: draft.trim() },
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
      <th scope="row" className="fw-semibold">
        {label}
        {row.is_set ? null : (
          <Badge bg="light" text="dark" className="ms-2 fw-normal border">
            Not set: counts as 0 %
          </Badge>
        )}
      </th>
      <td className="text-body-secondary small">{KIND_COST_SOURCES[row.product_kind]}</td>
      <td className="text-end" style={{ width: '11rem' }}>
        {canEdit ? (
          <PercentInput
            label={`Markup for ${label}`}
            value={value}
            error={problem}
            onEnter={submit}
            onChange={(next) => {
              setDraft(next);
              setIsSaved(false);
              save.reset();
            }}
          />
        ) : (
          <span className="font-monospace">{row.percent} %</span>
        )}
      </td>
      {canEdit ? (
        <td style={{ width: '12rem' }}>
          <div className="d-flex align-items-center gap-2">
            <SaveButton
              label={`Save ${label} markup`}
              isDisabled={!isChanged || problem !== null}
              isPending={save.isPending}
              onSave={submit}
            />
            <RowStatus isSaved={isSaved} problem={problemOf(save.error)} />
          </div>
        </td>
      ) : null}
    </tr>
  );
}
