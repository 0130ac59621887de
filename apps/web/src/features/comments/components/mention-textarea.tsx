import { insertMention, mentionQueryAt, type Mention } from '@bastion/domain/comments/mentions';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { useMentionCandidates } from '../api/comments.ts';

/** Waits for typing to pause before asking the server for names. */
function useSettledValue(value: string, delayMs: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A text area that offers people to mention when `@` is typed: the list follows the letters
 * typed after it; ↑ and ↓ move, Enter or Tab chooses, Escape closes it. Ctrl+Enter (⌘+Enter on a
 * Mac) sends. The chosen person shows as `@Name`; the caller keeps whom each name means.
 */
export function MentionTextarea(props: {
  quoteId: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  onMention: (mention: Mention) => void;
  onSubmit: () => void;
  isInvalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  rows?: number;
  autoFocus?: boolean;
}) {
  const { value, onChange } = props;
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [activeIndex, setActiveIndex] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  // Where the caret goes once a chosen name is in the text. Placed in the same commit as the new
  // text: set a frame later, the letters typed meanwhile landed at the end (the browser puts the
  // caret there when the value is replaced) and the rest of the sentence before them.
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !ref.current || ref.current.value !== value) return;
    pendingCaret.current = null;
    ref.current.focus();
    ref.current.setSelectionRange(at, at);
  }, [value]);

  const query = mentionQueryAt(value, caret);
  const isOpen = query !== null && dismissedAt !== query.start;
  const search = useSettledValue(query?.query ?? '', 200);
  const candidates = useMentionCandidates(props.quoteId, search, isOpen);
  const people = isOpen ? (candidates.data?.candidates ?? []) : [];
  const active = Math.min(activeIndex, Math.max(0, people.length - 1));

  const readCaret = () => setCaret(ref.current?.selectionStart ?? 0);

  function choose(index: number) {
    const person = people[index];
    if (!query || !person) return;
    const next = insertMention(value, query.start, caret, person);
    onChange(next.text);
    props.onMention({ user_id: person.id, name: person.name });
    setCaret(next.caret);
    setActiveIndex(0);
    pendingCaret.current = next.caret;
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      props.onSubmit();
      return;
    }
    if (!isOpen) return;
    if (event.key === 'Escape') {
      // Closes the list, not the side panel around it.
      event.preventDefault();
      event.stopPropagation();
      setDismissedAt(query.start);
      return;
    }
    if (people.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((active + step + people.length) % people.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      choose(active);
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div className="mention-field">
      <Form.Control
        ref={ref}
        as="textarea"
        rows={props.rows ?? 3}
        value={value}
        placeholder={props.placeholder}
        aria-label={props.label}
        aria-describedby={props.describedBy}
        isInvalid={props.isInvalid}
        autoFocus={props.autoFocus}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen && people.length > 0}
        aria-controls={listId}
        aria-activedescendant={isOpen && people.length > 0 ? optionId(active) : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          setCaret(event.target.selectionStart ?? event.target.value.length);
        }}
        onSelect={readCaret}
        onClick={readCaret}
        onKeyDown={onKeyDown}
        onBlur={() => query && setDismissedAt(query.start)}
        onFocus={() => setDismissedAt(null)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="People to mention"
        className="mention-options list-unstyled"
        hidden={!isOpen || (people.length === 0 && !candidates.isFetched)}
      >
        {isOpen && people.length === 0 && candidates.isFetched ? (
          <li className="mention-option-empty" role="presentation">
            Nobody who can see this quote matches “{search}”.
          </li>
        ) : null}
        {people.map((person, index) => (
          <li
            key={person.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'mention-option active' : 'mention-option'}
            // Before the text area's blur, so the choice is not lost.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(index);
            }}
          >
            <span className="comment-avatar comment-avatar-sm" aria-hidden="true">
              {person.initial}
            </span>
            <span className="min-w-0">
              <span className="d-block text-truncate">{person.name}</span>
              <span className="d-block small text-body-secondary text-truncate">
                {person.email}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
