import { addDays, addMonths, dayNumber } from '@bastion/domain/renewals/proration';
import { useMemo } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useParams } from 'react-router';
import { NoData } from '@/components/no-data.tsx';
import { QuoteConfiguratorLoadState, type ConfiguratorProps } from '../../quotes/index.ts';
import {
  useRenewalConfiguration,
  type ContractDetail,
  type RenewalConfiguration,
} from '../api/renewal-configuration.ts';
import { ContractPicker } from '../components/contract-picker.tsx';
import { DroppedLines, RenewalLinesTable } from '../components/renewal-lines-table.tsx';
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
import { TrueUpLines } from '../components/true-up-lines.tsx';
import { useRenewalEditor, type RenewalEditor } from '../components/use-renewal-editor.ts';
import { CotermConfigurator } from './configure-coterm-page.tsx';
import { DateInput } from '@/components/form/date-input.tsx';

const CONTRACT_LENGTHS = [12, 24, 36];

/**
 * configure-renewal-quote/{id}/{R|TU}: a renewal (deal type R) renews a contract's lines for a
 * new term, with the same SKU or its successor, an uplift and dropped lines; a true-up (TU)
 * quotes the usage measured above the contract's annual entitlements (issue 18).
 */
export function ConfigureRenewalPage() {
  const { id = '' } = useParams();
  const configuration = useRenewalConfiguration(id);
  return (
    <QuoteConfiguratorLoadState
      query={configuration}
      what="the renewal quote"
      quoteId={id}
      configurator={RenewalConfigurator}
    />
  );
}

export function RenewalConfigurator({
  configuration,
  onReload,
}: ConfiguratorProps<RenewalConfiguration>) {
  if (configuration.kind === 'COTERM') {
    return <CotermConfigurator configuration={configuration} onReload={onReload} />;
  }
  return <RenewalOrTrueUp configuration={configuration} onReload={onReload} />;
}

function RenewalOrTrueUp({ configuration, onReload }: ConfiguratorProps<RenewalConfiguration>) {
  const editor = useRenewalEditor(configuration);
  const isTrueUp = configuration.kind === 'TRUE_UP';
  const contract = configuration.contracts[0];
  const title = isTrueUp ? 'Configure true-up quote' : 'Configure renewal quote';
  return (
    <>
      <RenewalHeader title={title} configuration={configuration} />
      <RenewalNotices configuration={configuration} editor={editor} onReload={onReload} />
      {!contract ? (
        <ContractPicker
          title={isTrueUp ? 'Choose the contract to true up' : 'Choose the contract to renew'}
          contracts={configuration.available_contracts}
          chooseLabel="Choose"
          disabled={editor.isReadOnly || editor.save.isPending}
          onChoose={(contractId) => editor.chooseContracts([contractId])}
        />
      ) : isTrueUp ? (
        <TrueUpBody configuration={configuration} contract={contract} editor={editor} />
      ) : (
        <RenewalBody configuration={configuration} contract={contract} editor={editor} />
      )}
      {contract ? (
        <RenewalFooter editor={editor} canAdvance={editor.state.lines.length > 0} />
      ) : null}
    </>
  );
}

/** The new term: the day after the old end, for the months chosen. */
function newTermOf(contract: ContractDetail, termStart: string | null, months: number | null) {
  const start =
    termStart ?? (dayNumber(contract.end_date) === null ? null : addDays(contract.end_date, 1));
  if (!start || !months) return { start, end: null };
  return { start, end: addDays(addMonths(start, months), -1) };
}

