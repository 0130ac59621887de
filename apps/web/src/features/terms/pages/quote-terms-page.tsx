import { useMemo, useReducer, useState } from 'react';
import { quoteTypeLabel } from '@bastion/domain/quotes/labels';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { NoData } from '@/components/no-data.tsx';
import { useLeaveGuard } from '@/components/leave-guard.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { QuoteCommentsButton } from '../../comments/index.ts';
import { isApiError } from '@/lib/api-client.ts';
import { useSession } from '../../auth/index.ts';
import { useQuoteTerms, useSaveQuoteTerms, type QuoteTerms } from '../api/quote-terms.ts';
import { CustomClausePanel } from '../components/custom-clause-panel.tsx';
import { LibraryPanel } from '../components/library-panel.tsx';
import { formatWhen } from '../components/terms-admin.ts';
import { draftOf, draftReducer, toSubmitted } from '../components/terms-draft.ts';
import { TermsList } from '../components/terms-list.tsx';
import { TermsPreview } from '../components/terms-preview.tsx';

/** terms-condition/{id}/{ref}: the clauses of one quote (spec §2 quote terms; issue 6). */
export function QuoteTermsPage() {
  const { id = '' } = useParams();
  const terms = useQuoteTerms(id);
  const [savedNotice, setSavedNotice] = useState<string | null>(null);
  if (terms.isPending) {
    return <Spinner animation="border" role="status" aria-label="Loading the quote's terms" />;
  }
  if (terms.isError) {
    return <ErrorScreen error={terms.error} onRetry={() => void terms.refetch()} />;
  }
  // A fresh editor per saved version: what the server answers is its starting state.
  return (
    <QuoteTermsEditor
      key={`${terms.data.quote.id}:${terms.data.quote.version}`}
      terms={terms.data}
      savedNotice={savedNotice}
      onSaved={setSavedNotice}
      onReload={() => {
        setSavedNotice(null);
        void terms.refetch();
      }}
    />
  );
}

