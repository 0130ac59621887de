import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { NoData } from '../../../components/no-data.tsx';
import { useSession } from '../../auth/components/session-context.tsx';
import { useClauses } from '../api/clauses.ts';
import { useClauseRules, type ClauseRule } from '../api/rules.ts';
import { RuleEditor } from '../components/rule-editor.tsx';
import { SidePanel } from '../../../components/side-panel.tsx';
import { ConditionText } from '../components/template-text.tsx';
import {
  LoadState,
  TermsAdminLayout,
  formatDay,
  isTermsAdmin,
} from '../components/terms-admin-layout.tsx';

export function EffectBadge({ effect }: { effect: ClauseRule['effect'] }) {
  return effect === 'REQUIRE' ? (
    <Badge bg="dark">
      <i className="bi bi-lock-fill me-1" aria-hidden="true" />
      Require
    </Badge>
  ) : (
    <Badge bg="info" text="dark">
      <i className="bi bi-paperclip me-1" aria-hidden="true" />
      Attach
    </Badge>
  );
}

/** /{context}/manage-terms-condition: the rules that put clauses on quotes. */
export function ClauseRulesPage() {
  const session = useSession();
  const isAdmin = isTermsAdmin(session.user.permissions);
  const rules = useClauseRules();
  const clauses = useClauses({ includeInactive: true, enabled: isAdmin });
  const [editing, setEditing] = useState<{ rule: ClauseRule | null } | null>(null);
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const open = (rule: ClauseRule | null) => {
    setNotice(null);
    setEditing({ rule });
    setIsPanelOpen(true);
  };

  return (
    <TermsAdminLayout
      title="Clause rules"
      subtitle="Conditions on a quote's facts, in the form rules' language, that attach or require a clause."
      actions={
        isAdmin ? (
          <Button onClick={() => open(null)} disabled={!clauses.isSuccess}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            New rule
          </Button>
        ) : null
      }
    >
      {notice ? (
        <Alert variant="success" role="status" dismissible onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      <LoadState query={rules} what="the clause rules">
        {(data) =>
          data.rules.length === 0 ? (
            <NoData
              icon="bi-signpost-split"
              title="No rules yet"
              message="A rule puts a clause on every quote whose facts meet its condition."
            />
          ) : (
            <Card>
              <Table responsive hover className="align-middle mb-0" aria-label="Clause rules">
                <thead>
                  <tr>
                    <th scope="col">Rule</th>
                    <th scope="col">Condition</th>
                    <th scope="col">Effect</th>
                    <th scope="col">Clause</th>
                    <th scope="col">Updated</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.rules.map((rule) => (
                    <tr
                      key={rule.id}
                      className={rule.is_active ? undefined : 'text-body-secondary'}
                    >
                      <td>
                        {rule.name}
                        {rule.is_active ? null : (
                          <Badge bg="secondary" className="ms-2">
                            Inactive
                          </Badge>
                        )}
                      </td>
                      <td>
                        {rule.condition ? (
                          <ConditionText condition={rule.condition} />
                        ) : (
                          <span className="fst-italic">Every quote</span>
                        )}
                      </td>
                      <td>
                        <EffectBadge effect={rule.effect} />
                      </td>
                      <td>
                        {rule.clause_title}
                        {rule.clause_is_active ? null : (
                          <Badge
                            bg="warning"
                            text="dark"
                            className="ms-2"
                            title="The rule does nothing while its clause is withdrawn."
                          >
                            Clause withdrawn
                          </Badge>
                        )}
                      </td>
                      <td className="small text-body-secondary">
                        <span className="text-nowrap">{formatDay(rule.updated_at)}</span>
                        {rule.updated_by ? <div>{rule.updated_by}</div> : null}
                      </td>
                      <td className="text-end">
                        <Button
                          size="sm"
                          variant="outline-primary"
                          aria-label={`Edit ${rule.name}`}
                          disabled={!clauses.isSuccess}
                          onClick={() => open(rule)}
                        >
                          Edit
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Card>
          )
        }
      </LoadState>
      <SidePanel
        show={isPanelOpen}
        title={editing?.rule ? 'Edit rule' : 'New rule'}
        onHide={() => setIsPanelOpen(false)}
        onExited={() => setEditing(null)}
      >
        {editing && clauses.data ? (
          <RuleEditor
            key={editing.rule?.id ?? 'new'}
            rule={editing.rule}
            clauses={clauses.data.clauses}
            onCancel={() => setIsPanelOpen(false)}
            onSaved={(saved) => {
              setNotice(`Saved the rule “${saved.name}”.`);
              setIsPanelOpen(false);
            }}
          />
        ) : null}
      </SidePanel>
    </TermsAdminLayout>
  );
}
