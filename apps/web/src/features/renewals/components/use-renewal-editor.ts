import { blockingMessages } from '@bastion/domain/product-rules/schemas';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLeaveGuard } from '@/components/leave-guard.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useSession } from '../../auth/index.ts';
import {
  priceRenewalDraft,
  useSaveRenewalConfiguration,
  type RenewalConfiguration,
  type RenewalLine,
  type RenewalPricing,
} from '../api/renewal-configuration.ts';
import {
  draftReducer,
  fileLocalProblems,
  fileProblems,
  initialDraft,
  pricedByKey,
  toDraft,
  type DraftState,
} from './renewal-draft.ts';

const PRICE_DELAY_MS = 300;

interface Filed {
  byField: Map<string, string>;
  general: string[];
}

const NOTHING: Filed = { byField: new Map(), general: [] };

function filedError(error: unknown, sent: DraftState, fallback: string): Filed {
  if (isApiError(error) && error.errors.length > 0) return fileProblems(error.errors, sent);
  return { byField: new Map(), general: [error instanceof Error ? error.message : fallback] };
}

/**
 * The state of a renewal, co-term or true-up configurator: the draft, its price (asked again a
 * moment after the last change; a newer draft cancels the older call), the problems at their
 * fields, and saving.
 */
export function useRenewalEditor(configuration: RenewalConfiguration) {
  const { quote } = configuration;
  const navigate = useNavigate();
  const session = useSession();
  const canEdit =
    session.user.permissions.can_create_quote || session.user.permissions.is_deal_desk_user;
  const isReadOnly = !quote.is_editable || !canEdit;

  const [state, dispatch] = useReducer(draftReducer, configuration, initialDraft);
  const [pricing, setPricing] = useState<{ result: RenewalPricing | null; problems: Filed }>(
    () => ({
      result: configuration.pricing,
      problems: fileProblems(configuration.pricing.problems, initialDraft(configuration)),
    }),
  );
  const [isPricing, setIsPricing] = useState(false);
  const [saveProblems, setSaveProblems] = useState<Filed>(NOTHING);
  const save = useSaveRenewalConfiguration(quote.id);
  const sentAtSave = useRef<DraftState>(state);

  const localProblems = useMemo(() => fileLocalProblems(state), [state]);
  const hasLocalProblems = localProblems.size > 0;

  // The stored quote is priced once as it opens too: the draft's own problems (a SKU type a
  // deal-desk user must choose, a line neither renewed nor dropped) show before any change.
  const hasPricedDraft = useRef(false);
  useEffect(() => {
    const isFirstLook = !hasPricedDraft.current && state.lines.length > 0;
    if ((!state.isDirty && !isFirstLook) || hasLocalProblems || isReadOnly) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      hasPricedDraft.current = true;
      setIsPricing(true);
      priceRenewalDraft(quote.id, toDraft(state), controller.signal)
        .then((result) => setPricing({ result, problems: fileProblems(result.problems, state) }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setPricing({
            result: null,
            problems: filedError(error, state, 'The quote could not be priced.'),
          });
        })
        .finally(() => {
          if (!controller.signal.aborted) setIsPricing(false);
        });
    }, PRICE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [state, hasLocalProblems, isReadOnly, quote.id]);

  const priced = useMemo(
    () => pricedByKey(state.lines, pricing.result?.lines ?? []),
    [state.lines, pricing.result],
  );

  /** The message at a field: what the browser sees first, then the last save's, then /price's. */
  const problemAt = (key: string): string | undefined =>
    localProblems.get(key) ?? saveProblems.byField.get(key) ?? pricing.problems.byField.get(key);

  const generalProblems = [...new Set([...pricing.problems.general, ...saveProblems.general])];
  // A product rule's error holds Next too (issue 34); the server refuses it as well.
  const hasServerProblems =
    pricing.problems.byField.size > 0 ||
    pricing.problems.general.length > 0 ||
    (pricing.result !== null && blockingMessages(pricing.result).length > 0);
  const canSave = !isReadOnly && !hasLocalProblems && !save.isPending;

  const leaveGuard = useLeaveGuard({
    isDirty: !isReadOnly && state.isDirty,
    what: 'the lines of this quote',
    save: () =>
      save
        .mutateAsync({ version: quote.version, draft: toDraft(state), advance: false })
        .then(() => true),
    cannotSave: hasLocalProblems ? 'Correct the lines marked in red before saving.' : null,
  });

  const submit = (advance: boolean, draftState: DraftState = state) => {
    sentAtSave.current = draftState;
    setSaveProblems(NOTHING);
    save.mutate(
      { version: quote.version, draft: toDraft(draftState), advance },
      {
        onSuccess: (saved) => {
          if (advance) {
            leaveGuard.release();
            void navigate(`/cpq/configure-sh-hw/${saved.quote.id}/${saved.quote.quote_type}`);
          }
        },
        onError: (error) => {
          // A stale version is said above the page with a reload button; not a field problem.
          if (isApiError(error) && error.status === 409) return;
          if (isApiError(error) && error.errors.length > 0) {
            setSaveProblems(fileProblems(error.errors, sentAtSave.current));
          }
        },
      },
    );
  };

  /** Contracts change what the page is made of: they are saved at once and the page reloads. */
  const chooseContracts = (contractIds: string[]) =>
    submit(false, { ...state, contract_ids: contractIds });

  return {
    /** The question asked before unsaved lines are left: the page renders it. */
    leaveDialog: leaveGuard.dialog,
    quote,
    state,
    dispatch,
    isReadOnly,
    pricing: pricing.result,
    priced,
    isPricing,
    problemAt,
    generalProblems,
    hasLocalProblems,
    hasServerProblems,
    save,
    canSave,
    submit,
    chooseContracts,
  };
}

export type RenewalEditor = ReturnType<typeof useRenewalEditor>;
export type PricedLines = ReadonlyMap<string, RenewalLine>;
