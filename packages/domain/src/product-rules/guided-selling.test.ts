import { describe, expect, it } from 'vitest';
import { checkRule, checkRuleSet } from './check-rule.ts';
import { DEMO_GUIDED_RULES, DEMO_PRODUCT_RULES, DEMO_RULE_CATALOG } from './demo-rules.ts';
import { evaluateProductRules } from './evaluate.ts';
import { proposeLines } from './guided-selling.ts';
import { line, QUOTE, quoteWith, rule } from './test-helpers.ts';

const TODAY = '2026-05-01';
const RULES = [...DEMO_PRODUCT_RULES, ...DEMO_GUIDED_RULES];
const propose = (answers: Record<string, number>, rules = RULES) =>
  proposeLines({ quote: QUOTE, catalog: DEMO_RULE_CATALOG }, answers, rules, TODAY);
const summary = (answers: Record<string, number>) =>
  propose(answers).lines.map((l) => [l.source, l.sku, l.quantities, l.high_availability]);

const SUPPORT = (model: string, units: number) =>
  `${model}-HW needs a support contract for ${units} units: add ${model}-SUP-STD, ${model}-SUP-PRM or ${model}-SUP-ELT.`;

describe('guided selling: the branch-firewall questionnaire', () => {
  it('keeps the demo guided rules sound against the catalogue, alone and with the others', () => {
    for (const guided of DEMO_GUIDED_RULES)
      expect(checkRule(guided, DEMO_RULE_CATALOG).ok, guided.name).toBe(true);
    expect(checkRuleSet(RULES, DEMO_RULE_CATALOG)).toEqual({ ok: true });
  });

  it.each<[string, Record<string, number>, (string | number[] | boolean)[][]]>([
    [
      'five small sites in pairs, 40 users each',
      { sites: 5, users_per_site: 40, throughput_mbps: 400, high_availability: 1 },
      [
        ['selection', 'BX-60-HW', [10], true],
        ['selection', 'BX-60-TP', [10], false],
        ['recommendation', 'AP-431-HW', [5], false],
        ['fix', 'BX-60-SUP-PRM', [10], false],
      ],
    ],
    [
      'three mid-size sites, single appliances, few users',
      { sites: 3, users_per_site: 10, throughput_mbps: 1500, high_availability: 0 },
      [
        ['selection', 'BX-100F-HW', [3], false],
        ['selection', 'BX-100F-TP', [3], false],
        ['fix', 'BX-100F-SUP-PRM', [3], false],
      ],
    ],
    [
      'one fast site',
      { sites: 1, users_per_site: 20, throughput_mbps: 5000, high_availability: 0 },
      [
        ['selection', 'BX-200F-HW', [1], false],
        ['selection', 'BX-200F-TP', [1], false],
        ['fix', 'BX-200F-SUP-PRM', [1], false],
      ],
    ],
    ['no sites: nothing to propose', { sites: 0, throughput_mbps: 400 }, []],
  ])('%s', (_name, answers, expected) => {
    expect(summary(answers)).toEqual(expected);
  });

  it('gives each line its reason, and a fix the message of the rule that asks for it', () => {
    const { lines } = propose({ sites: 2, users_per_site: 5, throughput_mbps: 100 });
    expect(lines.map((l) => l.reason)).toEqual([
      'BX-60 for sites that need up to 500 Mbps: one per site, two for a high-availability pair, each with Threat Prevention.',
      'BX-60 for sites that need up to 500 Mbps: one per site, two for a high-availability pair, each with Threat Prevention.',
      SUPPORT('BX-60', 2),
    ]);
  });

  it('says nothing in the pricing pass: answers exist only in a questionnaire', () => {
    const result = evaluateProductRules(
      quoteWith([line('a', 'BX-60-HW', [2]), line('b', 'BX-60-SUP-PRM', [2])]),
      DEMO_GUIDED_RULES,
      TODAY,
    );
    expect(result).toMatchObject({ messages: [], actions: [], applied: [], broken: [] });
  });

  it('skips a rule that fails and proposes what the others say', () => {
    const failing = rule({
      id: 'broken',
      kind: 'selection',
      apply: 'offer',
      condition: null as never,
    } as never);
    const proposal = propose({ sites: 1, throughput_mbps: 100 }, [...RULES, failing]);
    expect(proposal.broken.map((b) => b.rule_id)).toEqual(['broken']);
    expect(proposal.lines.map((l) => l.sku)).toEqual(['BX-60-HW', 'BX-60-TP', 'BX-60-SUP-PRM']);
  });
});
