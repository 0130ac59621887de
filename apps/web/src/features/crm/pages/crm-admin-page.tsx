import { formatDateTime } from '@bastion/domain/format/date-time';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { AdminLayout, LoadState } from '@/components/admin/admin-layout.tsx';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { NoData } from '@/components/no-data.tsx';
import {
  useCrmConnectionStatus,
  type CrmConnectionStatus,
  type CrmSyncStatus,
} from '../api/crm-connection.ts';
import { useCrmFieldMapping, type CrmFieldMapping } from '../api/crm-field-mapping.ts';
import { CrmRecordsCard } from '../components/crm-records-card.tsx';
import { CrmSyncButton } from '../components/crm-sync-button.tsx';
import { OwedProductsCard } from '../components/owed-products-card.tsx';

const ADAPTER_NAMES: Record<CrmConnectionStatus['adapter'], string> = {
  embedded: 'Built-in CRM',
  salesforce: 'Salesforce',
};

const ADAPTER_HELP: Record<CrmConnectionStatus['adapter'], string> = {
  embedded:
    'Opportunities are kept in Bastion itself. A sync re-reads the ones changed since the last sync.',
  salesforce:
    'Opportunities are copied from Salesforce. A sync brings the ones changed since the last sync; a quote re-reads its opportunity from Salesforce when it is created.',
};

/** The status badge: syncing warning, synced success, failed danger, idle grey (spec §4 tones). */
const STATUS_BADGES: Record<CrmSyncStatus, { bg: string; label: string }> = {
  idle: { bg: 'secondary', label: 'Idle' },
  syncing: { bg: 'warning', label: 'Syncing…' },
  synced: { bg: 'success', label: 'Synced' },
  failed: { bg: 'danger', label: 'Failed' },
};

const FACTS_GRID = { gridTemplateColumns: 'max-content 1fr', columnGap: '2rem' } as const;

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function formatSyncTime(iso: string | null): string {
  if (!iso) return 'Never';
  const millis = Date.parse(iso);
  return Number.isNaN(millis) ? 'Never' : formatDateTime(millis / 1000, userTimeZone);
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** CRM connection admin (spec §2 /{context}/sfdc): status, sync now, and the field mapping. */
export function CrmAdminPage() {
  const status = useCrmConnectionStatus();
  return (
    <AdminLayout
      title="CRM connection"
      subtitle="Where opportunities come from, and what quotes take from them."
      actions={<CrmSyncButton />}
    >
      <LoadState query={status} what="the connection status">
        {(connection) => (
          <div className="d-flex flex-column gap-4">
            <ConnectionCard status={connection} />
            <OwedProductsCard status={connection} />
            {/* With Salesforce, records are edited there; the server refuses edits here. */}
            {connection.adapter === 'embedded' ? <CrmRecordsCard /> : null}
            <FieldMappingCard />
          </div>
        )}
      </LoadState>
    </AdminLayout>
  );
}

function ConnectionCard({ status }: { status: CrmConnectionStatus }) {
  const badge =
    status.status === 'idle' && !status.last_synced_at
      ? { bg: 'secondary', label: 'Not synced yet' }
      : STATUS_BADGES[status.status];
  return (
    <Card>
      <Card.Header>
        <h2 className="h5 mb-0">Connection</h2>
      </Card.Header>
      <Card.Body>
        <p className="text-body-secondary">{ADAPTER_HELP[status.adapter]}</p>
        {/* Labels as wide as the longest one, values beside them. */}
        <dl className="d-grid mb-0 gap-2" style={FACTS_GRID}>
          <dt>CRM</dt>
          <dd className="mb-0">{ADAPTER_NAMES[status.adapter]}</dd>
          {status.endpoint ? (
            <>
              <dt>Signs in at</dt>
              <dd className="mb-0">
                <code>{status.endpoint}</code>
              </dd>
            </>
          ) : null}
          <dt>Status</dt>
          <dd className="mb-0">
            <Badge bg={badge.bg} text={badge.bg === 'warning' ? 'dark' : undefined}>
              {badge.label}
            </Badge>
          </dd>
          <dt>Last successful sync</dt>
          <dd className="mb-0">{formatSyncTime(status.last_synced_at)}</dd>
          {status.last_synced_at ? (
            <>
              <dt>Copied by that sync</dt>
              <dd className="mb-0">
                {plural(status.synced_count, 'opportunity', 'opportunities')}
              </dd>
            </>
          ) : null}
          {status.started_by ? (
            <>
              <dt>{status.status === 'syncing' ? 'Sync started by' : 'Last sync started by'}</dt>
              <dd className="mb-0">{status.started_by}</dd>
            </>
          ) : null}
          <dt>Opportunities in Bastion</dt>
          <dd className="mb-0">{status.opportunity_count.toLocaleString('en-US')}</dd>
        </dl>
        {status.last_error ? (
          <Alert variant="danger" className="mt-3 mb-0">
            <div className="fw-semibold">Last error</div>
            {status.last_error}
          </Alert>
        ) : null}
      </Card.Body>
    </Card>
  );
}

function FieldMappingCard() {
  const mapping = useCrmFieldMapping();
  return (
    <Card>
      <Card.Header>
        <h2 className="h5 mb-0">Field mapping</h2>
      </Card.Header>
      <Card.Body>
        {mapping.isPending ? (
          <Spinner animation="border" role="status" aria-label="Loading the field mapping" />
        ) : mapping.isError ? (
          <ErrorScreen error={mapping.error} onRetry={() => void mapping.refetch()} />
        ) : mapping.data.mappings.length === 0 ? (
          <NoData title="No field mapping" message="This CRM maps no fields." />
        ) : (
          <>
            <p className="text-body-secondary">
              Read-only: which field of {ADAPTER_NAMES[mapping.data.adapter]} fills which field of a
              new quote, and what Bastion writes back to the opportunity.
            </p>
            <Table responsive size="sm" className="mb-0" aria-label="Field mapping">
              <thead>
                <tr>
                  <th scope="col">CRM field</th>
                  <th scope="col">Quote field</th>
                  <th scope="col">Rule</th>
                </tr>
              </thead>
              {sectionsOf(mapping.data.mappings).map(([section, rows]) => (
                <tbody key={section}>
                  <tr className="table-light">
                    <th scope="colgroup" colSpan={3} className="pt-3">
                      {section}
                      {section === 'Written back' ? (
                        <span className="fw-normal text-body-secondary ms-2">
                          from the quote to the CRM, as the quote moves
                        </span>
                      ) : null}
                    </th>
                  </tr>
                  {rows.map((m) => (
                    <tr key={`${m.direction}:${m.quote_fields.join()}`}>
                      <td>
                        <FieldList names={m.crm_fields} />
                      </td>
                      <td>
                        <FieldList names={m.quote_fields} />
                      </td>
                      <td className="small">{m.rule}</td>
                    </tr>
                  ))}
                </tbody>
              ))}
            </Table>
          </>
        )}
      </Card.Body>
    </Card>
  );
}

/** One name a line, so long API names never break mid-word. */
function FieldList({ names }: { names: readonly string[] }) {
  return (
    <>
      {names.map((name) => (
        <div key={name}>
          <code>{name}</code>
        </div>
      ))}
    </>
  );
}

/** The mappings grouped by section, in the server's order. */
function sectionsOf(mappings: readonly CrmFieldMapping[]): [string, CrmFieldMapping[]][] {
  const sections = new Map<string, CrmFieldMapping[]>();
  for (const mapping of mappings) {
    const rows = sections.get(mapping.section) ?? [];
    rows.push(mapping);
    sections.set(mapping.section, rows);
  }
  return [...sections];
}
