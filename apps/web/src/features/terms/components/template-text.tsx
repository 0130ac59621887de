import { Fragment } from 'react';

const PLACEHOLDER = /(\{[a-z][a-z0-9_]*\})/;

/** Clause text with its placeholders set apart, so an admin sees what the quote fills in. */
export function TemplateText({ text }: { text: string }) {
  return (
    <>
      {text.split(PLACEHOLDER).map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className="text-primary-emphasis">
            {part}
          </code>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** A rule's condition, wrapping between words but never inside an operator like string-equals. */
export function ConditionText({ condition }: { condition: string }) {
  return (
    <code>
      {condition.split(' ').map((word, index) => (
        <Fragment key={index}>
          {index > 0 ? ' ' : null}
          <span className="text-nowrap">{word}</span>
        </Fragment>
      ))}
    </code>
  );
}
