import type { CSSProperties } from 'react';
import type { TimelineBar } from '../api/renewal-configuration.ts';
import { showDate } from './renewal-page-parts.tsx';
import { timelineAxis } from './timeline-axis.ts';

const KIND_WORDS: Readonly<Record<TimelineBar['kind'], string>> = {
  EXISTING: 'Existing',
  NEW: 'New',
  EXTENDED: 'Extended',
};

/** "FW-100 × 20": the server's label, with the quantity when the label does not carry it. */
export const barLabel = (bar: TimelineBar) =>
  bar.label.includes('×') ? bar.label : `${bar.label} × ${bar.quantity}`;

/**
 * The co-term on one time axis (issue 18): a row per bar from the earliest start to the latest
 * end, what runs already (existing), what this quote adds (new) and what it stretches to the
 * co-term end (extended), with today and the co-term end marked. Kinds differ by colour, by
 * pattern and by a word, so colour is never the only cue; a table under the chart says the same
 * for screen readers.
 */
export function CotermTimeline({
  bars,
  today,
  cotermEnd,
}: {
  bars: readonly TimelineBar[];
  /** ISO date. */
  today: string;
  cotermEnd: string | null;
}) {
  const axis = timelineAxis(bars);
  if (!axis) {
    return (
      <p className="text-body-secondary small mb-0" data-testid="coterm-timeline-empty">
        Choose a contract and a start date to see the timeline.
      </p>
    );
  }
  const todayAt = axis.startOf(today);
  const endAt = cotermEnd ? axis.endOf(cotermEnd) : null;
  const at = (left: number): CSSProperties => ({ left: `${left}%` });
  const nearEdge = (left: number) =>
    left < 8 ? ' is-near-start' : left > 92 ? ' is-near-end' : '';
  return (
    <figure className="coterm-timeline mb-0" data-testid="coterm-timeline">
      <figcaption className="d-flex flex-wrap gap-3 small mb-2" aria-hidden="true">
        {(['EXISTING', 'NEW', 'EXTENDED'] as const).map((kind) => (
          <span key={kind} className="d-inline-flex align-items-center gap-1">
            <span className={`coterm-swatch kind-${kind.toLowerCase()}`} />
            {KIND_WORDS[kind]}
          </span>
        ))}
        <span className="d-inline-flex align-items-center gap-1">
          <span className="coterm-swatch-line is-today" /> Today
        </span>
        <span className="d-inline-flex align-items-center gap-1">
          <span className="coterm-swatch-line is-end" /> Co-term end
        </span>
      </figcaption>
      <div className="coterm-chart" aria-hidden="true">
        <div className="coterm-row coterm-axis">
          <div className="coterm-row-label" />
          <div className="coterm-track">
            {axis.ticks
              .filter((tick) => tick.label !== '')
              .map((tick) => (
                <span key={tick.iso} className="coterm-tick-label" style={at(tick.left)}>
                  {tick.label}
                </span>
              ))}
          </div>
        </div>
        {axis.bars.map(({ bar, left, width }) => (
          <div className="coterm-row" key={bar.key} data-testid="coterm-bar-row">
            <div className="coterm-row-label text-truncate" title={barLabel(bar)}>
              <span className={`coterm-kind kind-${bar.kind.toLowerCase()}`}>
                {KIND_WORDS[bar.kind]}
              </span>{' '}
              {barLabel(bar)}
            </div>
            <div className="coterm-track">
              <div
                className={`coterm-bar kind-${bar.kind.toLowerCase()}`}
                data-kind={bar.kind}
                style={{ left: `${left}%`, width: `${width}%` }}
                title={`${barLabel(bar)} (${KIND_WORDS[bar.kind].toLowerCase()}): ${showDate(bar.start)} to ${showDate(bar.end)}`}
              />
            </div>
          </div>
        ))}
        <div className="coterm-overlay">
          {axis.ticks.map((tick) => (
            <span key={tick.iso} className="coterm-gridline" style={at(tick.left)} />
          ))}
          {todayAt === null ? null : (
            <span
              className={`coterm-marker is-today${nearEdge(todayAt)}`}
              style={at(todayAt)}
              data-testid="today-marker"
            >
              <span className="coterm-marker-label">Today</span>
            </span>
          )}
          {endAt === null ? null : (
            <span
              className={`coterm-marker is-end${nearEdge(endAt)}`}
              style={at(endAt)}
              data-testid="coterm-end-marker"
            >
              <span className="coterm-marker-label">Co-term end</span>
            </span>
          )}
        </div>
      </div>
      <table className="visually-hidden">
        <caption>
          Co-term timeline from {showDate(axis.start)} to {showDate(axis.end)}
          {cotermEnd ? `; everything ends on ${showDate(cotermEnd)}` : ''}; today is{' '}
          {showDate(today)}.
        </caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Kind</th>
            <th scope="col">Contract</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
          </tr>
        </thead>
        <tbody>
          {axis.bars.map(({ bar }) => (
            <tr key={bar.key}>
              <td>{barLabel(bar)}</td>
              <td>{KIND_WORDS[bar.kind]}</td>
              <td>{bar.contract_number ?? 'This quote'}</td>
              <td>{showDate(bar.start)}</td>
              <td>{showDate(bar.end)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
