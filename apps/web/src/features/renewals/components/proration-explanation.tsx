/**
 * How a prorated line was worked out, one segment a line ('$1,200.00 × 92 / 365 days (0.252055),
 * 01-Oct-2027 to 31-Dec-2027 = $302.47'), so a buyer can recompute it. The server writes the
 * sentences; nothing is shown for a line that was not prorated.
 */
export function ProrationExplanation({
  explanation,
  id,
}: {
  explanation: readonly string[];
  id?: string;
}) {
  if (explanation.length === 0) return null;
  return (
    <ul id={id} className="proration-explanation list-unstyled small text-body-secondary mb-0">
      {explanation.map((sentence, index) => (
        <li key={index}>{sentence}</li>
      ))}
    </ul>
  );
}
