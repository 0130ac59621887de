import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeBrowser,
  launchBrowser,
  newPage,
  screenshot,
  signInAndLand,
  useOwnApp,
} from '../../fixtures.ts';
import { signIn, startQuote } from '../quotes/quote-helpers.ts';

// On an app of its own: its new approval rule would route other files' quotes.
useOwnApp();

// Unset when Chromium failed to start; afterAll must not hide that error behind its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await closeBrowser(browser);
});

const tag = () => String(Date.now()).slice(-6);

/** A fresh STANDARD quote made by the demo seller; resolves with its number. */
async function sellerQuoteNumber(): Promise<string> {
  const page = await newPage(browser);
  try {
    await signIn(page, 'sales@bastion.test');
    const id = await startQuote(page, { name: `E2E approval rule ${tag()}`, type: 'STANDARD' });
    const response = await page.request.post('/api/dx/get-quote', { data: { id } });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { data: { quote_number: string } }).data.quote_number;
  } finally {
    await page.context().close();
  }
}

async function openApprovalAdmin(page: Page) {
  await signInAndLand(page, 'root@bastion.test', '/cpq/grid/quotes/ref');
  // The menu entry the reference data gives root and deal desk admins.
  await page
    .locator('nav[aria-label="Sidebar"]')
    .getByRole('link', { name: 'Approval admin' })
    .click();
  await page.waitForURL((url) => url.pathname === '/cpq/manage-approval-admin/new/ref');
  await page.getByRole('heading', { name: 'Approval admin', level: 1 }).waitFor();
}

