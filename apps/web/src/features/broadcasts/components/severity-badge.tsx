import type { BroadcastSeverity } from '@bastion/domain/broadcasts/model';
import Badge from 'react-bootstrap/Badge';

const SEVERITY_LOOKS = {
  info: { bg: 'info', text: 'dark', label: 'Info', icon: 'bi-info-circle' },
  warning: { bg: 'warning', text: 'dark', label: 'Warning', icon: 'bi-exclamation-triangle' },
  critical: { bg: 'danger', text: undefined, label: 'Critical', icon: 'bi-exclamation-octagon' },
} as const satisfies Record<
  BroadcastSeverity,
  { bg: string; text: 'dark' | undefined; label: string; icon: string }
>;

/** A broadcast's severity, in words and colour: info, warning or critical. */
export function SeverityBadge({ severity }: { severity: BroadcastSeverity }) {
  const look = SEVERITY_LOOKS[severity];
  return (
    <Badge bg={look.bg} text={look.text}>
      <i className={`bi ${look.icon} me-1`} aria-hidden="true" />
      {look.label}
    </Badge>
  );
}
