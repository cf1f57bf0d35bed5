// Issue 18: roles per company, the colleagues screen, several companies per user.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { newCompany, staffApi } from './fixtures/company.ts';
import { signedInPage } from './fixtures/session.ts';
import { mailFiles, nextMailTo } from './fixtures/sign-in.ts';
import { choose, unique } from './fixtures/staff.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Portal' });

test('an admin invites a member, who accepts, cannot open invoices until promoted to billing, and leaves', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const company = await newCompany({ firstName: 'Avery', lastName: 'Admin' });
  const admin = await signedInPage(browser, company.email);

  // The colleagues screen is in the user menu of an admin.
  await admin.getByRole('button', { name: /User menu/ }).click();
  await admin.getByRole('menuitem', { name: 'Colleagues' }).click();
  await expect(admin.getByRole('heading', { name: 'Colleagues', level: 1 })).toBeVisible();

  const email = `morgan.${unique()}@customer.example`;
  const seen = await mailFiles();
  const form = admin.getByRole('region', { name: 'Invite a Colleague' });
  // Spec section 5 (review row 144): the error under the field, not a browser bubble.
  await form.getByLabel('Email address').fill('not-an-address');
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(form.getByText('Valid email is required')).toBeVisible();
  await expect(form.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(admin.getByTestId('toast')).toContainText('Invitation sent');
  // Review N3: an invitation, not yet a colleague.
  const pending = admin.getByRole('region', { name: 'Pending Invitations' });
  await expect(pending.getByText(email, { exact: true })).toBeVisible();
  await expect(pending.getByText('Invited by Avery Admin')).toBeVisible();
  const mail = await nextMailTo(email, seen);
  // Review N9: the mail names the company and the portal, no person.
  expect(mail.text).toContain(`${company.name} invites you to its customer portal`);
  expect(mail.text).not.toContain('Avery Admin');
  const link = /(https?:\/\/\S+\/api\/auth\/invitation\?token=[\w-]+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();

  // The invitee opens the link, gives their own names and accepts; then signs in.
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(link!);
  await expect(invitee.getByRole('heading', { name: `Join ${company.name}?` })).toBeVisible();
  await invitee.getByLabel('First name').fill('Morgan');
  await invitee.getByLabel('Last name').fill('Member');
  await invitee.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(invitee.getByRole('heading', { name: `Welcome to ${company.name}` })).toBeVisible();
  await invitee.context().close();
  await admin.reload();
  await expect(admin.getByRole('region', { name: 'Pending Invitations' })).toHaveCount(0);

  // The colleague: no Invoices in the navigation; the address says "no access".
  const member = await signedInPage(browser, email);
  await expect(nav(member).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav(member).getByRole('link', { name: 'Invoices' })).toHaveCount(0);
  await expect(member.getByText('Outstanding Balance')).toHaveCount(0);
  // Review V6: their dashboard says they have no tickets, and its three stats fill the row.
  await expect(
    member.getByText('You have no tickets yet. Raise one whenever you need help.'),
  ).toBeVisible();
  const hours = member.getByRole('group', { name: "This Month's Hours" });
  const rowEnd = await hours.evaluate((card) => {
    const grid = card.parentElement!.getBoundingClientRect();
    return grid.right - card.getBoundingClientRect().right;
  });
  expect(rowEnd).toBeLessThan(1);
  await member.goto('/portal/invoices');
  await expect(member.getByRole('heading', { name: "You don't have access" })).toBeVisible();

  // Inviting a colleague again is refused under the field (review 144); a refused change is a
  // toast titled 'Error' as every portal failure (review 176): the last admin stays admin.
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(form.getByText('This user already belongs to this company')).toBeVisible();
  await choose(admin, 'Role of Avery Admin', 'Member');
  await expect(admin.getByTestId('toast')).toContainText('Error');
  await expect(admin.getByLabel('Role of Avery Admin')).toHaveText('Admin');

  // Review V5: deactivating asks first; each change is confirmed; no Deactivate on one's own row.
  const colleagues = admin.getByRole('list', { name: 'Colleagues' });
  await expect(colleagues.getByRole('button', { name: 'Deactivate Avery Admin' })).toHaveCount(0);
  await colleagues.getByRole('button', { name: 'Deactivate Morgan Member' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Deactivate Morgan Member?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(colleagues.getByText('Deactivated')).toHaveCount(0);
  await colleagues.getByRole('button', { name: 'Deactivate Morgan Member' }).click();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(admin.getByTestId('toast')).toContainText('Morgan Member deactivated');
  await colleagues.getByRole('button', { name: 'Reactivate Morgan Member' }).click();
  await expect(admin.getByTestId('toast')).toContainText('Morgan Member reactivated');

  // Promoted to billing: the same session sees invoices on its next page load.
  await choose(admin, 'Role of Morgan Member', 'Billing');
  await expect(admin.getByLabel('Role of Morgan Member')).toHaveText('Billing');
  await expect(admin.getByTestId('toast')).toContainText('Role changed');
  await member.reload();
  await expect(member.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await expect(nav(member).getByRole('link', { name: 'Invoices' })).toBeVisible();
  // Review N3: the member leaves the company from their profile.
  await member.goto('/portal/profile');
  const companies = member.getByRole('region', { name: 'Your Companies' });
  await companies.getByRole('button', { name: `Leave Company: ${company.name}` }).click();
  await member.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click();
  await expect(member.getByTestId('toast')).toContainText(`You left ${company.name}`);
  await admin.reload();
  await expect(admin.getByLabel('Role of Morgan Member')).toHaveCount(0);
  await admin.context().close();
  await member.context().close();
});

test('an admin withdraws an invitation; its link then says it is not valid', async ({
  browser,
}) => {
  const company = await newCompany({ firstName: 'Wren', lastName: 'Admin' });
  const admin = await signedInPage(browser, company.email);
  await admin.goto('/portal/team');
  const email = `withdrawn.${unique()}@customer.example`;
  const seen = await mailFiles();
  const form = admin.getByRole('region', { name: 'Invite a Colleague' });
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  const link = /(https?:\/\/\S+\/api\/auth\/invitation\?token=[\w-]+)/.exec(
    (await nextMailTo(email, seen)).text,
  )?.[1];
  const pending = admin.getByRole('region', { name: 'Pending Invitations' });
  await pending.getByRole('button', { name: `Withdraw the invitation of ${email}` }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Withdraw' }).click();
  await expect(admin.getByTestId('toast')).toContainText('Invitation withdrawn');
  await expect(pending).toHaveCount(0);
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(link!);
  await expect(
    invitee.getByRole('heading', { name: 'This invitation is not valid' }),
  ).toBeVisible();
  await invitee.context().close();
  await admin.context().close();
});

test('a user of two companies switches, and every screen shows the other company', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = await staffApi();
  const email = `dual.${unique()}@customer.example`;
  const companies = (await (await staff.get('/api/staff/customers')).json()) as {
    id: string;
    name: string;
  }[];
  const acme = companies.find((c) => c.name === 'Acme Logistics')!;
  const globex = companies.find((c) => c.name === 'Globex Retail')!;
  for (const c of [acme, globex]) {
    const res = await staff.post(`/api/staff/customers/${c.id}/users`, {
      data: {
        email,
        firstName: 'Dana',
        lastName: 'Dual',
        role: 'admin',
        confirmOtherCompany: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await staff.dispose();

  const page = await signedInPage(browser, email);
  await expect(page.getByText('Here is an overview of Acme Logistics.')).toBeVisible();
  await page.getByLabel('Company').click();
  await page.getByRole('option', { name: 'Globex Retail' }).click();
  await expect(page).toHaveURL(new RegExp(`company=${globex.id}`));
  await expect(page.getByText('Here is an overview of Globex Retail.')).toBeVisible();

  // Each list screen, reached through the navigation, shows a Globex row and no Acme row.
  const valuesOf = async (id: string, resource: string, field: string) => {
    const res = await page.request.get(`/api/customers/${id}/${resource}`);
    return ((await res.json()) as Record<string, string>[]).map((row) => row[field] ?? '');
  };
  for (const [label, resource, field] of [
    ['Invoices', 'invoices', 'number'],
    ['Projects', 'projects', 'name'],
    ['Tickets', 'tickets', 'subject'],
    ['Documents', 'documents', 'name'],
  ] as const) {
    await nav(page).getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`company=${globex.id}`));
    const theirs = await valuesOf(globex.id, resource, field);
    // An Acme row whose text Globex has no row of (both seeds hold some same-named documents).
    const ours = (await valuesOf(acme.id, resource, field)).find((v) => !theirs.includes(v));
    expect(theirs[0]).toBeTruthy();
    expect(ours).toBeTruthy();
    await expect(page.getByText(theirs[0]!, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(ours!, { exact: true })).toHaveCount(0);
  }
  // A reload keeps the choice; a company the user is not in says "no access".
  await page.reload();
  await expect(page.getByLabel('Company')).toHaveText('Globex Retail');
  await page.goto('/portal/dashboard?company=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: "You don't have access" })).toBeVisible();
  await page.context().close();
});
