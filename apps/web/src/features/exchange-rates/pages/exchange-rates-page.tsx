import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router';
import { AdminLayout, LoadState, ReadOnlyNotice } from '@/components/admin/admin-layout.tsx';
import { NoData } from '@/components/no-data.tsx';
import { useExchangeRates, type ExchangeRateList } from '../api/exchange-rates.ts';
import { AddRateForm } from '../components/add-rate-form.tsx';
import { CurrentRatesTable } from '../components/current-rates-table.tsx';
import { RateHistoryTable } from '../components/rate-history-table.tsx';
import { RateExportCard, RateImportCard } from '../components/rate-transfer.tsx';
import '../components/exchange-rates.css';

/**
 * Exchange rates (issue 35, /{context}/exchange-rates/{ref}): each currency's rate in effect
 * today, its history, and a form and a CSV import for finance to record rates. Finance enters
 * them; whoever reads the margin data reads them.
 */
export function ExchangeRatesPage() {
  const query = useExchangeRates();
  const [params, setParams] = useSearchParams();
  return (
    <AdminLayout
      title="Exchange rates"
      subtitle="Units of each currency per US dollar, from the day each rate took effect. The rate in effect today prices new quotes and converts costs kept in USD; a quote keeps the rate it was priced at."
    >
      <LoadState query={query} what="the exchange rates">
        {(list) => (
          <ExchangeRates
            list={list}
            selected={params.get('currency')}
            onSelect={(code) => setParams({ currency: code }, { replace: true })}
          />
        )}
      </LoadState>
    </AdminLayout>
  );
}

function ExchangeRates(props: {
  list: ExchangeRateList;
  selected: string | null;
  onSelect: (code: string) => void;
}) {
  const { list, onSelect } = props;
  const others = list.currencies.filter((currency) => !currency.is_base);
  const shown = others.find((c) => c.currency_code === props.selected) ?? others[0] ?? null;

  return (
    <div className="d-flex flex-column gap-4">
      {list.can_edit ? null : <ReadOnlyNotice whoCanEdit="finance" what="the rates" />}
      <Row className="g-4">
        <Col xl={list.can_edit ? 7 : 12}>
          <section aria-labelledby="rates-in-effect-heading">
            <h2 id="rates-in-effect-heading" className="h5 mb-3">
              Rates in effect today
            </h2>
            <CurrentRatesTable
              currencies={list.currencies}
              selected={shown?.currency_code ?? null}
              onSelect={onSelect}
            />
          </section>
        </Col>
        {list.can_edit ? (
          <Col xl={5}>
            <Card>
              <Card.Header>
                <h2 className="h6 mb-0">Add a rate</h2>
              </Card.Header>
              <Card.Body>
                <AddRateForm
                  today={list.today}
                  currencies={list.currencies}
                  defaultCurrency={shown?.currency_code ?? ''}
                  onAdded={(added) => onSelect(added.currency_code)}
                />
              </Card.Body>
            </Card>
          </Col>
        ) : null}
      </Row>

      {shown ? (
        <section aria-labelledby="rate-history-heading">
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
            <h2 id="rate-history-heading" className="h5 mb-0">
              {`${shown.currency_code} rate history`}
            </h2>
            <Form.Group
              controlId="rate-history-currency"
              className="d-flex align-items-center gap-2"
            >
              <Form.Label className="mb-0 small text-body-secondary">Currency</Form.Label>
              <Form.Select
                size="sm"
                className="w-auto"
                value={shown.currency_code}
                onChange={(event) => onSelect(event.target.value)}
              >
                {others.map((currency) => (
                  <option key={currency.currency_code} value={currency.currency_code}>
                    {currency.currency_code}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </div>
          <RateHistoryTable currency={shown} />
        </section>
      ) : (
        <NoData
          icon="bi-currency-exchange"
          title="No rates besides USD yet"
          message={
            list.can_edit
              ? 'Add a currency’s rate above, or import a file of them below.'
              : 'Finance records the rates of the currencies quotes are made in.'
          }
        />
      )}

      <section aria-labelledby="rate-files-heading">
        <h2 id="rate-files-heading" className="h5 mb-3">
          Rates as CSV
        </h2>
        <Row className="g-4">
          <Col lg={list.can_edit ? 5 : 12}>
            <RateExportCard />
          </Col>
          {list.can_edit ? (
            <Col lg={7}>
              <RateImportCard today={list.today} />
            </Col>
          ) : null}
        </Row>
      </section>
    </div>
  );
}
