import { formatCurrency } from '@bastion/domain/format/currency';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { SectionLoadState } from '@/components/section-load-state.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { ComparisonView } from '../../revisions/index.ts';
import {
  useComparedOptions,
  useDealOptions,
  type ComparedOptions,
  type DealOptions,
} from '../api/deal-options.ts';

type Side = ComparedOptions['from'];

/**
 * compare-quote-options/{id}/{other} (issue 37, decision 043): two options of one deal side by
 * side — each as it stands, then their totals, details, lines and clauses where they differ.
 */
export function CompareOptionsPage() {
  const { id = '', other = '' } = useParams();
  const compared = useComparedOptions(id, other);
  const options = useDealOptions(id);
  return (
    <SectionLoadState query={compared} what="the comparison of the options">
      {(answer) => <Compared answer={answer} options={options.data ?? null} />}
    </SectionLoadState>
  );
}

function Compared({ answer, options }: { answer: ComparedOptions; options: DealOptions | null }) {
  const navigate = useNavigate();
  const { from, to } = answer;
  const others = (options?.quotes ?? []).filter((quote) => quote.id !== from.id);
  return (
    <>
      <PageHeader
        title="Compare options"
        subtitle={`${from.label} and ${to.label}`}
        actions={
          <Link
            className="btn btn-outline-secondary"
            to={`/cpq/quote-summary/${from.id}/${from.quote_type}`}
          >
            Back to {from.quote_number}
          </Link>
        }
      />
      <div className="row g-3 mb-3">
        <div className="col-md-6">
          <OptionCard side={from} />
        </div>
        <div className="col-md-6">
          <OptionCard side={to} />
          {others.length > 1 ? (
            <Form.Group className="mt-2" controlId="compare-with">
              <Form.Label className="small mb-1">Compare with</Form.Label>
              <Form.Select
                size="sm"
                value={to.id}
                onChange={(event) =>
                  void navigate(`/cpq/compare-quote-options/${from.id}/${event.target.value}`)
                }
              >
                {others.map((quote) => (
                  <option key={quote.id} value={quote.id}>
                    {quote.option_label
                      ? `${quote.option_label} (${quote.quote_number})`
                      : quote.quote_number}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          ) : null}
        </div>
      </div>
      <Card>
        <Card.Body>
          <Card.Title as="h2" className="h5">
            How they differ
          </Card.Title>
          <ComparisonView answer={answer} sides="options" />
        </Card.Body>
      </Card>
    </>
  );
}

/** One option: its name, quote, status, net and whether it is the primary quote. */
function OptionCard({ side }: { side: Side }) {
  const net = side.snapshot.totals?.net_minor;
  return (
    <Card aria-label={side.label} role="region">
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
          <h2 className="h5 mb-0">{side.option_label ?? side.quote_number}</h2>
          {side.is_primary ? <Badge bg="primary">Primary</Badge> : null}
          <StatusBadge label={side.status_label} tone={side.status_tone} />
        </div>
        <div className="small text-body-secondary mb-2">
          <Link to={`/cpq/quote-summary/${side.id}/${side.quote_type}`}>{side.quote_number}</Link> ·{' '}
          {side.quote_name}
        </div>
        <div className="fs-5 fw-semibold">
          {net === undefined || net === null
            ? 'Not priced'
            : formatCurrency(net, side.snapshot.currency_code)}
        </div>
        <div className="small text-body-secondary">
          Net · {side.snapshot.lines.length} {side.snapshot.lines.length === 1 ? 'line' : 'lines'}
        </div>
      </Card.Body>
    </Card>
  );
}
