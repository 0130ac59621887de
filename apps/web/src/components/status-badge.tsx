import Badge from 'react-bootstrap/Badge';

/** The tones of spec §4 on Bootstrap's palette; purple, pink and teal have classes of their own. */
const TONE_CLASSES: Readonly<Record<string, { bg?: string; className?: string; text?: 'dark' }>> = {
  grey: { bg: 'secondary' },
  blue: { bg: 'primary' },
  teal: { className: 'badge-teal' },
  purple: { className: 'badge-purple' },
  warning: { bg: 'warning', text: 'dark' },
  success: { bg: 'success' },
  pink: { className: 'badge-pink' },
  red: { bg: 'danger' },
  danger: { bg: 'danger' },
};

export function StatusBadge({ label, tone }: { label: string; tone: string }) {
  const style = TONE_CLASSES[tone] ?? TONE_CLASSES.grey;
  return (
    <Badge bg={style?.bg ?? ''} text={style?.text} className={style?.className} pill>
      {label}
    </Badge>
  );
}
