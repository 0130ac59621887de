import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.1 A and AA, the level the product promises (issue 21). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const BLOCKING = new Set(['serious', 'critical']);

/** One line per failing element: rule, impact, where, and what axe says is wrong. */
function describe(violation: Result): string[] {
  return violation.nodes.map((node) => {
    const target = node.target.map((t) => (Array.isArray(t) ? t.join(' >> ') : t)).join(' | ');
    const summary = (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim();
    return `${violation.id} (${violation.impact}) ${target}: ${summary}`;
  });
}

/**
 * Runs axe on the page (or on `include` only) and answers the serious and critical findings,
 * one line each; an empty list means the page passes.
 */
export async function seriousViolations(
  page: Page,
  options: { include?: string; rules?: string[] } = {},
): Promise<string[]> {
  // Violations only: passes are not serialised back, which halves the time of a run. Legacy
  // mode runs axe in the page itself: the default opens a blank tab per run to merge the frames'
  // results, and the app has no cross-origin frames to merge.
  let builder = new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] });
  if (options.include) builder = builder.include(options.include);
  if (options.rules) builder = builder.withRules(options.rules);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((violation) => describe(violation));
}
