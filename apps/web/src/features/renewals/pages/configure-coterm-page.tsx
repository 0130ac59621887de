import { buildCotermTimeline } from '@bastion/domain/renewals/timeline';
import { useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useParams } from 'react-router';
import { QuoteConfiguratorLoadState, type ConfiguratorProps } from '../../quotes/index.ts';
import {
  useRenewalConfiguration,
  type RenewalConfiguration,
  type TimelineBar,
} from '../api/renewal-configuration.ts';
import { ContractPicker } from '../components/contract-picker.tsx';
import { CotermLinesTable } from '../components/coterm-lines-table.tsx';
import { CotermTimeline } from '../components/coterm-timeline.tsx';
import {
  FieldMessage,
  RenewalFooter,
  RenewalHeader,
  RenewalNotices,
  showDate,
  todayIso,
} from '../components/renewal-page-parts.tsx';
import {
  ContractFact,
  Fact,
  linesTableProps,
  ProductsCard,
} from '../components/renewal-products.tsx';
import { useRenewalEditor, type RenewalEditor } from '../components/use-renewal-editor.ts';
import { DateInput } from '@/components/form/date-input.tsx';

/**
 * configure-renewal-coterm-quote/{id}/{ref}: a co-term quote (issue 18) adds products to a
 * running contract so they end on its end date, and may merge other contracts onto it (their
 * lines stretch to the same end), each line prorated by days; the timeline shows it all on one
 * axis.
 */
export function ConfigureCotermPage() {
  const { id = '' } = useParams();
  const configuration = useRenewalConfiguration(id);
  return (
    <QuoteConfiguratorLoadState
      query={configuration}
      what="the co-term quote"
      quoteId={id}
      configurator={CotermConfigurator}
    />
  );
}

/**
 * The bars to draw: the server's as loaded, and once the draft changes, the same bars
 * (renewals/timeline.ts) built from the contracts and the lines where the latest price puts them.
 */
export function currentTimeline(
  configuration: RenewalConfiguration,
  editor: Pick<RenewalEditor, 'state' | 'priced'>,
): TimelineBar[] {
  if (!editor.state.isDirty) return configuration.timeline;
  return buildCotermTimeline(
    configuration.contracts,
    editor.state.lines.map((line) => {
      const priced = editor.priced.get(line.key);
      return {
        key: line.key,
        sku: line.sku,
        entitlement_id: line.entitlement_id,
        quantity: Number(line.quantity) || 0,
        period_start: priced?.period_start ?? null,
        period_end: priced?.period_end ?? null,
      };
    }),
  );
}

export function CotermConfigurator({
  configuration,
  onReload,
}: ConfiguratorProps<RenewalConfiguration>) {
  const editor = useRenewalEditor(configuration);
  const { state, dispatch, isReadOnly, quote } = editor;
  const [target, ...merged] = configuration.contracts;
  const chosen = new Set(state.contract_ids);
  const mergeable = configuration.available_contracts.filter((c) => !chosen.has(c.id));
  const contractNumbers = useMemo(
    () => new Map(configuration.contracts.map((c) => [c.id, c.contract_number])),
    [configuration.contracts],
  );
  const today = todayIso();
  const cotermEnd = configuration.term_end ?? target?.end_date ?? null;
  const startMessage = editor.problemAt('term_start');
  const isBusy = editor.save.isPending;

  return (
    <>
      <RenewalHeader title="Configure co-term quote" configuration={configuration} />
      <RenewalNotices configuration={configuration} editor={editor} onReload={onReload} />
      {!target ? (
        <ContractPicker
          title="Choose the contract to co-term with"
          contracts={configuration.available_contracts}
          chooseLabel="Choose"
          disabled={isReadOnly || isBusy}
          onChoose={(contractId) => editor.chooseContracts([contractId])}
        />
      ) : (
        <>
          <Card className="mb-3">
            <Card.Body>
              <dl className="renewal-facts row row-cols-1 row-cols-md-3 g-3 mb-0">
                <ContractFact label="Co-term contract" contract={target} />
                <Fact label="Co-term start date" htmlFor="coterm-start">
                  <dd className="mb-0">
                    <DateInput
                      id="coterm-start"
                      onlyDates
                      size="sm"
                      value={state.term_start}
                      max={cotermEnd ?? undefined}
                      disabled={isReadOnly}
                      isInvalid={startMessage !== undefined}
                      aria-describedby={startMessage ? 'coterm-start-error' : undefined}
                      onChange={(value) => dispatch({ type: 'field', field: 'term_start', value })}
                    />
                    <FieldMessage id="coterm-start-error" message={startMessage} />
                  </dd>
                </Fact>
                <Fact label="Everything ends on">
                  <dd className="mb-0 fw-semibold" data-testid="coterm-end">
                    {showDate(cotermEnd)}
                  </dd>
                </Fact>
              </dl>
              {merged.length > 0 ? (
                <div className="mt-3">
                  <h2 className="h6">Merged contracts</h2>
                  <ul className="list-unstyled mb-0" aria-label="Merged contracts">
                    {merged.map((contract) => (
                      <li key={contract.id} className="d-flex align-items-center gap-2 mb-1">
                        <span className="fw-semibold">{contract.contract_number}</span>
                        <span className="small text-body-secondary">
                          ends {showDate(contract.end_date)}, its lines extend to{' '}
                          {showDate(cotermEnd)}
                        </span>
                        {isReadOnly ? null : (
                          <Button
                            size="sm"
                            variant="link"
                            className="p-0 ms-auto text-danger"
                            disabled={isBusy}
                            onClick={() =>
                              editor.chooseContracts(
                                state.contract_ids.filter((id) => id !== contract.id),
                              )
                            }
                          >
                            Unmerge
                            <span className="visually-hidden"> {contract.contract_number}</span>
                          </Button>
                        )}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </Card.Body>
          </Card>
          {isReadOnly || mergeable.length === 0 ? null : (
            <details className="mb-3">
              <summary className="small">
                Merge another contract of {quote.account_name} ({mergeable.length})
              </summary>
              <div className="mt-2">
                <ContractPicker
                  title="Contracts to merge"
                  contracts={mergeable}
                  chooseLabel="Merge"
                  disabled={isBusy || state.isDirty}
                  onChoose={(contractId) =>
                    editor.chooseContracts([...state.contract_ids, contractId])
                  }
                />
                {state.isDirty ? (
                  <p className="small text-body-secondary">Save your changes before merging.</p>
                ) : null}
              </div>
            </details>
          )}
          <ProductsCard
            editor={editor}
            priceDate={state.term_start || today}
            className="mb-3"
            empty={{
              title: 'No products yet',
              message:
                "Add the products to co-term: they are priced from the start date to the contract's end.",
            }}
          >
            <CotermLinesTable {...linesTableProps(editor)} contractNumbers={contractNumbers} />
          </ProductsCard>
          <Card>
            <Card.Header>
              <h2 className="h6 mb-0">Co-term timeline</h2>
            </Card.Header>
            <Card.Body>
              <CotermTimeline
                bars={currentTimeline(configuration, editor)}
                today={today}
                cotermEnd={cotermEnd}
              />
            </Card.Body>
          </Card>
          <RenewalFooter editor={editor} canAdvance={state.lines.length > 0} />
        </>
      )}
    </>
  );
}
