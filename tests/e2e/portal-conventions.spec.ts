// Issue 36, screens review V7, V11, V12, V14, V15, V17: each screen follows the conventions of
// the others (the custom select, the required-field asterisk, no control that does nothing for
// the role), and nothing wraps or stays open where it should not.
import { expect, test } from './fixtures/test.ts';
import { newCompany } from './fixtures/company.ts';
import { openPortal } from './fixtures/portal.ts';
import { unique } from './fixtures/staff.ts';

const phone = { width: 390, height: 844 };

test('Colleagues: role and sign-in policy use the portal select, whole at 390 px (V7)', async ({
  page,
}) => {
  const company = await newCompany({ firstName: 'Quinn', lastName: 'Admin' });
  await page.setViewportSize(phone);
  await openPortal(page, company.email, '/portal/team');
  const policy = page.getByRole('combobox', { name: 'How colleagues sign in' });
  const any = 'Any method (e-mail link, code, passkey or single sign-on)';
  await expect(policy).toHaveText(any);
  // Nothing of the chosen policy is cut off (it read "Any method (e-mail link, code, passke").
  const cut = await policy.evaluate((el) =>
    [el, ...el.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth),
  );
  expect(cut).toBe(false);
  const box = (await policy.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(phone.width);

  const email = `invited.${unique()}@customer.example`;
  const form = page.getByRole('region', { name: 'Invite a colleague' });
  await form.getByLabel('E-mail address').fill(email);
  await form.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: 'Billing', exact: true }).click();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  await expect(pending.getByRole('listitem').filter({ hasText: email })).toContainText('Billing');
  await expect(page.getByRole('combobox', { name: 'Role of Quinn Admin' })).toHaveText('Admin');
});
