import { formatContractStartDate } from '@bastion/domain/quotes/contract-dates';
import { formatCurrency } from '@bastion/domain/format/currency';
import { quoteTypeLabel } from '@bastion/domain/quotes/labels';
import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useNavigate, useParams } from 'react-router';
import { NoData } from '@/components/no-data.tsx';
import { useLeaveGuard } from '@/components/leave-guard.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { QuoteAttachments } from '../../attachments/index.ts';
import { QuoteHeaderActions } from '../components/quote-header-actions.tsx';
import { useSession } from '../../auth/index.ts';
import {
  priceDraft,
  useQuoteConfiguration,
  useSaveConfiguration,
  type CatalogSku,
  type QuoteConfiguration,
} from '../api/configure.ts';
import { REALIGNMENT_NOTICE } from '@bastion/domain/validation/messages';
import { blockingMessages } from '@bastion/domain/product-rules/schemas';
import { LinesTable } from '../components/configure/lines-table.tsx';
import { pricingView } from '../components/configure/pricing-view.ts';
import { BundleOptionsPanel } from '../components/configure/bundle-options-panel.tsx';
import {
  bundleOptionsOfSku,
  hasProblems,
  linesReducer,
  toPayload,
} from '../components/configure/line-state.ts';
import {
  isConfigurable,
  startingChoice,
  type BundleOptionsView,
} from '@bastion/domain/catalog/bundle-options';
import { ProductFinder } from '../components/configure/product-finder.tsx';
import { lineNotesOf, RuleChecks } from '@/components/rule-checks.tsx';
import { SecureAccessPanel } from '../components/configure/secure-access-panel.tsx';
import { byKey, errorsOf, type PricingState } from '../components/configure/pricing-state.ts';
import { TotalsPanel } from '../components/configure/totals-panel.tsx';
import { MassEditBar } from '../components/configure/mass-edit-bar.tsx';
import { ProductsCardHeader } from '../components/configure/products-card-header.tsx';
import { useLineSelection } from '../components/configure/use-line-selection.ts';
import { WaterfallOffcanvas } from '../components/configure/waterfall-offcanvas.tsx';
import {
  QuoteConfiguratorLoadState,
  type ConfiguratorProps,
} from '../components/quote-load-state.tsx';
import { QuoteSteps } from '../components/quote-steps.tsx';
import { QuoteSaveProblem } from '../components/quote-save-problem.tsx';

// A seller imports lines now and then: the dialog loads when first opened.
const LineImportDialog = lazy(() =>
  import('../components/configure/line-import-dialog.tsx').then((module) => ({
    default: module.LineImportDialog,
  })),
);

// The questionnaire brings the form-recipe renderer: loaded when a seller first opens it.
const GuidedSellingPanel = lazy(() =>
  import('../components/configure/guided-selling-panel.tsx').then((module) => ({
    default: module.GuidedSellingPanel,
  })),
);

/** configure-quote/{id}/{ref}: the products of a quote, priced as they are entered (issue 5). */
export function ConfigureQuotePage() {
  const { id = '' } = useParams();
  const configuration = useQuoteConfiguration(id);
  return (
    <QuoteConfiguratorLoadState
      query={configuration}
      what="the quote"
      quoteId={id}
      configurator={ConfigureQuote}
    />
  );
}

