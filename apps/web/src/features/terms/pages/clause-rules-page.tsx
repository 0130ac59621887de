import Card from 'react-bootstrap/Card';
import { useParams } from 'react-router';
import { AdminLayout, LoadState } from '../../../components/admin/admin-layout.tsx';
import { NewButton, StatePanel, useNotice } from '../../../components/admin/admin-parts.tsx';
import { usePanelState } from '../../../components/admin/use-panel-state.ts';
import { NoData } from '../../../components/no-data.tsx';
import { useSession } from '../../auth/components/session-context.tsx';
import { useClauses } from '../api/clauses.ts';
import { useClauseRules, type ClauseRule } from '../api/rules.ts';
import { ClauseRuleTable } from '../components/clause-rule-table.tsx';
import { RuleEditor } from '../components/rule-editor.tsx';
import { isTermsAdmin, TERMS_EDITORS, termsAdminTabs } from '../components/terms-admin.ts';

/** /{context}/manage-terms-condition: the rules that put clauses on quotes. */
export function ClauseRulesPage() {
  const { context = 'cpq' } = useParams();
  const session = useSession();
  const isAdmin = isTermsAdmin(session.user.permissions);
  const rules = useClauseRules();
  const clauses = useClauses({ includeInactive: true, enabled: isAdmin });
  const panel = usePanelState<{ rule: ClauseRule | null }>();
  const notice = useNotice();

  const open = (rule: ClauseRule | null) => {
    notice.clear();
    panel.open({ rule });
  };
  const canOpen = isAdmin && clauses.isSuccess;

  return (
    <AdminLayout
      title="Clause rules"
      subtitle="Conditions on a quote's facts, in the form rules' language, that attach or require a clause."
      tabs={termsAdminTabs(context)}
      actions={
        isAdmin ? (
          <NewButton onClick={() => open(null)} isDisabled={!clauses.isSuccess}>
            New rule
          </NewButton>
        ) : null
      }
    >
      {notice.element}
      <LoadState query={rules} what="the clause rules" whoSees={TERMS_EDITORS}>
        {(data) => (
          <Card>
            <ClauseRuleTable
              rules={data.rules}
              activeId={panel.isShown ? (panel.content?.rule?.id ?? null) : null}
              onEdit={canOpen ? open : undefined}
              emptyState={
                <NoData
                  icon="bi-signpost-split"
                  title="No rules yet"
                  message="A rule puts a clause on every quote whose facts meet its condition."
                />
              }
            />
          </Card>
        )}
      </LoadState>
      <StatePanel panel={panel} title={(content) => (content?.rule ? 'Edit rule' : 'New rule')}>
        {({ rule }) =>
          clauses.data ? (
            <RuleEditor
              key={rule?.id ?? 'new'}
              rule={rule}
              clauses={clauses.data.clauses}
              onCancel={panel.close}
              onSaved={(saved) => {
                notice.show(`Saved the rule “${saved.name}”.`);
                panel.close();
              }}
            />
          ) : null
        }
      </StatePanel>
    </AdminLayout>
  );
}
