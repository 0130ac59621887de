import { STATUS_TONES, type StatusTone } from '@bastion/domain/quotes/status-display';

const TONES: ReadonlySet<string> = new Set(STATUS_TONES);

/**
 * The classes of a status badge of a tone (spec §4); the colours are in app/theme.css. A plain
 * module, so the browser test that measures every badge's contrast builds the same badges.
 */
export function statusBadgeClassName(tone: string): string {
  const known: StatusTone = TONES.has(tone) ? (tone as StatusTone) : 'grey';
  return `badge rounded-pill status-badge-${known}`;
}
