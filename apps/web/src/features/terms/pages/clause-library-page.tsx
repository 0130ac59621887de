import { useMemo, useState } from 'react';
import Card from 'react-bootstrap/Card';
import { useParams } from 'react-router';
import { ReadOnlyNotice } from '@/components/admin/admin-layout.tsx';
import { NewButton } from '@/components/admin/admin-parts.tsx';
import { PanelScreen, usePanelScreen } from '@/components/admin/panel-screen.tsx';
import { NoData } from '@/components/no-data.tsx';
import { useSession } from '../../auth/index.ts';
import { useClauses, type Clause } from '../api/clauses.ts';
import { ClauseEditor } from '../components/clause-editor.tsx';
import {
  ALL_ACTIVE_CLAUSES,
  ClauseFilters,
  clausesMatching,
} from '../components/clause-filters.tsx';
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
  const [filter, setFilter] = useState(ALL_ACTIVE_CLAUSES);
  const screen = usePanelScreen<Panel>();
  const { panel, open } = screen;

  const rows = useMemo(
    () => clausesMatching(clauses.data?.clauses ?? [], filter),
    [clauses.data, filter],
  );

  return (
    <PanelScreen
      screen={screen}
      title="Terms & conditions"
      subtitle="The standard clauses quotes are built from. Rules put them on quotes; sellers add the others."
      tabs={termsAdminTabs(context)}
      actions={
        canEdit ? (
          <NewButton onClick={() => open({ kind: 'edit', clause: null })}>New clause</NewButton>
        ) : null
      }
      banner={canEdit ? null : <ReadOnlyNotice whoCanEdit={TERMS_EDITORS} what="the library" />}
      query={clauses}
      what="the clause library"
      whoSees={TERMS_EDITORS}
      panelTitle={(shown) =>
        shown?.kind === 'history'
          ? `History: ${shown.clause.title}`
          : shown?.clause
            ? 'Edit clause'
            : 'New clause'
      }
      panel={(shown) =>
        shown.kind === 'history' ? (
          <ClauseHistory id={shown.clause.id} />
        ) : (
          <ClauseEditor
            key={shown.clause?.id ?? 'new'}
            clause={shown.clause}
            onCancel={panel.close}
            onSaved={(saved) =>
              screen.done(
                shown.clause
                  ? `Saved “${saved.title}” as version ${saved.version}.`
                  : `Created “${saved.title}”.`,
              )
            }
          />
        )
      }
    >
      {(data) => (
        <Card>
          <Card.Body>
            <ClauseFilters filter={filter} onChange={setFilter} />
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
    </PanelScreen>
  );
}
