// Issue 40 items 1-3 (ADR 071): billing staff set up a company's retainer on its page and an
// agent logs time on it (the agreement chosen for them); the company's admin reads the hours
// card with its burn-down on the invoices screen, on a phone and a desktop.
import { expect, test } from './fixtures/test.ts';
import { newCompany } from './fixtures/company.ts';
import { look } from './fixtures/look.ts';
import { signIn, signedInPage } from './fixtures/session.ts';
import { STAFF_EMAIL } from './fixtures/staff.ts';
import { company as office } from '../../src/shared/company.ts';
import { officeToday } from '../../src/shared/statement-periods.ts';

test.use({ actionTimeout: 15_000 });

const WIDTHS = [1280, 768, 390];

test('billing adds a retainer, an agent logs time on it, and the admin reads what is left', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const today = officeToday();
  const own = await newCompany({ firstName: 'Hours', lastName: 'Admin' });

  const billing = await signedInPage(browser, 'billing@example.com');
  await billing.goto(`/staff/customers/${own.id}`);
  await expect(billing.getByText('No agreements')).toBeVisible();
  await billing.getByRole('button', { name: 'New Agreement' }).click();
  const dialog = billing.getByRole('dialog', { name: 'New Agreement' });
  await dialog.getByLabel('Name').fill('Help desk retainer');
  await dialog.getByLabel('Hours per month').fill('20');
  await dialog.getByLabel('Unused hours roll over (months)').fill('2');
  await dialog.getByLabel('Hourly rate').fill('125');
  await dialog.getByLabel('Overage rate').fill('150');
  await dialog.getByLabel('Starts on').fill(`${today.slice(0, 7)}-01`);
  await dialog.getByLabel('Time zone').fill(office.businessHours.timeZone);
  await dialog.getByLabel('Help Desk Services').check();
  // Its SLA targets (ADR 073): High's, starting from the help desk's, typed in hours.
  await dialog.getByRole('checkbox', { name: 'High' }).check();
  await dialog.getByLabel('High: resolution (business hours)').fill('4');
  await look(billing, 'agreement-dialog', WIDTHS);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = billing.getByRole('row', { name: /Help desk retainer/ });
  await expect(row).toContainText('0 h of 20 h used');
  await expect(row).toContainText('SLA: High 1 h / 4 h');
  await billing.context().close();

  const agent = await signedInPage(browser, STAFF_EMAIL);
  await agent.goto(`/staff/customers/${own.id}`);
  const form = agent.getByRole('form', { name: 'Log time' });
  // The company's one active agreement is chosen for the agent.
  await expect(form.getByRole('combobox', { name: 'Agreement' })).toHaveText('Help desk retainer');
  await form.getByLabel('Work date').fill(today);
  await form.getByLabel('Hours').fill('6.5');
  await form.getByRole('button', { name: 'Log Time' }).click();
  await expect(agent.getByRole('row', { name: /Help desk retainer/ }).first()).toContainText(
    '6.5 h of 20 h used',
  );
  // The form empties once the lists have refetched: typing before that would be cleared.
  await expect(form.getByLabel('Hours')).toHaveValue('');
  // Non-billable time is kept, on the agreement still chosen, but draws nothing down.
  await expect(form.getByRole('combobox', { name: 'Agreement' })).toHaveText('Help desk retainer');
  await form.getByLabel('Work date').fill(today);
  await form.getByLabel('Hours').fill('2');
  await form.getByRole('switch', { name: 'Billable' }).click();
  await form.getByRole('button', { name: 'Log Time' }).click();
  await expect(agent.getByText('Non-billable')).toBeVisible();
  await expect(agent.getByRole('row', { name: /Help desk retainer/ }).first()).toContainText(
    '6.5 h of 20 h used',
  );
  await look(agent, 'agreements-staff', WIDTHS);
  await agent.context().close();

  await signIn(page, own.email);
  await page.goto('/portal/invoices');
  const card = page.getByRole('heading', { name: 'Hours', level: 2 }).locator('../..');
  const figures = card.getByRole('definition');
  await expect(figures).toHaveText(['20 h', '6.5 h', '13.5 h']);
  await expect(
    card.getByRole('img', { name: /^Burn-down: 20 h at the start, 13\.5 h left/ }),
  ).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(card.getByRole('heading', { name: 'Help desk retainer' })).toBeVisible();
    // The card fits the screen: nothing scrolls sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  }
  await look(page, 'agreement-hours-portal', WIDTHS);
});
