/**
 * npm run screens:admin -- <folder> — a picture of every admin screen and list, wide and narrow.
 *
 * Needs the built app (`npm run build`). Starts it the way the browser tests do (a fresh embedded
 * database with the demo data), signs in as the account that administers each screen and saves
 * `<name>-wide.png` (1400×900) and `<name>-narrow.png` (800×900) into the folder. Run it before
 * and after a change to the admin kit and look at both: the same information must be there.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser } from '../fixtures.ts';
import { startBuiltApp } from '../global-setup.ts';

interface Screen {
  name: string;
  path: string;
  user: string;
  /** A tab to open before the picture (its accessible name). */
  tab?: string;
}

const SCREENS: readonly Screen[] = [
  { name: 'quote-grid', path: '/cpq/grid/quotes/ref', user: 'sales' },
  { name: 'approval-queue', path: '/cpq/grid/quote-approvals/ref', user: 'approver' },
  { name: 'delegations', path: '/cpq/user-profile/ref/delegations', user: 'approver' },
  { name: 'outbox', path: '/cpq/outbox/ref', user: 'root' },
  { name: 'crm-admin', path: '/cpq/sfdc', user: 'root' },
  { name: 'config-admin', path: '/cpq/config-admin', user: 'root' },
  { name: 'config-admin-lists', path: '/cpq/config-admin', user: 'root', tab: 'Lists' },
  { name: 'approval-admin', path: '/cpq/manage-approval-admin/new/ref', user: 'root' },
  { name: 'workflow-templates', path: '/cpq/manage-workflow-template/default/ref', user: 'root' },
  { name: 'partner-exceptions', path: '/cpq/manage-partner-exception/new/ref', user: 'root' },
  { name: 'clause-library', path: '/cpq/terms-condition', user: 'root' },
  { name: 'clause-rules', path: '/cpq/manage-terms-condition', user: 'root' },
  { name: 'catalog', path: '/commcat/grid/catalog/ref', user: 'catalog' },
  { name: 'product-hierarchy', path: '/commcat/producthierarchy/ref', user: 'catalog' },
  { name: 'sku-pricing', path: '/commcat/skupricing/ref', user: 'catalog' },
  { name: 'approval-skus', path: '/commcat/ps-approval-sku/ref', user: 'catalog' },
  { name: 'hw-sku-costs', path: '/commcat/mc-hw-sku-costs/all/ref', user: 'catalog' },
  { name: 'cost-lookup', path: '/commcat/mc-cost-lookup/ref', user: 'catalog' },
  { name: 'support-cases', path: '/commcat/mc-support-cases/ref', user: 'catalog' },
  { name: 'markup', path: '/commcat/mc-markup/ref', user: 'catalog' },
  { name: 'duration-depreciation', path: '/commcat/mc-duration-depreciation/ref', user: 'catalog' },
  { name: 'exchange-rates', path: '/commcat/exchange-rates/ref', user: 'catalog' },
];

const VIEWPORTS = [
  { suffix: 'wide', width: 1400, height: 900 },
  { suffix: 'narrow', width: 800, height: 900 },
] as const;

async function shoot(
  browser: Browser,
  baseURL: string,
  user: string,
  screens: Screen[],
  dir: string,
) {
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(`${user}@bastion.test`);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    for (const screen of screens) {
      await page.goto(screen.path);
      await page.locator('h1').first().waitFor();
      if (screen.tab) await page.getByRole('tab', { name: screen.tab }).click();
      // Lists load after the heading; wait for the spinners to go.
      await page
        .locator('[role="status"].spinner-border')
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
      await page.waitForTimeout(300);
      const file = path.join(dir, `${screen.name}-${viewport.suffix}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await context.close();
  }
}

const dir = path.resolve(process.argv[2] ?? '.test-results/admin-screens');
mkdirSync(dir, { recursive: true });
const app = await startBuiltApp();
const browser = await launchBrowser();
try {
  const users = [...new Set(SCREENS.map((screen) => screen.user))];
  for (const user of users) {
    await shoot(
      browser,
      app.baseURL,
      user,
      SCREENS.filter((screen) => screen.user === user),
      dir,
    );
  }
} finally {
  await browser.close();
  await app.stop();
}
