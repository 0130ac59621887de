import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useBlocker, useNavigate, type BlockerFunction } from 'react-router';

/** The work of an editing page, as its leave guard sees it (decision 032). */
export interface UnsavedWork {
  /** Something was changed and not saved. */
  isDirty: boolean;
  /** "the products of this quote": what is not saved, in the question. */
  what: string;
  /**
   * Saves the work as the page's Save would, without leaving by itself: resolves true once saved.
   * Without it the question offers only to leave without saving or to stay.
   */
  save?: () => Promise<boolean>;
  /** Why the work cannot be saved as it stands ("Correct the lines marked in red first."). */
  cannotSave?: string | null;
}

export interface LeaveGuard {
  /** The question, to render on the page; nothing while nobody is leaving. */
  dialog: ReactNode;
  /**
   * Lets the page's own next navigation through: a Next that saved and moves on, a Cancel that
   * means to throw the work away.
   */
  release: () => void;
  /** Runs a save that may move the page when it succeeds (an editor closing its panel). */
  whileSaving: <T>(run: () => Promise<T>) => Promise<T>;
}

/**
 * Asks before unsaved work is left behind: a navigation inside the app (a menu entry, a link,
 * Back) waits for Save and leave / Leave without saving / Stay; closing or reloading the tab gets
 * the browser's own question, which is all a page may ask there.
 */
export function useLeaveGuard(work: UnsavedWork): LeaveGuard {
  const dirty = useRef(work.isDirty);
  const released = useRef(false);
  useEffect(() => {
    dirty.current = work.isDirty;
    // New changes after a release are guarded again.
    if (!work.isDirty) released.current = false;
  }, [work.isDirty]);

  // Read through refs: a page navigates from a save's callback, before it renders again.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirty.current &&
      !released.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!work.isDirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [work.isDirty]);

  const navigate = useNavigate();
  const [isSaving, setIsSaving] = useState(false);
  const isAsking = blocker.state === 'blocked' || isSaving;

  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
  };
  const leave = () => {
    released.current = true;
    if (blocker.state === 'blocked') blocker.proceed();
  };
  // The blocked navigation is let go while the save runs (a save may move the page itself: an
  // editor closing its panel), and made again once saved. A refused save keeps the user here,
  // where the page says what to correct.
  const saveAndLeave = async () => {
    if (!work.save || blocker.state !== 'blocked') return;
    const { pathname, search, hash } = blocker.location;
    const state: unknown = blocker.location.state;
    blocker.reset();
    released.current = true;
    setIsSaving(true);
    const saved = await work.save().catch(() => false);
    setIsSaving(false);
    if (saved) void navigate({ pathname, search, hash }, { state });
    else released.current = false;
  };

  // Inside a side panel, closing the panel leaves the work too: the panel asks first.
  const registerInPanel = useContext(PanelWorkContext);
  const whileSaving = async <T,>(run: () => Promise<T>): Promise<T> => {
    released.current = true;
    try {
      return await run();
    } catch (refusal) {
      released.current = false;
      throw refusal;
    }
  };
  const { save } = work;
  const panelWork: PanelWork | null = work.isDirty
    ? {
        what: work.what,
        cannotSave: work.cannotSave ?? null,
        save: save ? () => whileSaving(save) : undefined,
        release: () => {
          released.current = true;
        },
      }
    : null;
  // Each editor of a panel holds its own entry: one that is clean must not hide another's work.
  const editorId = useId();
  useEffect(() => {
    registerInPanel?.(editorId, panelWork);
  });
  useEffect(() => () => registerInPanel?.(editorId, null), [registerInPanel, editorId]);

  const dialog = (
    <LeaveQuestion
      show={isAsking}
      what={work.what}
      cannotSave={work.cannotSave ?? null}
      isSaving={isSaving}
      canSave={Boolean(work.save)}
      onStay={stay}
      onLeave={leave}
      onSave={() => void saveAndLeave()}
    />
  );

  return {
    dialog,
    release: () => {
      released.current = true;
    },
    whileSaving,
  };
}

/** What a side panel's editor has not saved, for the panel to ask about before it closes. */
interface PanelWork {
  what: string;
  cannotSave: string | null;
  save: (() => Promise<boolean>) | undefined;
  /** The panel closes without saving: its closing must not be asked about again. */
  release: () => void;
}

const PanelWorkContext = createContext<((editorId: string, work: PanelWork | null) => void) | null>(
  null,
);

/**
 * Wraps a side panel's body: closing the panel (its Close button, Escape, a click beside it)
 * while an editor in it has unsaved changes asks Save and close / Close without saving / Stay.
 * `close` is the panel's own closing.
 */
