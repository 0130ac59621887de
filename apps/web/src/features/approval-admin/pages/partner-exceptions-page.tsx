import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { AdminScreen } from '@/components/admin/admin-screen.tsx';
import { usePanelState } from '@/components/admin/use-panel-state.ts';
import { usePartnerExceptions, type PartnerException } from '../api/partner-exceptions.ts';
import { APPROVAL_ADMINS, useApprovalAdminScreen } from '../components/approval-admin-tabs.ts';
import '../components/approval-admin.css';
import { PartnerExceptionEditor } from '../components/partner-exception-editor.tsx';
import { PartnerExceptionTable } from '../components/partner-exception-table.tsx';

/**
 * /{context}/manage-partner-exception/{id}/{ref}: partners allowed an extra discount for a
 * while. Rules ask whether a quote's partner has one in force on its price date. {id} is the
 * exception open in the side panel, or `new`.
 */
export function PartnerExceptionsPage() {
  const { id, go, frame } = useApprovalAdminScreen('manage-partner-exception');
  const list = usePartnerExceptions();
  const panel = usePanelState<{ row: PartnerException | null }>();
  // The exception the address names, opened once when it first shows (a link to it).
  const [linkedId, setLinkedId] = useState<string | null>(null);
  const rows = list.data?.partner_exceptions ?? [];
  const linked = id === 'new' ? undefined : rows.find((r) => r.id === id);
  if (linked && linkedId !== id) {
    setLinkedId(id);
    panel.open({ row: linked });
  }

  return (
    <AdminScreen<{ partner_exceptions: PartnerException[] }, PartnerException>
      {...frame}
      query={list}
      what="the partner exceptions"
      whoSees={APPROVAL_ADMINS}
      newLabel="New exception"
      canCreate
      panel={panel}
      onOpen={(exception) => {
        setLinkedId(exception?.id ?? null);
        if (exception) go(exception.id);
      }}
      onClose={() => {
        setLinkedId(null);
        go('new');
      }}
      banner={
        list.isSuccess && id !== 'new' && !linked && !panel.isShown ? (
          <Alert variant="warning">
            That exception no longer exists; someone may have deleted it.{' '}
            <Alert.Link onClick={() => panel.open({ row: null })}>Add a new one</Alert.Link>.
          </Alert>
        ) : null
      }
      panelTitle={(exception) =>
        exception ? `Edit the exception for ${exception.partner_name}` : 'Add a partner exception'
      }
      list={(data, controls) => (
        <PartnerExceptionTable rows={data.partner_exceptions} controls={controls} />
      )}
      editor={(exception, { close, done }) => (
        <PartnerExceptionEditor
          key={exception?.id ?? 'new'}
          exception={exception}
          onCancel={close}
          onDone={done}
        />
      )}
    />
  );
}
