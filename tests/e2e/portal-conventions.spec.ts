// Issue 36, screens review V7, V11, V12, V14, V15, V17: each screen follows the conventions of
// the others (the custom select, the required-field asterisk, no control that does nothing for
// the role), and nothing wraps or stays open where it should not.
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { newCompany, staffApi, type OwnCompany } from './fixtures/company.ts';
import { openPortal } from './fixtures/portal.ts';
import { unique } from './fixtures/staff.ts';

const phone = { width: 390, height: 844 };

/** A new colleague of `company` with `role`; their address. */
async function colleague(company: OwnCompany, role: string) {
  const email = `${role}.${unique()}@customer.example`;
  await newCompanyUser(company, { email, firstName: 'Pat', lastName: 'Colleague', role });
  return email;
}

async function newCompanyUser(company: OwnCompany, data: Record<string, string | boolean>) {
  const staff = await staffApi();
  const res = await staff.post(`/api/staff/customers/${company.id}/users`, { data });
  expect(res.status(), await res.text()).toBe(201);
  await staff.dispose();
}

/** How many lines `element`'s text takes. */
const lines = (element: Locator) =>
  element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

test('Colleagues: role and sign-in policy use the portal select, whole at 390 px (V7)', async ({
  page,
}) => {
  const company = await newCompany({ firstName: 'Quinn', lastName: 'Admin' });
  await colleague(company, 'member');
  await page.setViewportSize(phone);
  await openPortal(page, company.email, '/portal/team');
  const policy = page.getByRole('combobox', { name: 'How colleagues sign in' });
  const any = 'Any method (email link, code, passkey or single sign-on)';
  await expect(policy).toHaveText(any);
  // Nothing of the chosen policy is cut off (it read "Any method (email link, code, passke").
  const cut = await policy.evaluate((el) =>
    [el, ...el.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth),
  );
  expect(cut).toBe(false);
  const box = (await policy.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(phone.width);

  const email = `invited.${unique()}@customer.example`;
  const form = page.getByRole('region', { name: 'Invite a Colleague' });
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: 'Billing', exact: true }).click();
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  const pending = page.getByRole('region', { name: 'Pending Invitations' });
  await expect(pending.getByRole('listitem').filter({ hasText: email })).toContainText('Billing');
  await expect(page.getByRole('combobox', { name: 'Role of Quinn Admin' })).toHaveText('Admin');

  // One's own row has no Deactivate button; its role select still lines up with the others'.
  await page.setViewportSize({ width: 1280, height: 900 });
  const own = (await page.getByRole('combobox', { name: 'Role of Quinn Admin' }).boundingBox())!;
  const theirs = (await page
    .getByRole('combobox', { name: 'Role of Pat Colleague' })
    .boundingBox())!;
  expect(own.x).toBe(theirs.x);
});

