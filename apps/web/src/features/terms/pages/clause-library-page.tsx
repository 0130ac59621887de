import { CLAUSE_CATEGORIES } from '@bastion/domain/terms/clauses';
import { useMemo, useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useParams } from 'react-router';
import { AdminLayout, LoadState, ReadOnlyNotice } from '@/components/admin/admin-layout.tsx';
import { NewButton, StatePanel, useNotice } from '@/components/admin/admin-parts.tsx';
import { usePanelState } from '@/components/admin/use-panel-state.ts';
import { NoData } from '@/components/no-data.tsx';
import { useSession } from '../../auth/components/session-context.tsx';
import { useClauses, type Clause } from '../api/clauses.ts';
import { ClauseEditor } from '../components/clause-editor.tsx';
import { ClauseHistory } from '../components/clause-history.tsx';
import { ClauseTable } from '../components/clause-table.tsx';
import { isTermsAdmin, TERMS_EDITORS, termsAdminTabs } from '../components/terms-admin.ts';

type Panel = { kind: 'edit'; clause: Clause | null } | { kind: 'history'; clause: Clause };

/** /{context}/terms-condition: the standard clauses quotes are built from (spec §1 terms admin). */
export function ClauseLibraryPage() {
  const { context = 'cpq' } = useParams();
  const session = useSession();
  const canEdit = isTermsAdmin(session.user.permissions);
  const clauses = useClauses({ includeInactive: true });
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [showWithdrawn, setShowWithdrawn] = useState(false);
  const panel = usePanelState<Panel>();
  const notice = useNotice();

  const open = (next: Panel) => {
    notice.clear();
    panel.open(next);
  };

  const rows = useMemo(() => {
    const text = search.trim().toLowerCase();
    return (clauses.data?.clauses ?? []).filter(
      (c) =>
        (showWithdrawn || c.is_active) &&
        (!category || c.category === category) &&
        (!text || `${c.title} ${c.body}`.toLowerCase().includes(text)),
    );
  }, [clauses.data, search, category, showWithdrawn]);

  return (
    <AdminLayout
      title="Terms & conditions"
      subtitle="The standard clauses quotes are built from. Rules put them on quotes; sellers add the others."
      tabs={termsAdminTabs(context)}
      actions={
        canEdit ? (
          <NewButton onClick={() => open({ kind: 'edit', clause: null })}>New clause</NewButton>
        ) : null
      }
    >
      {canEdit ? null : <ReadOnlyNotice whoCanEdit={TERMS_EDITORS} what="the library" />}
      {notice.element}
      <LoadState query={clauses} what="the clause library" whoSees={TERMS_EDITORS}>
        {(data) => (
          <Card>
            <Card.Body>
              <div className="d-flex flex-wrap gap-2 mb-3 align-items-center">
                <Form.Control
                  type="search"
                  className="flex-grow-1 w-auto"
                  aria-label="Search clauses"
                  placeholder="Search titles and text"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                />
                <Form.Select
                  className="w-auto"
                  aria-label="Category"
                  value={category}
                  onChange={(e) => setCategory(e.target.value)}
                >
                  <option value="">All categories</option>
                  {CLAUSE_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </Form.Select>
                <Form.Check
                  type="switch"
                  id="show-withdrawn"
                  label="Show withdrawn"
                  checked={showWithdrawn}
                  onChange={(e) => setShowWithdrawn(e.target.checked)}
                />
              </div>
              <ClauseTable
                clauses={rows}
                canEdit={canEdit}
                activeId={panel.isShown ? (panel.content?.clause?.id ?? null) : null}
                onEdit={(clause) => open({ kind: 'edit', clause })}
                onHistory={(clause) => open({ kind: 'history', clause })}
                emptyState={
                  <NoData
                    icon="bi-journal-text"
                    title={data.clauses.length === 0 ? 'No clauses yet' : 'No clause matches'}
                    message={
                      data.clauses.length === 0
                        ? 'Create the standard clauses quotes are built from.'
                        : 'Try another search or category.'
                    }
                  />
                }
              />
            </Card.Body>
          </Card>
        )}
      </LoadState>
      <StatePanel
        panel={panel}
        title={(shown) =>
          shown?.kind === 'history'
            ? `History: ${shown.clause.title}`
            : shown?.clause
              ? 'Edit clause'
              : 'New clause'
        }
      >
        {(shown) =>
          shown.kind === 'history' ? (
            <ClauseHistory id={shown.clause.id} />
          ) : (
            <ClauseEditor
              key={shown.clause?.id ?? 'new'}
              clause={shown.clause}
              onCancel={panel.close}
              onSaved={(saved) => {
                notice.show(
                  shown.clause
                    ? `Saved “${saved.title}” as version ${saved.version}.`
                    : `Created “${saved.title}”.`,
                );
                panel.close();
              }}
            />
          )
        }
      </StatePanel>
    </AdminLayout>
  );
}
