import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCT_RULES } from './demo-rules.ts';
import { evaluateProductRules } from './evaluate.ts';
import type { RuleLine, RuleMessage } from './model.ts';
import { line, quoteWith } from './test-helpers.ts';

const TODAY = '2026-05-01';
const evaluate = (lines: RuleLine[], quote = {}) =>
  evaluateProductRules(quoteWith(lines, quote), DEMO_PRODUCT_RULES, TODAY);
const said = (messages: RuleMessage[]) => messages.map((m) => [m.severity, m.message, m.line_keys]);

describe('the demo rules', () => {
  it.each<[string, RuleLine[], [string, string, string[]][]]>([
    [
      'an appliance short of 4 support units',
      [line('fw', 'BX-200F-HW', [5]), line('std', 'BX-200F-SUP-STD', [1])],
      [
        [
          'error',
          'BX-200F-HW needs a support contract for 4 units: add BX-200F-SUP-STD, BX-200F-SUP-PRM or BX-200F-SUP-ELT.',
          ['fw'],
        ],
      ],
    ],
    [
      'an appliance short of 1 unit, over two lines of support',
      [
        line('fw', 'BX-60-HW', [3]),
        line('std', 'BX-60-SUP-STD', [1]),
        line('elt', 'BX-60-SUP-ELT', [1]),
      ],
      [
        [
          'error',
          'BX-60-HW needs a support contract for 1 unit: add BX-60-SUP-STD, BX-60-SUP-PRM or BX-60-SUP-ELT.',
          ['fw'],
        ],
      ],
    ],
    [
      'an appliance fully supported',
      [line('fw', 'BX-60-HW', [2]), line('prm', 'BX-60-SUP-PRM', [2])],
      [],
    ],
    [
      'the 1500 W power supply without a data-centre model',
      [
        line('psu', 'BX-PSU-AC-1500', [2]),
        line('fw', 'BX-200F-HW', [1]),
        line('s', 'BX-200F-SUP-STD', [1]),
      ],
      [['error', 'BX-PSU-AC-1500 fits data-centre models only (BX-400F and larger).', ['psu']]],
    ],
    [
      'the 1500 W power supply with a BX-400F',
      [
        line('psu', 'BX-PSU-AC-1500', [2]),
        line('fw', 'BX-400F-HW', [1]),
        line('s', 'BX-400F-SUP-STD', [1]),
      ],
      [],
    ],
    [
      'the desktop rack kit without a desktop model',
      [line('rmk', 'BX-RMK-DESK', [1])],
      [['error', 'BX-RMK-DESK fits desktop models only (BX-60, BX-60W and BX-80).', ['rmk']]],
    ],
    [
      'the desktop rack kit with a BX-60W',
      [
        line('rmk', 'BX-RMK-DESK', [1]),
        line('fw', 'BX-60W-HW', [1]),
        line('s', 'BX-60W-SUP-STD', [1]),
      ],
      [],
    ],
    [
      'an SFP28 transceiver without SFP28 ports',
      [
        line('sfp', 'SFP28-25G-SR', [4]),
        line('fw', 'BX-400F-HW', [1]),
        line('s', 'BX-400F-SUP-STD', [1]),
      ],
      [['warning', 'SFP28-25G-SR needs a model with SFP28 ports (BX-600F to BX-2600).', ['sfp']]],
    ],
    [
      'an SFP28 transceiver with a BX-2600',
      [
        line('sfp', 'SFP28-25G-SR', [4]),
        line('fw', 'BX-2600-HW', [1]),
        line('s', 'BX-2600-SUP-STD', [1]),
      ],
      [],
    ],
    [
      'an odd high-availability line',
      [line('fw', 'BX-200F-HW', [3], true), line('s', 'BX-200F-SUP-PRM', [3])],
      [
        [
          'error',
          'A high-availability pair needs an even number of BX-200F-HW appliances.',
          ['fw'],
        ],
      ],
    ],
    [
      'an even high-availability line',
      [line('fw', 'BX-200F-HW', [2], true), line('s', 'BX-200F-SUP-PRM', [2])],
      [],
    ],
    [
      'an odd line not marked high availability',
      [line('fw', 'BX-200F-HW', [3]), line('s', 'BX-200F-SUP-PRM', [3])],
      [],
    ],
    [
      'access points without cloud management',
      [line('ap1', 'AP-231-HW', [6]), line('ap2', 'AP-234R-HW', [2])],
      [
        [
          'info',
          'Manage these access points from the cloud: add AP-CLOUD-STD or AP-CLOUD-ADV.',
          ['ap1', 'ap2'],
        ],
      ],
    ],
    [
      'access points with cloud management',
      [line('ap', 'AP-231-HW', [6]), line('c', 'AP-CLOUD-ADV', [6])],
      [],
    ],
  ])('%s', (_name, lines, messages) => {
    expect(said(evaluate(lines).messages)).toEqual(messages);
  });

  it('offers Premium support for the missing units, per year of an ELA', () => {
    const result = evaluate(
      [line('fw', 'BX-200F-HW', [5, 6, 6]), line('std', 'BX-200F-SUP-STD', [1, 1, 6])],
      {
        quote_type: 'ELA',
      },
    );
    expect(result.messages.map((m) => m.message)).toEqual([
      'BX-200F-HW needs a support contract for 5 units: add BX-200F-SUP-STD, BX-200F-SUP-PRM or BX-200F-SUP-ELT.',
    ]);
    expect(result.actions).toEqual([
      {
        rule_id: 'demo-support-coverage',
        label: 'Add BX-200F-SUP-PRM for 5 units',
        changes: [{ op: 'add', sku: 'BX-200F-SUP-PRM', quantities: [4, 5, 0] }],
      },
    ]);
  });

  it('offers Premium support for 4 units, and both cloud licences for every access point', () => {
    const result = evaluate([line('fw', 'BX-200F-HW', [4]), line('ap', 'AP-431-HW', [12])]);
    expect(result.actions.map((a) => [a.label, a.changes])).toEqual([
      ['Add BX-200F-SUP-PRM for 4 units', [{ op: 'add', sku: 'BX-200F-SUP-PRM', quantities: [4] }]],
      ['Add AP-CLOUD-STD', [{ op: 'add', sku: 'AP-CLOUD-STD', quantities: [12] }]],
      ['Add AP-CLOUD-ADV', [{ op: 'add', sku: 'AP-CLOUD-ADV', quantities: [12] }]],
    ]);
  });

  it.each<[string, string, string[]]>([
    [
      'new business hides end-of-sale appliances and access points',
      'NB',
      ['AP-221-HW', 'BX-3000-HW', 'BX-40-HW'],
    ],
    ['a renewal hides nothing', 'R', []],
  ])('the filter: %s', (_name, deal_type, hidden) => {
    const result = evaluate([], { deal_type });
    expect(result.hidden_skus).toEqual(hidden);
    // Support and subscriptions of end-of-sale models stay on offer.
    expect(result.hidden_skus).not.toContain('BX-40-SUP-PRM');
    expect(result.hidden_skus).not.toContain('BX-40-TP');
  });
});
