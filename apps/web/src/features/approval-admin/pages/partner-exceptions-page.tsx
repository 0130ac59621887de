import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useNavigate, useParams } from 'react-router';
import { AdminLayout, LoadState } from '../../../components/admin/admin-layout.tsx';
import { NewButton, StatePanel, useNotice } from '../../../components/admin/admin-parts.tsx';
import { usePanelState } from '../../../components/admin/use-panel-state.ts';
import { usePartnerExceptions, type PartnerException } from '../api/partner-exceptions.ts';
import { APPROVAL_ADMINS, approvalAdminTabs } from '../components/approval-admin-tabs.ts';
import '../components/approval-admin.css';
import { PartnerExceptionEditor } from '../components/partner-exception-editor.tsx';
import { PartnerExceptionTable } from '../components/partner-exception-table.tsx';

/**
 * /{context}/manage-partner-exception/{id}/{ref}: partners allowed an extra discount for a
 * while. Rules ask whether a quote's partner has one in force on its price date. {id} is the
 * exception open in the side panel, or `new`.
 */
export function PartnerExceptionsPage() {
  const { context = 'cpq', id = 'new', ref = 'ref' } = useParams();
  const navigate = useNavigate();
  const list = usePartnerExceptions();
  const panel = usePanelState<{ exception: PartnerException | null }>();
  const notice = useNotice();
  // The exception the address names, opened once when it first shows (a link to it).
  const [linkedId, setLinkedId] = useState<string | null>(null);
  const go = (target: string) =>
    void navigate(`/${context}/manage-partner-exception/${target}/${ref}`);
  const rows = list.data?.partner_exceptions ?? [];
  const linked = id === 'new' ? undefined : rows.find((r) => r.id === id);
  if (linked && linkedId !== id) {
    setLinkedId(id);
    panel.open({ exception: linked });
  }

  const open = (exception: PartnerException | null) => {
    notice.clear();
    setLinkedId(exception?.id ?? null);
    panel.open({ exception });
    if (exception) go(exception.id);
  };
  const close = () => {
    panel.close();
    setLinkedId(null);
    go('new');
  };

  return (
    <AdminLayout
      title="Partner exceptions"
      subtitle="Partners allowed an extra discount for a time. A rule can ask for approval whenever a quote’s partner has one in force."
      tabs={approvalAdminTabs(context)}
      actions={
        list.isError ? null : <NewButton onClick={() => open(null)}>New exception</NewButton>
      }
    >
      {notice.element}
      <LoadState query={list} what="the partner exceptions" whoSees={APPROVAL_ADMINS}>
        {(data) => (
          <div className="d-flex flex-column gap-3">
            {id !== 'new' && !linked && !panel.isShown ? (
              <Alert variant="warning">
                That exception no longer exists; someone may have deleted it.{' '}
                <Alert.Link onClick={() => open(null)}>Add a new one</Alert.Link>.
              </Alert>
            ) : null}
            <PartnerExceptionTable
              rows={data.partner_exceptions}
              editingId={panel.isShown ? (panel.content?.exception?.id ?? null) : null}
              onEdit={open}
            />
          </div>
        )}
      </LoadState>
      <StatePanel
        panel={panel}
        onHide={close}
        title={(content) =>
          content?.exception
            ? `Edit the exception for ${content.exception.partner_name}`
            : 'Add a partner exception'
        }
      >
        {({ exception }) => (
          <PartnerExceptionEditor
            key={exception?.id ?? 'new'}
            exception={exception}
            onCancel={close}
            onDone={(message) => {
              close();
              notice.show(message);
            }}
          />
        )}
      </StatePanel>
    </AdminLayout>
  );
}
