import Form from 'react-bootstrap/Form';
import { fieldErrorsOf } from '@/lib/api-problems.ts';

/** A refusal the fields in view cannot show, in one sentence; null otherwise. */
export function otherProblemOf(error: unknown, shownPaths: readonly string[]): string | null {
  if (!error) return null;
  const problems = fieldErrorsOf(error);
  if (shownPaths.some((path) => problems[path])) return null;
  const messages = Object.values(problems);
  if (messages.length > 0) return messages.join(' ');
  return error instanceof Error ? error.message : 'Nothing was saved.';
}

/** The server's message under a control of a row. */
export function InlineProblem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="small text-danger mt-1">
      {message}
    </div>
  );
}

/** The family a value belongs to, in lists that group their values. */
export function FamilySelect(props: {
  label: string;
  families: readonly string[];
  value: string | null;
  problem: string | null;
  onChange: (family: string | null) => void;
}) {
  return (
    <>
      <Form.Select
        size="sm"
        aria-label={props.label}
        value={props.value ?? ''}
        isInvalid={props.problem !== null}
        onChange={(e) => props.onChange(e.target.value === '' ? null : e.target.value)}
      >
        <option value="">None</option>
        {props.families.map((family) => (
          <option key={family} value={family}>
            {family}
          </option>
        ))}
      </Form.Select>
      <InlineProblem message={props.problem} />
    </>
  );
}