function QuoteTermsEditor({
  terms,
  savedNotice,
  onSaved,
  onReload,
}: {
  terms: QuoteTerms;
  savedNotice: string | null;
  onSaved: (notice: string | null) => void;
  onReload: () => void;
}) {
  const { context = 'cpq' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const { quote } = terms;
  const canEdit =
    session.user.permissions.can_create_quote || session.user.permissions.is_deal_desk_user;
  const isReadOnly = terms.is_read_only || !canEdit;
  const initial = useMemo(() => terms.clauses.map(draftOf), [terms.clauses]);
  const [draft, dispatch] = useReducer(draftReducer, initial);
  const [panel, setPanel] = useState<'library' | 'custom' | null>(null);
  const save = useSaveQuoteTerms(quote.id);

  const isDirty = JSON.stringify(toSubmitted(draft)) !== JSON.stringify(toSubmitted(initial));
  const hasProblems = draft.some((t) => t.problem !== null);
  const canSave = !isReadOnly && !hasProblems && !save.isPending && (isDirty || !terms.is_saved);
  const isStale = isApiError(save.error) && save.error.status === 409;
  const serverErrors = useMemo(() => {
    const byKey = new Map<string, string>();
    if (!isApiError(save.error)) return byKey;
    for (const problem of save.error.errors) {
      const match = /^clauses\.(\d+)/.exec(problem.path);
      const term = match ? draft[Number(match[1])] : undefined;
      if (term && !byKey.has(term.key)) byKey.set(term.key, problem.message);
    }
    return byKey;
    // The messages belong to the draft that was sent: recomputed per error, not per edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [save.error]);
  const onQuote = useMemo(
    () => new Set(draft.flatMap((t) => (t.clause_id ? [t.clause_id] : []))),
    [draft],
  );
  const suggested = useMemo(
    () => new Map(terms.dismissed.map((d) => [d.clause_id, d.rule_names])),
    [terms.dismissed],
  );
  const customCount = draft.filter((t) => t.is_custom).length;

  // Next saves what is on the page first, the proposed standard terms included (issue 33: they
  // needed a Save of their own before Next would go).
  const summaryPath = `/${context}/quote-summary/${quote.id}/${quote.quote_type}`;
  const saveTerms = (then: () => void) => {
    onSaved(null);
    save.mutate({ version: quote.version, clauses: toSubmitted(draft) }, { onSuccess: then });
  };
  const leaveGuard = useLeaveGuard({
    isDirty: !isReadOnly && isDirty,
    what: 'the terms of this quote',
    save: () =>
      save.mutateAsync({ version: quote.version, clauses: toSubmitted(draft) }).then(() => true),
    cannotSave: hasProblems ? 'Correct the clauses marked in red before saving.' : null,
  });
  const submit = () => saveTerms(() => onSaved('The terms are saved.'));
  const saveAndContinue = () =>
    saveTerms(() => {
      leaveGuard.release();
      void navigate(summaryPath);
    });

  return (
    <>
      {leaveGuard.dialog}
      <PageHeader
        title="Terms & conditions"
        subtitle={
          <>
            {quote.quote_number} · {quote.quote_name} · {quoteTypeLabel(quote.quote_type)} ·{' '}
            <StatusBadge label={quote.status_label} tone={quote.status_tone} />
          </>
        }
        actions={
          <>
            <QuoteCommentsButton quoteId={quote.id} />
            <Link
              className="btn btn-outline-secondary"
              to={`/${context}/view-quote/${quote.id}/${quote.quote_type}`}
            >
              Quote details
            </Link>
          </>
        }
      />
      {terms.read_only_reason ? <Alert variant="info">{terms.read_only_reason}</Alert> : null}
      {savedNotice && !isDirty ? (
        <Alert variant="success" role="status" dismissible onClose={() => onSaved(null)}>
          {savedNotice}
        </Alert>
      ) : null}
      {isStale ? (
        <Alert
          variant="warning"
          role="alert"
          className="d-flex align-items-center justify-content-between gap-2"
        >
          <span>{save.error?.message}</span>
          <Button variant="outline-dark" size="sm" onClick={onReload}>
            Reload the quote
          </Button>
        </Alert>
      ) : save.isError ? (
        <Alert variant="danger" role="alert">
          {save.error.message}
        </Alert>
      ) : null}
      {terms.notices.length > 0 && !isReadOnly ? (
        <Alert variant="info">
          <div className="fw-semibold mb-1">Since the terms were last saved</div>
          <ul className="mb-0 small">
            {terms.notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {terms.warnings.length > 0 ? (
        <Alert variant="secondary" className="small">
          {terms.warnings.join(' ')}
        </Alert>
      ) : null}
      <div className="row g-4">
        <div className="col-12 col-xl-6">
          <Card>
            <Card.Header className="d-flex align-items-center justify-content-between gap-2 flex-wrap">
              <h2 className="h6 mb-0">
                Clauses on this quote{' '}
                <span className="text-body-secondary fw-normal">({draft.length})</span>
              </h2>
              {isReadOnly ? null : (
                <div className="d-flex gap-2">
                  <Button size="sm" variant="outline-primary" onClick={() => setPanel('custom')}>
                    <i className="bi bi-pencil me-1" aria-hidden="true" />
                    Add custom clause
                  </Button>
                  <Button size="sm" onClick={() => setPanel('library')}>
                    <i className="bi bi-plus-lg me-1" aria-hidden="true" />
                    Add from library
                  </Button>
                </div>
              )}
            </Card.Header>
            {draft.length === 0 ? (
              <Card.Body>
                <NoData
                  icon="bi-journal-text"
                  title="No clauses"
                  message={
                    isReadOnly
                      ? 'No terms were saved on this quote.'
                      : 'No rule puts a clause on this quote. Add clauses from the library.'
                  }
                />
              </Card.Body>
            ) : (
              <TermsList
                terms={draft}
                errors={serverErrors}
                isReadOnly={isReadOnly}
                dispatch={dispatch}
              />
            )}
            <Card.Footer
              className="small text-body-secondary d-flex flex-wrap gap-3"
              aria-live="polite"
            >
              <span>
                {isReadOnly ? (
                  terms.saved_at ? (
                    `Saved ${formatWhen(terms.saved_at)}`
                  ) : (
                    'Not saved'
                  )
                ) : hasProblems ? (
                  <span className="text-danger">
                    Remove or fix the clauses marked in red to save.
                  </span>
                ) : isDirty || !terms.is_saved ? (
                  'Not saved'
                ) : terms.saved_at ? (
                  `Saved ${formatWhen(terms.saved_at)}`
                ) : (
                  'Nothing to save'
                )}
              </span>
              {customCount > 0 ? (
                <span>
                  <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />
                  Non-standard terms: {customCount} custom{' '}
                  {customCount === 1 ? 'clause' : 'clauses'}
                </span>
              ) : null}
            </Card.Footer>
          </Card>
          <div className="d-flex flex-wrap gap-2 align-items-center mt-3">
            <Link
              className="btn btn-outline-secondary"
              to={`/${context}/configure-sh-hw/${quote.id}/${quote.quote_type}`}
            >
              <i className="bi bi-arrow-left me-1" aria-hidden="true" />
              Back to shipping
            </Link>
            <div className="ms-auto d-flex gap-2">
              {isReadOnly ? null : (
                <Button onClick={submit} disabled={!canSave}>
                  {save.isPending ? 'Saving…' : 'Save'}
                </Button>
              )}
              {terms.is_saved && !isDirty && !terms.has_terms_problems ? (
                <Link className="btn btn-primary" to={summaryPath}>
                  Next: Summary
                  <i className="bi bi-arrow-right ms-1" aria-hidden="true" />
                </Link>
              ) : canSave ? (
                <Button variant="primary" onClick={saveAndContinue}>
                  Next: Summary
                  <i className="bi bi-arrow-right ms-1" aria-hidden="true" />
                </Button>
              ) : (
                <Button
                  variant="outline-primary"
                  disabled
                  title={
                    hasProblems || terms.has_terms_problems
                      ? 'Correct the terms marked first.'
                      : 'The terms are not saved yet.'
                  }
                >
                  Next: Summary
                  <i className="bi bi-arrow-right ms-1" aria-hidden="true" />
                </Button>
              )}
            </div>
          </div>
        </div>
        <div className="col-12 col-xl-6">
          <Card>
            <Card.Header>
              <h2 className="h6 mb-0">Preview</h2>
            </Card.Header>
            <Card.Body>
              {draft.length === 0 ? (
                <p className="text-body-secondary mb-0">Nothing to preview.</p>
              ) : (
                <TermsPreview terms={draft} quoteNumber={quote.quote_number} />
              )}
            </Card.Body>
          </Card>
        </div>
      </div>
      {isReadOnly ? null : (
        <>
          <LibraryPanel
            show={panel === 'library'}
            onHide={() => setPanel(null)}
            onKeys={onQuote}
            values={terms.placeholder_values}
            suggested={suggested}
            onAdd={(term) => dispatch({ type: 'add', term })}
          />
          <CustomClausePanel
            show={panel === 'custom'}
            onHide={() => setPanel(null)}
            values={terms.placeholder_values}
            onAdd={(term) => {
              dispatch({ type: 'add', term });
              setPanel(null);
            }}
          />
        </>
      )}
    </>
  );
}
