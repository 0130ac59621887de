import { BROADCAST_STATES, type BroadcastState } from '@bastion/domain/broadcasts/model';
import { BROADCAST_LIST_MAX } from '@bastion/domain/broadcasts/schemas';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { AdminLayout, LoadState } from '@/components/admin/admin-layout.tsx';
import { NewButton, useNotice } from '@/components/admin/admin-parts.tsx';
import { isApiError } from '@/lib/api-client.ts';
import {
  useBroadcast,
  useBroadcasts,
  useDeleteBroadcast,
  useEndBroadcast,
  type Broadcast,
} from '../api/broadcasts.ts';
import { BroadcastEditor } from '../components/broadcast-editor.tsx';
import { BroadcastStateBadge, BroadcastTable } from '../components/broadcast-table.tsx';

const WHO_SEES = 'root admins, IT admins and deal desk admins';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const STATE_LABELS: Record<BroadcastState | '', string> = {
  '': 'All',
  active: 'Showing now',
  scheduled: 'Scheduled',
  ended: 'Ended',
};

/** Where the page is: /{context}/manage-broadcast/{id}/{ref}, and how to go elsewhere in it. */
function useBroadcastAddress() {
  const { context = 'cpq', id = 'all', ref = 'ref' } = useParams();
  const navigate = useNavigate();
  const pathTo = (target: string) => `/${context}/manage-broadcast/${target}/${ref}`;
  return {
    id,
    pathTo,
    go: (target: string, notice?: string) =>
      void navigate(pathTo(target), { state: notice ? { notice } : null }),
  };
}

/**
 * /{context}/manage-broadcast/{id}/{ref} (issue 19): {id} `all` lists the broadcasts, `new`
 * writes one, a broadcast's id edits it.
 */
export function ManageBroadcastPage() {
  const { id } = useBroadcastAddress();
  if (id === 'all') return <BroadcastListScreen />;
  if (id === 'new') return <BroadcastEditorScreen id={null} />;
  if (UUID.test(id)) return <BroadcastEditorScreen key={id} id={id} />;
  return <MissingBroadcast />;
}

function BroadcastListScreen() {
  const { go } = useBroadcastAddress();
  const location = useLocation();
  const [state, setState] = useState<BroadcastState | ''>('');
  const list = useBroadcasts(state);
  const end = useEndBroadcast();
  const remove = useDeleteBroadcast();
  const notice = useNotice();
  // What the editor did, said once when the list opens after it.
  const [saidNotice, setSaidNotice] = useState<unknown>(null);
  const cameWith = (location.state as { notice?: string } | null)?.notice;
  if (cameWith && saidNotice !== location.state) {
    setSaidNotice(location.state);
    notice.show(cameWith);
  }
  const busy = end.isPending ? end.variables : remove.isPending ? remove.variables : null;
  const failure = end.error ?? remove.error;

  return (
    <AdminLayout
      title="Broadcast messages"
      subtitle="Tell users something for a while: it shows in everyone’s bell, and a critical one as a banner above every page."
      actions={list.isError ? null : <NewButton onClick={() => go('new')}>New broadcast</NewButton>}
    >
      {notice.element}
      {failure ? (
        <Alert
          variant="danger"
          dismissible
          onClose={() => (end.error ? end.reset() : remove.reset())}
        >
          {failure.message}
        </Alert>
      ) : null}
      <Form.Group className="mb-3 d-flex align-items-center gap-2" controlId="broadcast-state">
        <Form.Label className="mb-0">Show</Form.Label>
        <Form.Select
          className="w-auto"
          value={state}
          onChange={(event) => setState(event.target.value as BroadcastState | '')}
        >
          {(['', ...BROADCAST_STATES] as const).map((value) => (
            <option key={value} value={value}>
              {STATE_LABELS[value]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <LoadState query={list} what="the broadcasts" whoSees={WHO_SEES}>
        {(data) => (
          <>
            <BroadcastTable
              rows={data.broadcasts}
              isFiltered={state !== ''}
              actions={{
                onEdit: (broadcast) => go(broadcast.id),
                onEnd: (broadcast) =>
                  end.mutate(broadcast, {
                    onSuccess: (ended) => notice.show(`Ended “${ended.title}”.`),
                  }),
                onDelete: (broadcast) =>
                  remove.mutate(broadcast, {
                    onSuccess: (deleted) => notice.show(`Deleted “${deleted.title}”.`),
                  }),
                busyId: busy?.id ?? null,
              }}
            />
            {data.is_truncated ? (
              <p className="small text-body-secondary mt-2">
                Showing the latest {BROADCAST_LIST_MAX}. Choose a state to narrow the list.
              </p>
            ) : null}
          </>
        )}
      </LoadState>
    </AdminLayout>
  );
}

function BroadcastEditorScreen({ id }: { id: string | null }) {
  const { go, pathTo } = useBroadcastAddress();
  const existing = useBroadcast(id);
  const back = (
    <Link to={pathTo('all')} className="btn btn-outline-secondary">
      <i className="bi bi-arrow-left me-1" aria-hidden="true" />
      All broadcasts
    </Link>
  );
  const onSaved = (saved: Broadcast, isNew: boolean) =>
    go('all', isNew ? `Created “${saved.title}”.` : `Saved “${saved.title}”.`);

  if (id === null) {
    return (
      <AdminLayout
        title="New broadcast"
        subtitle="Write it, choose who sees it and when."
        actions={back}
      >
        <BroadcastEditor broadcast={null} onSaved={onSaved} onCancel={() => go('all')} />
      </AdminLayout>
    );
  }
  if (isApiError(existing.error) && existing.error.status === 404) return <MissingBroadcast />;
  return (
    <AdminLayout
      title="Edit broadcast"
      subtitle={
        existing.data ? (
          <>
            {existing.data.title} <BroadcastStateBadge state={existing.data.state} />
          </>
        ) : (
          'Change what it says, who sees it or when.'
        )
      }
      actions={back}
    >
      <LoadState query={existing} what="the broadcast" whoSees={WHO_SEES}>
        {(broadcast) => (
          <BroadcastEditor broadcast={broadcast} onSaved={onSaved} onCancel={() => go('all')} />
        )}
      </LoadState>
    </AdminLayout>
  );
}

function MissingBroadcast() {
  const { go } = useBroadcastAddress();
  return (
    <AdminLayout title="Broadcast messages" subtitle="">
      <Alert variant="warning">
        That broadcast does not exist; someone may have deleted it.{' '}
        <Alert.Link onClick={() => go('all')}>See all broadcasts</Alert.Link>.
      </Alert>
    </AdminLayout>
  );
}
