import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { moveSearchHighlight } from '@bastion/domain/search/results';
import type { SearchResult } from '@bastion/domain/search/schemas';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { sendableQuery, useGlobalSearch } from '../api/global-search.ts';
import './global-search.css';

/** Whether a key press is typing into a field, where `/` is a character, not the shortcut. */
function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The search box of the top navigation (issue 19): `/` focuses it; as the user types (2
 * characters or more) it lists quotes, opportunities, accounts, SKUs and users they may open,
 * grouped by kind. ArrowDown/ArrowUp move through the results, Enter opens one, Escape closes the
 * list (and, pressed again, leaves the box). Below the lg breakpoint it is an icon button that
 * opens the box.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [text, setText] = useState('');
  const [isListOpen, setIsListOpen] = useState(false);
  // Below lg the box shows only once opened (by the icon button or the shortcut).
  const [isExpanded, setIsExpanded] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const query = useDebouncedValue(sendableQuery(text), 250);
  const search = useGlobalSearch(query);
  const answer = query === null ? undefined : search.data;
  const results: SearchResult[] = answer?.groups.flatMap((group) => group.results) ?? [];
  const optionId = (index: number) => `${listId}-option-${index}`;

  // New results: nothing is highlighted until the user moves.
  const [shownAnswer, setShownAnswer] = useState(answer);
  if (shownAnswer !== answer) {
    setShownAnswer(answer);
    setHighlighted(-1);
  }

  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || isTypingIn(event.target)) return;
      event.preventDefault();
      setIsExpanded(true);
      // The box may only now be shown (below lg): focus it once it is.
      requestAnimationFrame(() => inputRef.current?.focus());
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // The highlighted result scrolls into the list's view.
  useEffect(() => {
    if (highlighted < 0) return;
    document
      .getElementById(`${listId}-option-${highlighted}`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [highlighted, listId]);

  const close = () => {
    setIsListOpen(false);
    setHighlighted(-1);
  };
  const leave = () => {
    close();
    setText('');
    setIsExpanded(false);
    inputRef.current?.blur();
  };
  const open = (result: SearchResult) => {
    leave();
    void navigate(result.path);
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        setIsListOpen(true);
        setHighlighted((current) => moveSearchHighlight(current, event.key, results.length));
        return;
      case 'Enter': {
        const chosen = results[highlighted] ?? (isListOpen ? results[0] : undefined);
        if (chosen) {
          event.preventDefault();
          open(chosen);
        }
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (isListOpen && text !== '') close();
        else leave();
        return;
      default:
        return;
    }
  }

  const showsList = isListOpen && query !== null;
  return (
    <div
      className="global-search position-relative"
      onBlur={(event) => {
        // Leaving the box and its list, not moving between them.
        if (!event.currentTarget.contains(event.relatedTarget)) {
          close();
          if (text === '') setIsExpanded(false);
        }
      }}
    >
      {isExpanded ? null : (
        <button
          type="button"
          className="btn btn-link text-white p-1 d-lg-none"
          aria-label="Search everything"
          title="Search (/)"
          onClick={() => {
            setIsExpanded(true);
            requestAnimationFrame(() => inputRef.current?.focus());
          }}
        >
          <i className="bi bi-search fs-5" aria-hidden="true" />
        </button>
      )}
      <div className={`global-search-box ${isExpanded ? 'd-block' : 'd-none d-lg-block'}`}>
        <i className="bi bi-search global-search-icon" aria-hidden="true" />
        <input
          ref={inputRef}
          type="search"
          className="form-control form-control-sm global-search-input"
          placeholder="Search…"
          aria-label="Search everything"
          aria-keyshortcuts="/"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showsList}
          aria-controls={listId}
          aria-activedescendant={highlighted >= 0 ? optionId(highlighted) : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setIsListOpen(true);
          }}
          onFocus={() => setIsListOpen(true)}
          onKeyDown={onKeyDown}
        />
        {text === '' ? (
          <kbd className="global-search-kbd d-none d-lg-inline" aria-hidden="true">
            /
          </kbd>
        ) : null}
      </div>
      {showsList ? (
        <div className="global-search-panel shadow" data-bs-theme="light">
          {answer === undefined ? (
            search.isError ? (
              <p className="global-search-message" role="status">
                The search is not available just now. Try again in a moment.
              </p>
            ) : (
              <p className="global-search-message" role="status">
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                Searching…
              </p>
            )
          ) : answer.groups.length === 0 ? (
            <p className="global-search-message" role="status">
              No results for “{answer.query}”.
            </p>
          ) : null}
          <ul
            id={listId}
            role="listbox"
            aria-label="Search results"
            className="global-search-list list-unstyled mb-0"
            hidden={answer === undefined || answer.groups.length === 0}
          >
            {answer?.groups.map((group) => {
              const headingId = `${listId}-${group.kind}`;
              return (
                <li key={group.kind} role="presentation">
                  <div role="group" aria-labelledby={headingId}>
                    <div id={headingId} role="presentation" className="global-search-heading">
                      {group.label}
                    </div>
                    {group.results.map((result) => {
                      const index = results.indexOf(result);
                      const isActive = index === highlighted;
                      return (
                        <div
                          key={result.id}
                          id={optionId(index)}
                          role="option"
                          aria-selected={isActive}
                          className={`global-search-option${isActive ? ' active' : ''}`}
                          // Keep the focus in the box, so the list stays open for the click.
                          onMouseDown={(event) => event.preventDefault()}
                          onMouseMove={() => {
                            if (!isActive) setHighlighted(index);
                          }}
                          onClick={() => open(result)}
                        >
                          <span className="global-search-title">{result.title}</span>
                          {result.subtitle ? (
                            <span className="global-search-subtitle">{result.subtitle}</span>
                          ) : null}
                        </div>
                      );
                    })}
                  </div>
                </li>
              );
            })}
          </ul>
          {answer !== undefined && search.isFetching ? (
            <span className="visually-hidden" role="status">
              Searching…
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
