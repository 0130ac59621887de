import axe from 'axe-core';
import type { Result, RunOptions } from 'axe-core';
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
 *
 * axe-core itself, put into the page once per document: the app has no frames, so the
 * @axe-core/playwright wrapper added nothing but a blank tab per run to merge frame results
 * (and a Node 22 floor).
 */
export async function seriousViolations(
  page: Page,
  options: { include?: string } = {},
): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  // Violations only: passes are not serialised back, which halves the time of a run.
  const runOptions: RunOptions = {
    resultTypes: ['violations'],
    runOnly: { type: 'tag', values: WCAG_TAGS },
  };
  const results = await page.evaluate(
    ([include, run]) =>
      (window as unknown as { axe: typeof axe }).axe.run(include ?? document, run),
    [options.include ?? null, runOptions] as const,
  );
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .flatMap((violation) => describe(violation));
}
