import { statusBadgeClassName } from './status-badge-class.ts';

/** A status label in its colour of spec §4 (tone from @bastion/domain's statusColor). */
export function StatusBadge({ label, tone }: { label: string; tone: string }) {
  return <span className={statusBadgeClassName(tone)}>{label}</span>;
}
