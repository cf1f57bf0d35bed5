// The status page (issue 43 items 3 and 4, ADR 079): staff define a component on a customer's
// site and open an incident on it; the customer's portal shows the banner, and /system-status
// shows the incident with JavaScript off.
import { AxeBuilder } from '@axe-core/playwright';
import { newCompany, staffApi } from './fixtures/company.ts';
import { look } from './fixtures/look.ts';
import { addSession, signedInPage } from './fixtures/session.ts';
import { STAFF_EMAIL, unique } from './fixtures/staff.ts';
import { expect, test } from './fixtures/test.ts';

const WIDTHS = [1280, 768, 390];

test('staff open an incident on a site: the customer sees the banner, the public page shows it without JavaScript', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const id = unique();
  const siteName = `Depot ${id}`;
  const componentName = `Depot WAN ${id}`;
  const title = `Depot link down ${id}`;
  const memberEmail = `member.${id}@customer.example`;
  const company = await newCompany({ firstName: 'Stat', lastName: 'Us' }, async (staff, c) => {
    // A second user, of the plainest role: the banner is every role's.
    const invited = await staff.post(`/api/staff/customers/${c.id}/users`, {
      data: { email: memberEmail, firstName: 'Mo', lastName: 'Member', role: 'member' },
    });
    expect(invited.status()).toBe(201);
  });
  await addSession(page.context(), company.email);
  await page.goto('/portal/dashboard');
  const site = await page.request.post(`/api/customers/${company.id}/sites`, {
    data: {
      name: siteName,
      address: '1 Dock Road, Houston, TX',
      contactPerson: 'Dana Dock',
      contactEmail: 'dana@customer.example',
      contactPhone: '+1 555 0100',
    },
  });
  expect(site.status()).toBe(201);

  const staff = await signedInPage(browser, STAFF_EMAIL);
  try {
    await staff.goto('/staff');
    await staff.getByRole('link', { name: 'Status Page' }).click();
    await expect(staff.getByRole('heading', { name: 'Status Page', level: 1 })).toBeVisible();

    await staff.getByRole('button', { name: 'Add Component' }).click();
    const add = staff.getByRole('dialog', { name: 'New Component' });
    await add.getByLabel('Name').fill(componentName);
    await add.getByLabel(`${siteName} (${company.name})`).check();
    await look(staff, 'status-component-dialog', WIDTHS);
    await add.getByRole('button', { name: 'Add Component' }).click();
    await expect(staff.getByTestId('toast')).toContainText('Component Added');

    const enabled = staff.getByRole('switch', { name: 'Show the live status' });
    await expect(enabled).toBeEnabled();
    if ((await enabled.getAttribute('aria-checked')) !== 'true') await enabled.click();
    await expect(enabled).toHaveAttribute('aria-checked', 'true');

    await staff.getByRole('button', { name: 'Open Incident' }).click();
    const open = staff.getByRole('dialog', { name: 'Open Incident' });
    await open.getByLabel('Title').fill(title);
    await open.getByLabel('Impact').selectOption('major');
    await open.getByLabel(componentName).check();
    await open.getByLabel('Message').fill(`The carrier is on site at ${siteName}.`);
    const axe = await new AxeBuilder({ page: staff }).include('[role="dialog"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
      [],
    );
    await look(staff, 'status-incident-dialog', WIDTHS);
    await open.getByRole('button', { name: 'Open Incident' }).click();
    await expect(staff.getByTestId('toast')).toContainText('Incident Opened');
    await expect(staff.getByRole('row', { name: new RegExp(title) })).toBeVisible();
    await look(staff, 'status-page-staff', WIDTHS);

    await page.reload();
    const banner = page.getByRole('status', { name: 'Service status' });
    await expect(banner).toContainText(title);
    await expect(banner).toContainText(`Affects ${siteName}`);
    await expect(banner.getByRole('link', { name: 'View system status' })).toHaveAttribute(
      'href',
      '/system-status',
    );
    await look(page, 'status-portal-banner', WIDTHS);
    const member = await signedInPage(browser, memberEmail);
    try {
      await member.goto('/portal/tickets');
      await expect(member.getByRole('status', { name: 'Service status' })).toContainText(title);
      await look(member, 'status-portal-banner-member', WIDTHS);
    } finally {
      await member.context().close();
    }
    // The auditor reads the status page and changes nothing on it.
    const auditor = await signedInPage(browser, 'auditor@example.com');
    try {
      await auditor.goto('/staff/status-page');
      await expect(auditor.getByRole('row', { name: new RegExp(title) })).toBeVisible();
      await expect(auditor.getByRole('button', { name: 'Open Incident' })).toHaveCount(0);
      await expect(auditor.getByRole('switch', { name: 'Show the live status' })).toBeDisabled();
      await look(auditor, 'status-page-read-only', WIDTHS);
    } finally {
      await auditor.context().close();
    }

    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await context.newPage();
      await plain.goto('/system-status');
      await expect(plain.getByRole('heading', { name: 'Current Incidents' })).toBeVisible();
      await expect(plain.getByRole('heading', { name: title })).toBeVisible();
      await expect(plain.getByText(`The carrier is on site at ${siteName}.`)).toBeVisible();
      await expect(plain.getByText(componentName).first()).toBeVisible();
      await look(plain, 'status-public', WIDTHS);
    } finally {
      await context.close();
    }

    await staff.getByRole('link', { name: 'Maintenance' }).click();
    await expect(staff.getByRole('heading', { name: 'Maintenance', level: 1 })).toBeVisible();
    await staff.getByRole('button', { name: 'Schedule Maintenance' }).click();
    const schedule = staff.getByRole('dialog', { name: 'Schedule Maintenance' });
    await schedule.getByLabel('Title').fill(`Depot switch swap ${id}`);
    await schedule.getByLabel('Starts').fill('2030-02-01T22:00');
    await schedule.getByLabel('Ends').fill('2030-02-01T21:00');
    await schedule.getByLabel(componentName).check();
    await schedule.getByLabel('Message').fill('Ten minutes without network.');
    await schedule.getByRole('button', { name: 'Schedule' }).click();
    await expect(schedule.getByText('The window must end after it starts')).toBeVisible();
    await schedule.getByLabel('Ends').fill('2030-02-01T23:00');
    await look(staff, 'status-maintenance-dialog', WIDTHS);
    await schedule.getByRole('button', { name: 'Schedule' }).click();
    await expect(staff.getByTestId('toast')).toContainText('Maintenance Scheduled');
    await expect(
      staff.getByRole('row', { name: new RegExp(`Depot switch swap ${id}`) }),
    ).toBeVisible();
    await look(staff, 'status-maintenance-staff', WIDTHS);
  } finally {
    await staff.context().close();
    // Back as the other specs expect it: the incident resolved, the placeholder shown.
    const api = await staffApi();
    try {
      const list = await api.get(`/api/staff/status/incidents?q=${encodeURIComponent(title)}`);
      for (const incident of (await list.json()) as Array<{ id: string; status: string }>) {
        if (incident.status !== 'resolved') {
          await api.post(`/api/staff/status/incidents/${incident.id}/updates`, {
            data: { status: 'resolved', message: 'Fixed.' },
          });
        }
      }
      await api.put('/api/staff/status/settings', { data: { enabled: false } });
    } finally {
      await api.dispose();
    }
  }
});