export function usePanelCloseGuard(close: () => void) {
  // The unsaved work of each editor in the panel, by editor.
  const works = useRef(new Map<string, PanelWork>());
  const register = useCallback((editorId: string, next: PanelWork | null) => {
    if (next) works.current.set(editorId, next);
    else works.current.delete(editorId);
  }, []);
  const firstWork = () => works.current.values().next().value ?? null;
  const [asking, setAsking] = useState<PanelWork | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const closeNow = () => {
    for (const work of works.current.values()) work.release();
    close();
  };
  return {
    /** Instead of `close`: asks first when there is unsaved work. */
    requestClose: () => {
      const work = firstWork();
      if (work) setAsking(work);
      else close();
    },
    wrap: (children: ReactNode) => (
      <PanelWorkContext.Provider value={register}>
        {children}
        <LeaveQuestion
          show={asking !== null}
          what={asking?.what ?? ''}
          cannotSave={asking?.cannotSave ?? null}
          isSaving={isSaving}
          canSave={Boolean(asking?.save)}
          words="close"
          onStay={() => setAsking(null)}
          onLeave={() => {
            setAsking(null);
            closeNow();
          }}
          onSave={() => {
            const save = asking?.save;
            if (!save) return;
            setIsSaving(true);
            // A refusal stays to be read and corrected; once saved, the panel closes (if the
            // editor's own save has not closed it already).
            void save()
              .catch(() => false)
              .then((saved) => {
                setIsSaving(false);
                setAsking(null);
                if (saved) close();
              });
          }}
        />
      </PanelWorkContext.Provider>
    ),
  };
}

/** The question itself: the same words on every page and panel. */
function LeaveQuestion(props: {
  show: boolean;
  what: string;
  cannotSave: string | null;
  canSave: boolean;
  isSaving: boolean;
  /** A page is left, a panel closed. */
  words?: 'leave' | 'close';
  onStay: () => void;
  onLeave: () => void;
  onSave: () => void;
}) {
  const isPanel = props.words === 'close';
  return (
    <Modal show={props.show} onHide={props.onStay} centered aria-labelledby="leave-guard-title">
      <Modal.Header closeButton>
        <Modal.Title id="leave-guard-title" as="h2" className="h5">
          {isPanel ? 'Close without saving?' : 'Leave without saving?'}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-2">
          Your changes to {props.what} are not saved. If you {isPanel ? 'close' : 'leave'} now, they
          are lost.
        </p>
        {props.canSave && props.cannotSave ? (
          <Alert variant="warning" className="py-2 mb-0">
            {props.cannotSave}
          </Alert>
        ) : null}
      </Modal.Body>
      <Modal.Footer className="flex-wrap">
        <Button
          variant="outline-secondary"
          onClick={props.onStay}
          disabled={props.isSaving}
          autoFocus
        >
          Stay
        </Button>
        <Button variant="outline-danger" onClick={props.onLeave} disabled={props.isSaving}>
          {isPanel ? 'Close without saving' : 'Leave without saving'}
        </Button>
        {props.canSave ? (
          <Button
            variant="primary"
            onClick={props.onSave}
            disabled={props.isSaving || Boolean(props.cannotSave)}
          >
            {props.isSaving ? (
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            ) : null}
            {isPanel ? 'Save and close' : 'Save and leave'}
          </Button>
        ) : null}
      </Modal.Footer>
    </Modal>
  );
}

/**
 * The leave guard of a react-hook-form form whose submit saves (a mutateAsync: it rejects when
 * the server refuses). Save and leave is the form's own submit: its checks, its messages, and
 * what it does once saved. The form's onSubmit goes through `submit`, so a save that closes a
 * panel or moves the page is not asked about.
 */
export function useFormLeaveGuard<TIn extends FieldValues, TOut extends FieldValues>(
  form: UseFormReturn<TIn, unknown, TOut>,
  /** Null: the form is not guarded. */
  what: string | null,
  onSubmit: (values: TOut) => Promise<unknown>,
  onRefusal: (refusal: unknown) => void,
) {
  const guard = useLeaveGuard({
    isDirty: what !== null && form.formState.isDirty,
    what: what ?? '',
    save: () =>
      new Promise<boolean>((resolve) => {
        void form.handleSubmit(
          (values) =>
            onSubmit(values).then(
              () => resolve(true),
              (refusal: unknown) => {
                onRefusal(refusal);
                resolve(false);
              },
            ),
          () => resolve(false),
        )();
      }),
  });
  return {
    dialog: guard.dialog,
    release: guard.release,
    submit: (values: TOut) => guard.whileSaving(() => onSubmit(values)).catch(onRefusal),
  };
}