function ConfigureQuote({ configuration, onReload }: ConfiguratorProps<QuoteConfiguration>) {
  const navigate = useNavigate();
  const session = useSession();
  const { quote, years } = configuration;
  const isEla = quote.quote_type === 'ELA';
  const canEdit =
    session.user.permissions.can_create_quote || session.user.permissions.is_deal_desk_user;
  const isReadOnly = configuration.is_read_only || !canEdit;
  const [state, dispatch] = useReducer(linesReducer, configuration, (c) =>
    linesReducer(
      { lines: [], isDirty: false },
      {
        type: 'load',
        lines: c.lines,
        years: c.years,
        // With a sizing stored, its secure-access lines are the sizing's.
        isSized: (line) =>
          c.secure_access !== null && line.pricing_model !== null && line.parent_line_id === null,
      },
    ),
  );
  const [pricing, setPricing] = useState<PricingState>(() => ({
    result: configuration.pricing?.ok ? pricingView(configuration.pricing.result) : null,
    pricedDrafts: byKey(state.lines),
    revision: 0,
    lineErrors: new Map(),
    quoteErrors:
      configuration.pricing?.ok === false ? configuration.pricing.errors.map((e) => e.message) : [],
    rules: {
      rule_messages: configuration.rule_messages,
      rule_actions: configuration.rule_actions,
      rule_applied: [],
    },
  }));
  const [isPricing, setIsPricing] = useState(false);
  const [showFinder, setShowFinder] = useState(false);
  const [showSizing, setShowSizing] = useState(false);
  const [showGuide, setShowGuide] = useState(false);
  const [showImport, setShowImport] = useState(false);
  const lineSelection = useLineSelection(state.lines);
  // Kept mounted once opened, so that it slides out when it closes.
  const [wasGuideOpened, setWasGuideOpened] = useState(false);
  const [detailsKey, setDetailsKey] = useState<string | null>(null);
  const save = useSaveConfiguration(quote.id);
  // Issue 34: the configurable bundles this page knows (the quote's, and those found since).
  const [bundles, setBundles] = useState<ReadonlyMap<string, BundleOptionsView>>(
    () => new Map(configuration.bundle_options.map((bundle) => [bundle.sku, bundle])),
  );
  /** The bundle whose options are being chosen: a new one from the finder, or a line's. */
  const [choosing, setChoosing] = useState<
    { kind: 'new'; sku: CatalogSku } | { kind: 'line'; key: string; sku: string } | null
  >(null);
  const addProduct = (sku: CatalogSku) => {
    const bundle = bundleOptionsOfSku(sku);
    if (!isConfigurable(bundle)) {
      dispatch({ type: 'add', sku, years });
      return;
    }
    setBundles((before) => new Map(before).set(sku.sku, bundle));
    setShowFinder(false);
    setChoosing({ kind: 'new', sku });
  };
  const choosingBundle =
    choosing === null
      ? null
      : choosing.kind === 'new'
        ? bundleOptionsOfSku(choosing.sku)
        : (bundles.get(choosing.sku) ?? null);
  const choosingNow =
    choosing === null || choosingBundle === null
      ? []
      : choosing.kind === 'new'
        ? startingChoice(choosingBundle)
        : state.lines.filter((line) => line.parentKey === choosing.key).map((line) => line.sku);
  const configurableSkus = useMemo(() => new Set(bundles.keys()), [bundles]);
  // Stable, so the lines' rows do not redraw for it.
  const chooseOptionsOf = useCallback(
    (key: string, sku: string) => setChoosing({ kind: 'line', key, sku }),
    [],
  );

  // Re-price the draft a moment after the last keystroke; a newer draft cancels the older call.
  const hasLocalProblems = hasProblems(state.lines);
  useEffect(() => {
    if (!state.isDirty || hasLocalProblems) return;
    const controller = new AbortController();
    const lines = state.lines;
    const timer = setTimeout(() => {
      setIsPricing(true);
      priceDraft(quote.id, toPayload(lines), controller.signal)
        .then(({ rule_messages, rule_actions, rule_applied, ...slim }) => {
          const view = pricingView(slim);
          const rules = { rule_messages, rule_actions, rule_applied };
          setPricing((before) => ({
            result: view,
            pricedDrafts: byKey(lines),
            revision: before.revision + 1,
            lineErrors: new Map(),
            quoteErrors: [],
            rules,
          }));
          // Issue 34: what automatic rules changed, in the prices already, joins the draft (and
          // is priced again, settled: nothing more changes).
          const changes = rules.rule_applied.flatMap((action) => action.changes);
          if (changes.length > 0) dispatch({ type: 'rule', changes, years });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setPricing((before) => ({
            result: null,
            pricedDrafts: byKey(lines),
            revision: before.revision + 1,
            ...errorsOf(error, lines),
          }));
        })
        .finally(() => {
          if (!controller.signal.aborted) setIsPricing(false);
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [state, hasLocalProblems, quote.id, years]);

  const pricedByKey = useMemo(
    () => pricing.result?.byLineKey ?? new Map<string, never>(),
    [pricing.result],
  );
  const detailsLine = detailsKey
    ? (state.lines.find((line) => line.key === detailsKey) ?? null)
    : null;
  const pricedDrafts = pricing.pricedDrafts;
  const pricedPayload = useCallback(() => toPayload([...pricedDrafts.values()]), [pricedDrafts]);
  const canSave =
    !isReadOnly && !hasLocalProblems && pricing.lineErrors.size === 0 && !save.isPending;
  const ruleNotes = useMemo(() => lineNotesOf(pricing.rules), [pricing.rules]);
  const skuOfKey = useMemo(
    () => new Map(state.lines.map((line) => [line.key, line.sku])),
    [state.lines],
  );
  // The lines changed since the rules last read them: their offers wait for the next reading.
  const isRuleReadingStale =
    state.lines.length !== pricing.pricedDrafts.size ||
    state.lines.some((line) => pricing.pricedDrafts.get(line.key) !== line);
  const hasRuleErrors = blockingMessages(pricing.rules).length > 0;

  const leaveGuard = useLeaveGuard({
    isDirty: !isReadOnly && state.isDirty,
    what: 'the products of this quote',
    save: () =>
      save
        .mutateAsync({ version: quote.version, lines: toPayload(state.lines), advance: false })
        .then(() => true),
    cannotSave:
      hasLocalProblems || pricing.lineErrors.size > 0
        ? 'Correct the lines marked in red before saving.'
        : null,
  });

  const submit = (advance: boolean) =>
    save.mutate(
      { version: quote.version, lines: toPayload(state.lines), advance },
      {
        onSuccess: (saved) => {
          if (advance) {
            leaveGuard.release();
            void navigate(`/cpq/configure-sh-hw/${saved.quote.id}/${saved.quote.quote_type}`);
          }
        },
      },
    );

  return (
    <>
      {leaveGuard.dialog}
      <PageHeader
        title="Configure quote"
        subtitle={
          <>
            {quote.quote_number} · {quote.quote_name} · {quoteTypeLabel(quote.quote_type)}
            {isEla ? ` · ${quote.contract_length} months` : ''} · {quote.currency_code} ·{' '}
            <StatusBadge label={quote.status_label} tone={quote.status_tone} />
          </>
        }
        actions={<QuoteHeaderActions quoteId={quote.id} quoteRef={quote.quote_type} />}
      />
      <QuoteSteps
        quote={quote}
        current="configure"
        dangerSteps={configuration.needs_shipping_realignment ? ['shipping'] : []}
      />
      {configuration.needs_shipping_realignment ? (
        <Alert variant="warning" role="alert" data-testid="realignment-notice">
          {REALIGNMENT_NOTICE}
        </Alert>
      ) : null}
      <QuoteSaveProblem error={save.error} onReload={onReload} />
      {pricing.quoteErrors.length > 0 ? (
        <Alert variant="danger" role="alert">
          {pricing.quoteErrors.join(' ')}
        </Alert>
      ) : null}
      {configuration.is_read_only ? (
        <Alert variant="info">
          {configuration.read_only_reason ?? 'The products of this quote cannot change.'}
        </Alert>
      ) : null}
      <div className="row g-4">
        <div className="col-12">
          <RuleChecks
            outcome={pricing.rules}
            skuOf={skuOfKey}
            isReadOnly={isReadOnly}
            isStale={isRuleReadingStale || isPricing}
            onApply={(action) => dispatch({ type: 'rule', changes: action.changes, years })}
            onChooseOptions={chooseOptionsOf}
          />
          <div className="card">
            <ProductsCardHeader
              quoteId={quote.id}
              lineCount={state.lines.length}
              isReadOnly={isReadOnly}
              isDirty={state.isDirty}
              hasSizing={configuration.secure_access !== null}
              onSizing={() => setShowSizing(true)}
              onGuide={() => {
                setWasGuideOpened(true);
                setShowGuide(true);
              }}
              onAdd={() => setShowFinder(true)}
              onImport={() => setShowImport(true)}
            />
            {isReadOnly ? null : (
              <MassEditBar
                selectedCount={lineSelection.selectedKeys.length}
                years={years}
                canPair={state.lines.some(
                  (line) => line.haCapable && lineSelection.selection.selected.has(line.key),
                )}
                canUndo={(state.undo?.length ?? 0) > 0}
                onChange={(change) =>
                  dispatch({ type: 'editMany', keys: lineSelection.selectedKeys, change })
                }
                onFillDown={(field) =>
                  dispatch({ type: 'fillDown', keys: lineSelection.selectedKeys, field })
                }
                onRemove={() => {
                  dispatch({ type: 'removeMany', keys: lineSelection.selectedKeys });
                  lineSelection.clear();
                }}
                onClear={lineSelection.clear}
                onUndo={() => dispatch({ type: 'undo' })}
              />
            )}
            {state.lines.length === 0 ? (
              <NoData
                icon="bi-box-seam"
                title="No products yet"
                message="Add appliances, subscriptions, support and services from the catalogue."
              />
            ) : (
              <LinesTable
                lines={state.lines}
                years={years}
                isEla={isEla}
                currency={quote.currency_code}
                pricedByKey={pricedByKey}
                pricedDrafts={pricing.pricedDrafts}
                serverErrors={pricing.lineErrors}
                ruleNotes={ruleNotes}
                isReadOnly={isReadOnly}
                canAdjustUnitList={configuration.can_adjust_unit_list_price}
                showsMargin={pricing.result?.showsMargin ?? false}
                dispatch={dispatch}
                onDetails={setDetailsKey}
                configurableBundles={configurableSkus}
                onChooseOptions={chooseOptionsOf}
                selection={isReadOnly ? undefined : lineSelection.selection}
              />
            )}
          </div>
        </div>
        {/* Beside the totals on wide screens, below everything on narrow ones. */}
        <div className="col-12 col-lg-6 col-xl-7 order-last order-lg-0">
          <QuoteAttachments quoteId={quote.id} />
        </div>
        <div className="col-12 col-md-8 col-lg-6 col-xl-5 ms-auto">
          <TotalsPanel
            pricing={state.lines.length === 0 ? null : pricing.result}
            currency={quote.currency_code}
            isPricing={isPricing}
          />
          {isReadOnly ? null : (
            <div className="d-grid gap-2 mt-3">
              <Button
                variant="outline-primary"
                disabled={!canSave || !state.isDirty}
                onClick={() => submit(false)}
              >
                {save.isPending ? 'Saving…' : state.isDirty ? 'Save' : 'Saved'}
              </Button>
              <Button
                disabled={!canSave || state.lines.length === 0 || hasRuleErrors}
                onClick={() => submit(true)}
              >
                Next: Shipping &amp; hardware
                <i className="bi bi-arrow-right ms-1" aria-hidden="true" />
              </Button>
              {hasRuleErrors ? (
                <div className="small text-danger text-center" data-testid="rule-errors-hint">
                  Fix the errors under Configuration checks to move on.
                </div>
              ) : null}
              {pricing.result ? (
                <div className="small text-body-secondary text-center">
                  Prices as of{' '}
                  {formatContractStartDate(configuration.price_date) ?? configuration.price_date}
                  {pricing.result.currencyCode !== 'USD'
                    ? ` · ${formatCurrency(pricing.result.netUsdMinor, 'USD')}`
                    : ''}
                </div>
              ) : null}
            </div>
          )}
        </div>
      </div>
      {isReadOnly ? null : (
        <ProductFinder
          show={showFinder}
          onHide={() => setShowFinder(false)}
          quoteId={quote.id}
          currency={quote.currency_code}
          priceDate={configuration.price_date}
          onAdd={addProduct}
        />
      )}
      {showImport ? (
        <Suspense fallback={null}>
          <LineImportDialog
            quoteId={quote.id}
            version={quote.version}
            years={years}
            onClose={() => setShowImport(false)}
          />
        </Suspense>
      ) : null}
      {isReadOnly || !wasGuideOpened ? null : (
        <Suspense fallback={null}>
          <GuidedSellingPanel
            show={showGuide}
            quoteId={quote.id}
            years={years}
            onHide={() => setShowGuide(false)}
            onAccept={(lines) => {
              dispatch({ type: 'addLines', lines, years });
              setShowGuide(false);
            }}
          />
        </Suspense>
      )}
      {isReadOnly ? null : (
        <BundleOptionsPanel
          bundle={choosingBundle}
          chosen={choosingNow}
          applyLabel={choosing?.kind === 'new' ? 'Add to quote' : 'Apply'}
          onHide={() => setChoosing(null)}
          onApply={(options) => {
            if (choosing?.kind === 'new')
              dispatch({ type: 'add', sku: choosing.sku, years, options });
            else if (choosing && choosingBundle)
              dispatch({
                type: 'bundleOptions',
                key: choosing.key,
                bundle: choosingBundle,
                options,
              });
            setChoosing(null);
          }}
        />
      )}
      {isReadOnly || !showSizing ? null : (
        <SecureAccessPanel
          show={showSizing}
          onHide={() => setShowSizing(false)}
          configuration={configuration}
          isDealDeskUser={session.user.permissions.is_deal_desk_user}
        />
      )}
      <WaterfallOffcanvas
        quoteId={quote.id}
        line={detailsLine}
        revision={pricing.revision}
        pricedLines={pricedPayload}
        currency={quote.currency_code}
        onClose={() => setDetailsKey(null)}
      />
    </>
  );
}
