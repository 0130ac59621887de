import { describe } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import { historyActionLabel, historyFieldLabel, historyValueText } from './history-display.ts';

describe("a quote history's words (issue 33: no codes shown to people)", () => {
  itReturns('action %j reads %j', historyActionLabel, [
    ['created', 'Created the quote'],
    ['configured', 'Configured the products'],
    ['shipping_configured', 'Planned the shipping'],
    ['terms_saved', 'Saved the terms and conditions'],
    ['approval_submitted', 'Submitted for approval'],
    ['submitted_budgetary', 'Submitted as a budgetary quote'],
    ['approval_step_rejected', 'Rejected a step'],
    ['customer_accepted', 'Accepted the quote'],
    ['accepted', 'Marked the quote accepted'],
    // Recorded by a version that had no words for it: words still.
    ['price_refreshed', 'Price refreshed'],
  ]);
  itReturns('field %j reads %j', historyFieldLabel, [
    ['status_id', 'Status'],
    ['pre_archive_status_id', 'Status before the archive'],
    ['crm opportunity', 'CRM opportunity'],
    ['line BX-60-HW', 'line BX-60-HW'],
    ['clause "Payment terms"', 'clause "Payment terms"'],
    ['shipping lines', 'shipping lines'],
    ['price_date', 'Price date'],
  ]);
  itReturns(
    'value %j reads %j',
    ([value, field]: [unknown, string]) => historyValueText(value, field, 'USD'),
    [
      [[1136376, 'total'], '$11,363.76'],
      [['PENDING_APPROVAL', 'status_id'], 'Pending Approval'],
      [['TNC', 'pre_archive_status_id'], 'Terms & Conditions'],
      [['STANDARD', 'quote_type'], 'Standard'],
      [['T1', 'sales_channel'], 'Partner (tier 1)'],
      [['TRUE_UP', 'renewal_kind'], 'True up'],
      [[null, 'quote_name'], '—'],
      [[true, 'can_nofity_partner'], 'yes'],
      [[['FIREWALL', 'IDENTITY'], 'products_evaluated'], 'FIREWALL, IDENTITY'],
      [
        [{ sku: 'BX-60-HW', discount: '10', quantities: [16, 0, 0, 0, 0] }, 'line BX-60-HW'],
        '16 units, 10 % discount',
      ],
      [[{ sku: 'BX-60-HW', quantities: [1, 0, 0, 0, 0] }, 'line BX-60-HW'], '1 unit'],
      [
        [
          { sku: 'BX-200F-HW', quantities: [2, 0, 0, 0, 0], high_availability: true },
          'line BX-200F-HW',
        ],
        '2 units, high-availability pair',
      ],
      [
        [
          { sku: 'ID-MFA-USR', discount: '0', quantities: [100, 150, 200, 0, 0] },
          'line ID-MFA-USR',
        ],
        'year 1: 100, year 2: 150, year 3: 200',
      ],
      [['2027-03-15', 'contract_start_date'], '15-Mar-2027'],
      [
        [{ kind: 'TRUE_UP', term_start: '2026-12-06', term_end: '2028-10-19' }, 'renewal'],
        'True up, 06-Dec-2026 to 19-Oct-2028',
      ],
      [[{ kind: 'RENEWAL' }, 'renewal'], 'Renewal'],
      [[{ unknown: 1 }, 'approval'], '{"unknown":1}'],
    ],
  );
});
