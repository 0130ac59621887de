import Badge from 'react-bootstrap/Badge';
import type { WorkflowTemplate } from '../api/workflows.ts';

const stepCount = (w: WorkflowTemplate) => w.nodes.filter((n) => n.kind === 'STEP').length;

/** The templates as cards: name, the default mark, the number of steps. */
export function WorkflowCards({
  workflows,
  chosenId,
  onChoose,
}: {
  workflows: readonly WorkflowTemplate[];
  chosenId: string | null;
  onChoose: (id: string) => void;
}) {
  return (
    <>
      <ul className="list-unstyled d-flex flex-column gap-2 mb-0">
        {workflows.map((w) => {
          const isSelected = chosenId === w.id;
          return (
            <li key={w.id}>
              <button
                type="button"
                className={`approval-group-card ${isSelected ? 'is-selected' : ''}`}
                aria-current={isSelected ? 'true' : undefined}
                onClick={() => onChoose(w.id)}
              >
                <span className="d-flex align-items-start gap-2">
                  <span className="fw-semibold flex-grow-1 text-break">{w.name}</span>
                  {w.is_default ? <Badge bg="success">Default</Badge> : null}
                </span>
                <span className="d-block small text-body-secondary mt-1">
                  {stepCount(w)} {stepCount(w) === 1 ? 'step' : 'steps'}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {workflows.length === 0 ? (
        <p className="small text-body-secondary">
          No template yet: the first one you create is the default.
        </p>
      ) : null}
    </>
  );
}