function RenewalBody({
  configuration,
  contract,
  editor,
}: {
  configuration: RenewalConfiguration;
  contract: ContractDetail;
  editor: RenewalEditor;
}) {
  const { state, dispatch, isReadOnly, quote } = editor;
  const lengths = CONTRACT_LENGTHS.includes(state.contract_length ?? 0)
    ? CONTRACT_LENGTHS
    : [...CONTRACT_LENGTHS, state.contract_length ?? 12].sort((a, b) => a - b);
  const term = newTermOf(contract, configuration.term_start, state.contract_length);
  const lengthMessage = editor.problemAt('contract_length');
  return (
    <>
      <Card className="mb-3">
        <Card.Body>
          <dl className="renewal-facts row row-cols-1 row-cols-md-2 row-cols-xl-4 g-3 mb-0">
            <ContractFact label="Contract renewed" contract={contract} />
            <Fact label="Account">
              <dd className="mb-0">{quote.account_name}</dd>
            </Fact>
            <Fact label="New term">
              <dd className="mb-0 fw-semibold" data-testid="new-term">
                {showDate(term.start)} to {showDate(term.end)}
              </dd>
            </Fact>
            <Fact label="Contract length" htmlFor="renewal-contract-length">
              <dd className="mb-0">
                <Form.Select
                  id="renewal-contract-length"
                  size="sm"
                  value={state.contract_length ?? ''}
                  disabled={isReadOnly}
                  isInvalid={lengthMessage !== undefined}
                  aria-describedby={lengthMessage ? 'renewal-contract-length-error' : undefined}
                  onChange={(event) =>
                    dispatch({
                      type: 'field',
                      field: 'contract_length',
                      value: Number(event.target.value),
                    })
                  }
                >
                  {lengths.map((months) => (
                    <option key={months} value={months}>
                      {months} months
                    </option>
                  ))}
                </Form.Select>
                <FieldMessage id="renewal-contract-length-error" message={lengthMessage} />
              </dd>
            </Fact>
          </dl>
        </Card.Body>
      </Card>
      <ProductsCard
        editor={editor}
        priceDate={todayIso()}
        empty={{
          title: 'Nothing renewed',
          message: 'Every contract line is dropped. Restore one or add a product.',
        }}
      >
        <RenewalLinesTable
          {...linesTableProps(editor)}
          defaultUplift={state.default_uplift_percent}
        />
      </ProductsCard>
      <DroppedLines
        drops={state.drops}
        isReadOnly={isReadOnly}
        problemAt={editor.problemAt}
        dispatch={dispatch}
      />
    </>
  );
}

function TrueUpBody({
  contract,
  editor,
}: {
  configuration: RenewalConfiguration;
  contract: ContractDetail;
  editor: RenewalEditor;
}) {
  const { state, dispatch, isReadOnly } = editor;
  const entitlements = useMemo(
    () => new Map(contract.entitlements.map((entitlement) => [entitlement.id, entitlement])),
    [contract],
  );
  const measuredMessage = editor.problemAt('measured_on');
  return (
    <>
      <Card className="mb-3">
        <Card.Body>
          <dl className="renewal-facts row row-cols-1 row-cols-md-3 g-3 mb-0">
            <ContractFact label="Contract" contract={contract} />
            <Fact label="Measurement date" htmlFor="true-up-measured-on">
              <dd className="mb-0">
                <DateInput
                  id="true-up-measured-on"
                  onlyDates
                  size="sm"
                  value={state.measured_on}
                  min={contract.start_date}
                  max={contract.end_date}
                  disabled={isReadOnly}
                  isInvalid={measuredMessage !== undefined}
                  aria-describedby={
                    measuredMessage ? 'true-up-measured-on-error' : 'true-up-measured-on-help'
                  }
                  onChange={(value) => dispatch({ type: 'field', field: 'measured_on', value })}
                />
                <FieldMessage id="true-up-measured-on-error" message={measuredMessage} />
              </dd>
            </Fact>
            <Fact label="Overage priced">
              <dd className="mb-0 small" id="true-up-measured-on-help">
                From {state.measured_on ? showDate(state.measured_on) : 'the measurement date'} to{' '}
                {showDate(contract.end_date)}, the contract&apos;s end, at the contract&apos;s
                annual unit price
              </dd>
            </Fact>
          </dl>
        </Card.Body>
      </Card>
      <div className="card">
        <div className="card-header">
          <h2 className="h6 mb-0">Annual entitlements</h2>
        </div>
        {state.lines.length === 0 ? (
          <NoData
            icon="bi-box-seam"
            title="Nothing to true up"
            message="The contract has no annual lines."
          />
        ) : (
          <TrueUpLines {...linesTableProps(editor)} entitlements={entitlements} />
        )}
      </div>
    </>
  );
}
