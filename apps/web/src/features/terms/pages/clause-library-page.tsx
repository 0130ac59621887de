import { CLAUSE_CATEGORIES } from '@bastion/domain/terms/clauses';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { NoData } from '../../../components/no-data.tsx';
import { useSession } from '../../auth/components/session-context.tsx';
import { useClauses, type Clause } from '../api/clauses.ts';
import { ClauseEditor } from '../components/clause-editor.tsx';
import { ClauseHistory } from '../components/clause-history.tsx';
import { SidePanel } from '../../../components/side-panel.tsx';
import { TemplateText } from '../components/template-text.tsx';
import {
  LoadState,
  TERMS_EDITORS,
  TermsAdminLayout,
  formatDay,
  isTermsAdmin,
} from '../components/terms-admin-layout.tsx';

type Panel = { kind: 'edit'; clause: Clause | null } | { kind: 'history'; clause: Clause } | null;

/** The first words of a clause, for the list. */
const excerpt = (body: string) => (body.length > 140 ? `${body.slice(0, 137).trimEnd()}…` : body);

/** /{context}/terms-condition: the standard clauses quotes are built from (spec §1 terms admin). */
export function ClauseLibraryPage() {
  const session = useSession();
  const canEdit = isTermsAdmin(session.user.permissions);
  const clauses = useClauses({ includeInactive: true });
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const [showWithdrawn, setShowWithdrawn] = useState(false);
  const [panel, setPanel] = useState<Panel>(null);
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const open = (next: NonNullable<Panel>) => {
    setNotice(null);
    setPanel(next);
    setIsPanelOpen(true);
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
    <TermsAdminLayout
      title="Terms & conditions"
      subtitle="The standard clauses quotes are built from. Rules put them on quotes; sellers add the others."
      actions={
        canEdit ? (
          <Button onClick={() => open({ kind: 'edit', clause: null })}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            New clause
          </Button>
        ) : null
      }
    >
      {canEdit ? null : (
        <Alert variant="secondary">
          <i className="bi bi-eye me-2" aria-hidden="true" />
          Read only: {TERMS_EDITORS} change the library.
        </Alert>
      )}
      {notice ? (
        <Alert variant="success" role="status" dismissible onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      <LoadState query={clauses} what="the clause library">
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
              {rows.length === 0 ? (
                <NoData
                  icon="bi-journal-text"
                  title={data.clauses.length === 0 ? 'No clauses yet' : 'No clause matches'}
                  message={
                    data.clauses.length === 0
                      ? 'Create the standard clauses quotes are built from.'
                      : 'Try another search or category.'
                  }
                />
              ) : (
                <Table responsive hover className="align-middle mb-0" aria-label="Clauses">
                  <thead>
                    <tr>
                      <th scope="col">Clause</th>
                      <th scope="col">Category</th>
                      <th scope="col" className="text-end">
                        Version
                      </th>
                      <th scope="col" className="text-end">
                        Rules
                      </th>
                      <th scope="col">Updated</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((clause) => (
                      <tr key={clause.id}>
                        <td style={{ minWidth: '18rem' }}>
                          <div className="fw-semibold">
                            {clause.title}
                            {clause.is_active ? null : (
                              <Badge bg="secondary" className="ms-2">
                                Withdrawn
                              </Badge>
                            )}
                          </div>
                          <div className="small text-body-secondary">
                            <TemplateText text={excerpt(clause.body)} />
                          </div>
                        </td>
                        <td className="text-nowrap">{clause.category}</td>
                        <td className="text-end">v{clause.version}</td>
                        <td className="text-end">{clause.rule_count}</td>
                        <td className="small text-body-secondary">
                          <span className="text-nowrap">{formatDay(clause.updated_at)}</span>
                          {clause.updated_by ? <div>{clause.updated_by}</div> : null}
                        </td>
                        <td className="text-end text-nowrap">
                          <Button
                            size="sm"
                            variant="outline-secondary"
                            className="me-1"
                            aria-label={`History of ${clause.title}`}
                            onClick={() => open({ kind: 'history', clause })}
                          >
                            History
                          </Button>
                          {canEdit ? (
                            <Button
                              size="sm"
                              variant="outline-primary"
                              aria-label={`Edit ${clause.title}`}
                              onClick={() => open({ kind: 'edit', clause })}
                            >
                              Edit
                            </Button>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
            </Card.Body>
          </Card>
        )}
      </LoadState>
      <SidePanel
        show={isPanelOpen}
        title={
          panel?.kind === 'history'
            ? `History: ${panel.clause.title}`
            : panel?.clause
              ? 'Edit clause'
              : 'New clause'
        }
        onHide={() => setIsPanelOpen(false)}
        onExited={() => setPanel(null)}
      >
        {panel?.kind === 'history' ? (
          <ClauseHistory id={panel.clause.id} />
        ) : panel?.kind === 'edit' ? (
          <ClauseEditor
            key={panel.clause?.id ?? 'new'}
            clause={panel.clause}
            onCancel={() => setIsPanelOpen(false)}
            onSaved={(saved) => {
              setNotice(
                panel.clause
                  ? `Saved “${saved.title}” as version ${saved.version}.`
                  : `Created “${saved.title}”.`,
              );
              setIsPanelOpen(false);
            }}
          />
        ) : null}
      </SidePanel>
    </TermsAdminLayout>
  );
}