test('a member sees no invoice switch, no document cards or categories they cannot see (V11)', async ({
  page,
}) => {
  // Two users, two sign-ins, four screens: on a loaded machine that outgrew 30 s.
  test.slow();
  const company = await newCompany({ firstName: 'Morgan', lastName: 'Admin' });
  const email = await colleague(company, 'member');
  await openPortal(page, email, '/portal/profile');
  const prefs = page.getByRole('region', { name: 'Notification Preferences' });
  await expect(prefs.getByRole('switch', { name: 'Tickets' })).toBeVisible();
  // Invoice mails go to admin and billing only; the projects switch announces to a member
  // only the documents they see (ADR 034).
  await expect(prefs.getByRole('switch', { name: 'Invoices' })).toHaveCount(0);
  await expect(prefs.getByRole('switch', { name: 'Projects' })).toHaveCount(0);
  await expect(prefs.getByRole('switch', { name: 'Documents' })).toBeVisible();

  await page.goto('/portal/documents');
  await expect(page.getByRole('group', { name: 'Total Documents' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('group', { name: 'Project Documents' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Invoices' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Filter by category' }).click();
  await expect(page.getByRole('option')).toHaveText(['All', 'Compliance', 'Training', 'Other']);
  await page.keyboard.press('Escape');
  // The sample rows too hold only what a member may see.
  await expect(page.getByText('Invoice History.csv')).toHaveCount(0);
  await expect(page.getByText('Security Policy.docx').first()).toBeVisible();

  // The admin keeps the spec's screen.
  await openPortal(page, company.email, '/portal/documents');
  await expect(page.getByRole('group', { name: 'Project Documents' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Invoices' })).toBeVisible();
  await page.goto('/portal/profile');
  await expect(page.getByRole('switch', { name: 'Invoices' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Projects' })).toBeVisible();
});

test('profile and site forms mark their required fields as New Ticket does (V12)', async ({
  page,
}) => {
  const company = await newCompany({ firstName: 'Riley', lastName: 'Admin' });
  await openPortal(page, company.email, '/portal/profile');
  const expectRequired = async (scope: Locator, labels: string[]) => {
    for (const label of labels) {
      // The asterisk is not read out: the field's name stays the label's text.
      const field = scope.getByRole('textbox', { name: label, exact: true });
      await expect(field).toHaveAttribute('aria-required', 'true');
      // The field's own label, whole ("Billing address" is another field's label).
      const own = scope.locator('label').filter({ hasText: new RegExp(`^${label}\\*?$`) });
      await expect(own).toHaveText(`${label}*`);
    }
  };
  const profile = page.getByRole('region', { name: 'User Profile' });
  await profile.getByRole('button', { name: 'Edit' }).click();
  await expectRequired(profile, ['First Name', 'Last Name', 'Email']);
  const sites = page.getByRole('region', { name: 'Company Sites' });
  await sites.getByRole('button', { name: 'Add Site' }).click();
  await expectRequired(sites, [
    'Site Name',
    'Address',
    'Contact Person',
    'Contact Email',
    'Contact Phone',
  ]);
});

test('no small wraps: the ticket dialog date at 1280 px, the project facts at 390 px (V14)', async ({
  page,
}) => {
  const company = await newCompany({ firstName: 'Sky', lastName: 'Admin' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPortal(page, company.email, '/portal/tickets');
  await page
    .getByRole('button', { name: /View ticket/ })
    .first()
    .click();
  const created = page.getByRole('dialog').locator('dt:text-is("Created") + dd');
  await expect(created).toHaveText(/\d{4}, \d+:\d\d [AP]M/);
  expect(await lines(created)).toBe(1);

  await page.setViewportSize(phone);
  await page.goto('/portal/projects');
  await page
    .getByRole('button', { name: /View Details/ })
    .first()
    .click();
  const facts = page.getByRole('dialog').locator('dl dt');
  await expect(facts).toHaveCount(3);
  for (const dt of await facts.all()) expect(await lines(dt), await dt.innerText()).toBe(1);
});

test('company switcher: on a phone the drawer closes on a choice (V15)', async ({ page }) => {
  const first = await newCompany({ firstName: 'Dana', lastName: 'Dual' });
  const second = await newCompany({ firstName: 'Other', lastName: 'Admin' });
  await newCompanyUser(second, {
    email: first.email,
    firstName: 'Dana',
    lastName: 'Dual',
    role: 'admin',
    confirmOtherCompany: true,
  });
  await page.setViewportSize(phone);
  await openPortal(page, first.email, '/portal/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Portal menu' });
  await drawer.getByLabel('Company').click();
  await page.getByRole('option', { name: second.name }).click();
  await expect(page).toHaveURL(new RegExp(`company=${second.id}`));
  await expect(drawer).toBeHidden();
  await expect(page.getByText(`Here is an overview of ${second.name}.`)).toBeVisible();
});

test('the home and services cards say "Learn More" alike (V17)', async ({ page }) => {
  await page.goto('/');
  const core = page.getByRole('listitem').filter({ hasText: /Learn More/ });
  await expect(core).toHaveCount(6);
  await page.goto('/services');
  await expect(page.getByRole('link', { name: /^Learn More about / })).toHaveCount(11);
});
