import type { WorkflowNode } from '@bastion/domain/approvals/workflow';
import { Fragment } from 'react';

/**
 * A workflow drawn as its approvers see it go: the start marker, each step with its groups
 * (together, or one after another), the end marker. Top to bottom in a narrow column, left to
 * right where there is room (approval-admin.css).
 */
export function WorkflowDiagram({
  name,
  nodes,
  groupNames,
}: {
  name: string;
  nodes: readonly WorkflowNode[];
  groupNames: ReadonlyMap<string, string>;
}) {
  return (
    <div className="workflow-diagram-frame">
      <ol className="workflow-diagram list-unstyled mb-0" aria-label={`Workflow diagram: ${name}`}>
        {nodes.map((node, index) => (
          <Fragment key={index}>
            {index > 0 ? (
              <li className="workflow-arrow" aria-hidden="true">
                <i className="bi bi-arrow-down" />
              </li>
            ) : null}
            {node.kind === 'START' ? (
              <li className="workflow-marker is-start">
                <i className="bi bi-play-fill" aria-hidden="true" />
                <span>Start</span>
              </li>
            ) : node.kind === 'END' ? (
              <li className="workflow-marker is-end">
                <i className="bi bi-flag-fill" aria-hidden="true" />
                <span>End</span>
              </li>
            ) : (
              <li
                className={`workflow-step ${node.mode === 'SEQUENTIAL' ? 'is-sequential' : 'is-parallel'}`}
                // The start marker comes first, so a step's index is its number.
                aria-label={`Step ${index}: ${node.name || 'unnamed'}`}
              >
                <div className="workflow-step-name">{node.name || <em>Unnamed step</em>}</div>
                {node.group_ids.length > 1 ? (
                  <div className="workflow-step-mode">
                    {node.mode === 'PARALLEL' ? (
                      <>
                        <i className="bi bi-distribute-vertical me-1" aria-hidden="true" />
                        In parallel
                      </>
                    ) : (
                      <>
                        <i className="bi bi-list-ol me-1" aria-hidden="true" />
                        In turn
                      </>
                    )}
                  </div>
                ) : null}
                {node.group_ids.length === 0 ? (
                  <div className="small text-danger">No group yet</div>
                ) : (
                  <ul
                    className={`workflow-step-groups list-unstyled mb-0 ${node.mode === 'SEQUENTIAL' ? 'is-numbered' : ''}`}
                  >
                    {node.group_ids.map((id, position) => (
                      <li key={id}>
                        {node.mode === 'SEQUENTIAL' && node.group_ids.length > 1 ? (
                          <span className="workflow-turn">{position + 1}</span>
                        ) : null}
                        {groupNames.get(id) ?? 'Deleted group'}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            )}
          </Fragment>
        ))}
      </ol>
    </div>
  );
}
