import Card from 'react-bootstrap/Card';
import { useParams } from 'react-router';
import { AdminScreen } from '@/components/admin/admin-screen.tsx';
import { NoData } from '@/components/no-data.tsx';
import { useSession } from '../../auth/index.ts';
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
  const clauses = useClauses({ includeInactive: true, enabled: isAdmin });
  const rules = useClauseRules();
  const canOpen = isAdmin && clauses.isSuccess;
  return (
    <AdminScreen<{ rules: ClauseRule[] }, ClauseRule>
      title="Clause rules"
      subtitle="Conditions on a quote's facts, in the form rules' language, that attach or require a clause."
      tabs={termsAdminTabs(context)}
      query={rules}
      what="the clause rules"
      whoSees={TERMS_EDITORS}
      newLabel="New rule"
      canCreate={canOpen}
      panelTitle={(rule) => (rule ? 'Edit rule' : 'New rule')}
      list={(data, { open, activeRow }) => (
        <Card>
          <ClauseRuleTable
            rules={data.rules}
            activeId={activeRow?.id ?? null}
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
      editor={(rule, { close, done }) =>
        clauses.data ? (
          <RuleEditor
            key={rule?.id ?? 'new'}
            rule={rule}
            clauses={clauses.data.clauses}
            onCancel={close}
            onSaved={(saved) => done(`Saved the rule “${saved.name}”.`)}
          />
        ) : null
      }
    />
  );
}