describe('approval admin', () => {
  it('creates a group and a rule with a nested group, tests it on a quote, and shows the workflow', async () => {
    const quoteNumber = await sellerQuoteNumber();
    const page = await newPage(browser, { width: 1400, height: 1300 });
    await openApprovalAdmin(page);

    // The demo groups are rows with their scope, members and rule count.
    const groups = page.getByRole('complementary', { name: 'Approval groups' });
    const finance = groups.getByRole('row', { name: /^Finance approvers/ });
    await finance.waitFor();
    expect(await finance.textContent()).toMatch(/Global.*2 members.*2 rules/);
    await finance.click();
    await page.waitForURL((url) =>
      /^\/cpq\/manage-approval-admin\/[0-9a-f-]{36}\/ref$/.test(url.pathname),
    );
    const detail = page.getByRole('region', { name: 'Group Finance approvers' });
    await detail.getByText('Avery Approver').waitFor();
    await detail.getByRole('button', { name: 'Thin margin' }).waitFor();
    await screenshot(page, 'approval-admin-groups', { fullPage: false });

    // A new regional group: a user and a role.
    const groupName = `E2E reviewers ${tag()}`;
    await page.getByRole('button', { name: 'New group' }).click();
    const panel = page.locator('.offcanvas.show');
    await panel.getByLabel('Group name').fill(groupName);
    await panel.getByLabel('Only quotes of these regions').check();
    await panel.getByRole('button', { name: 'Create group' }).click();
    await panel.getByText('Choose the regions the group covers, or make it global.').waitFor();
    await panel.getByText('Add at least one member: a user or a role.').waitFor();
    await panel.getByLabel('North America').check();
    await panel.getByLabel('EMEA').check();
    await panel
      .getByLabel('Add a user')
      .selectOption({ label: 'Dana Desk (dealdesk@bastion.test)' });
    await panel.getByLabel('Add a role').selectOption('VP_FINAMCE');
    await screenshot(page, 'approval-admin-group-editor', { fullPage: false });
    await panel.getByRole('button', { name: 'Create group' }).click();
    await page.getByText(`Saved the group “${groupName}”.`).waitFor();
    const card = groups.getByRole('row', { name: new RegExp(`^${groupName}`) });
    expect(await card.textContent()).toMatch(/Regional: EMEA, North America.*2 members.*0 rules/);

    // A rule for it: quote type is STANDARD and (region is one of … or custom clause is yes).
    await page
      .getByRole('region', { name: `Group ${groupName}` })
      .getByRole('button', { name: 'New rule for this group' })
      .click();
    const editor = page.getByRole('region', { name: 'New rule' });
    const ruleName = `E2E standard quotes ${tag()}`;
    await editor.getByLabel('Rule name').fill(ruleName);
    await editor.getByLabel('Fact of condition 1').selectOption({ label: 'Quote type' });
    await editor.getByLabel('Value of condition 1').selectOption('STANDARD');
    await editor.getByRole('button', { name: 'Add a group of conditions to the rule' }).click();
    await editor.getByLabel('Fact of condition 2.1').selectOption({ label: 'Region' });
    await editor.getByLabel('Comparison of condition 2.1').selectOption({ label: 'is one of' });
    const regions = editor.getByRole('group', { name: 'Value of condition 2.1' });
    for (const region of ['EMEA', 'North America', 'Americas', 'LATAM', 'APJ']) {
      await regions.getByLabel(region, { exact: true }).check();
    }
    await editor.getByRole('button', { name: 'Add a condition to group 2' }).click();
    await editor.getByLabel('Fact of condition 2.2').selectOption({ label: 'Custom clause' });
    expect(await editor.getByTestId('rule-in-words').textContent()).toBe(
      'Quote type is STANDARD and (Region is one of EMEA, North America, Americas, LATAM, APJ or Custom clause is yes)',
    );
    // A rule made here must not ask for approval of other tests' quotes: kept inactive.
    await editor.getByLabel(/^Active/).uncheck();

    // The unsaved rule, tested against the seller's quote.
    await editor.getByLabel('Quote number to test against').fill('Q-1999-999999');
    await editor.getByRole('button', { name: 'Test', exact: true }).click();
    await editor.getByText('There is no quote Q-1999-999999.').waitFor();
    await editor.getByLabel('Quote number to test against').fill(quoteNumber.toLowerCase());
    await editor.getByRole('button', { name: 'Test', exact: true }).click();
    const result = editor.getByRole('status', { name: 'Test result' });
    await result
      .getByText(`The condition holds for ${quoteNumber}: once the rule is active`, {
        exact: false,
      })
      .waitFor();
    await result.getByText(`Would ask: ${groupName}`).waitFor();
    const typeLine = result.getByRole('listitem').filter({ hasText: 'Quote type is STANDARD' });
    expect(await typeLine.textContent()).toMatch(/holds.*The quote’s value: STANDARD/);
    await result.getByText('Any one of these must hold').waitFor();
    await screenshot(page, 'approval-admin-rule-preview');

    await editor.getByRole('button', { name: 'Create rule' }).click();
    await page.getByText(`Created the rule “${ruleName}”.`).waitFor();
    const row = page.getByRole('table', { name: 'Approval rules' }).getByRole('row', {
      name: new RegExp(ruleName),
    });
    expect(await row.textContent()).toContain('Inactive');
    expect(await row.textContent()).toContain(groupName);

    // The workflow templates: the default drawn from start to end.
    await page
      .getByRole('navigation', { name: 'Approval admin' })
      .getByRole('link', {
        name: 'Workflow templates',
      })
      .click();
    await page.waitForURL((url) => url.pathname === '/cpq/manage-workflow-template/default/ref');
    const diagram = page.getByRole('list', { name: 'Workflow diagram: Standard approval' });
    await diagram.waitFor();
    const labels = await diagram
      .locator(':scope > li:not(.workflow-arrow)')
      .evaluateAll((items) =>
        items.map((item) => item.getAttribute('aria-label') ?? item.textContent?.trim()),
      );
    expect(labels).toEqual([
      'Start',
      'Step 1: Deal desk review',
      'Step 2: Finance and legal',
      'Step 3: CFO sign-off',
      'End',
    ]);
    expect(
      await diagram.getByRole('listitem', { name: 'Step 2: Finance and legal' }).textContent(),
    ).toMatch(/In parallel.*Finance approvers.*Legal/);
    await screenshot(page, 'approval-admin-workflow');

    // A new template: two steps, the second moved first; the diagram follows before saving.
    await page.getByRole('button', { name: 'New workflow' }).click();
    const workflowName = `E2E flow ${tag()}`;
    await page.getByLabel('Workflow name').fill(workflowName);
    await page.getByLabel('Name of step 1').fill('Legal check');
    await page.getByRole('group', { name: 'Groups of step 1' }).getByLabel('Legal').check();
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByLabel('Name of step 2').fill('Money');
    const money = page.getByRole('group', { name: 'Groups of step 2' });
    await money.getByLabel('CFO').check();
    await money.getByLabel(groupName).check();
    await page.getByLabel('How the groups of step 2 approve').selectOption('SEQUENTIAL');
    await page.getByRole('button', { name: 'Move step 2 earlier' }).click();
    const draft = page.getByRole('list', { name: `Workflow diagram: ${workflowName}` });
    await draft.getByRole('listitem', { name: 'Step 1: Money' }).getByText('In turn').waitFor();
    await screenshot(page, 'approval-admin-workflow-editor');
    await page.getByRole('button', { name: 'Create workflow' }).click();
    await page.getByText(`Created “${workflowName}”.`).waitFor();
    await page.getByRole('button', { name: `Delete workflow ${workflowName}` }).click();
    await page.getByRole('button', { name: 'Delete workflow', exact: true }).click();
    await page.getByText(`Deleted “${workflowName}”.`).waitFor();

    // Partner exceptions: the demo partner's, in force.
    await page
      .getByRole('navigation', { name: 'Approval admin' })
      .getByRole('link', {
        name: 'Partner exceptions',
      })
      .click();
    const exceptions = page.getByRole('table', { name: 'Partner exceptions' });
    const redline = exceptions.getByRole('row', { name: /Redline Integrators/ });
    expect(await redline.textContent()).toMatch(/5\.00 %.*In force/);
    await page.getByRole('button', { name: 'New exception' }).click();
    await page.getByLabel('Partner', { exact: true }).fill('Andes Networks');
    await page.getByText(/^CRM account 001/).waitFor();
    await page.getByLabel('Extra discount').fill('2.5');
    await page.getByLabel('Valid from').fill('2031-01-01');
    await page.getByLabel('Valid to (last day)').fill('2030-12-31');
    await page.getByLabel('Reason').fill('E2E: launch programme');
    await page.getByRole('button', { name: 'Add exception' }).click();
    // The server's own message, said before anything is sent.
    await page
      .getByText('The exception would end (31-Dec-2030) before it starts (01-Jan-2031).')
      .waitFor();
    await page.getByLabel('Valid to (last day)').fill('2031-06-30');
    await page.getByRole('button', { name: 'Add exception' }).click();
    await page
      .getByText('Added the exception for Andes Networks: 2.50 % from 01-Jan-2031 to 30-Jun-2031.')
      .waitFor();
    expect(await exceptions.getByRole('row', { name: /Andes Networks/ }).textContent()).toContain(
      'Starts later',
    );
    await screenshot(page, 'approval-admin-partner-exceptions');
    // Opened again, and deleted: other tests' quotes never meet it.
    await exceptions
      .getByRole('button', { name: 'Edit the exception for Andes Networks from 01-Jan-2031' })
      .click();
    await page.getByRole('heading', { name: 'Edit the exception for Andes Networks' }).waitFor();
    expect(await page.getByLabel('Extra discount').inputValue()).toBe('2.50');
    await page.getByRole('button', { name: 'Delete the exception for Andes Networks' }).click();
    await page.getByRole('button', { name: 'Delete exception', exact: true }).click();
    await page.getByText('Deleted the exception for Andes Networks.').waitFor();
    expect(await exceptions.getByRole('row', { name: /Andes Networks/ }).count()).toBe(0);

    // Clean up: the rule, then its group (a group a rule requires cannot be deleted).
    await page.goto('/cpq/manage-approval-admin/new/ref');
    await page.getByRole('button', { name: `Edit rule ${ruleName}` }).click();
    await page.getByRole('button', { name: `Delete rule ${ruleName}` }).click();
    await page.getByRole('button', { name: 'Delete rule', exact: true }).click();
    await page.getByText(`Deleted the rule “${ruleName}”.`).waitFor();
    await groups.getByRole('row', { name: new RegExp(`^${groupName}`) }).click();
    await page.getByRole('button', { name: 'Edit group' }).click();
    await panel.getByRole('button', { name: `Delete group ${groupName}` }).click();
    await panel.getByRole('button', { name: 'Delete group', exact: true }).click();
    await page.getByText(`Deleted the group “${groupName}”.`).waitFor();
    await page.close();
  });

  it('is refused to a seller', async () => {
    const page = await newPage(browser);
    await signIn(page, 'sales@bastion.test');
    await page.goto('/cpq/manage-approval-admin/new/ref');
    await page.getByText('You do not have access to this page').waitFor();
    await screenshot(page, 'approval-admin-refused', { fullPage: false });
    await page.close();
  });
});
