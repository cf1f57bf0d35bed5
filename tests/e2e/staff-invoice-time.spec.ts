import { expect, test } from './fixtures/test.ts';
import { createCompany, STAFF_EMAIL, unique } from './fixtures/staff.ts';
import { signedInPage } from './fixtures/session.ts';
import { look } from './fixtures/look.ts';

// Issue 39 item 1 (ADR 066 addendum): staff bill a company's logged hours from the draft
// editor's "Add Unbilled Time"; hours on a saved draft are not offered again.
test.setTimeout(120_000);

test('staff add unbilled time to a draft as lines per project, billed once', async ({
  browser,
}) => {
  const staff = await signedInPage(browser, STAFF_EMAIL);
  await createCompany(staff, `Hours Co ${unique()}`);
  const companyId = staff.url().split('/').pop() ?? '';
  const api = `/api/staff/customers/${companyId}`;
  const project = await staff.request.post(`${api}/projects`, {
    data: { name: 'Network upgrade', status: 'in-progress', progress: 10, startDate: '2026-01-05' },
  });
  expect(project.status(), await project.text()).toBe(201);
  const projectId = ((await project.json()) as { id: string }).id;
  for (const [workDate, hours, onProject] of [
    ['2026-02-02', 1.5, true],
    ['2026-02-03', 3, true],
    ['2026-02-04', 0.75, false],
  ] as const) {
    const logged = await staff.request.post(`${api}/time-entries`, {
      data: {
        workDate,
        hours,
        description: `Work ${workDate}`,
        projectId: onProject ? projectId : null,
      },
    });
    expect(logged.status(), await logged.text()).toBe(201);
  }

  await staff.getByRole('button', { name: 'New Invoice' }).click();
  const draft = staff.getByRole('dialog', { name: 'New Invoice' });
  await draft.getByLabel('Invoice number').fill(`INV-TIME-${unique()}`);
  await draft.getByLabel('Description (the customer reads it)').fill('Hours, February');
  await draft.getByRole('button', { name: 'Add Unbilled Time' }).click();

  const time = staff.getByRole('dialog', { name: 'Add Unbilled Time' });
  const entries = time.getByRole('checkbox');
  await expect(entries).toHaveCount(3);
  await expect(time.getByText('3 entries picked, 5.25 h')).toBeVisible();
  // Nothing added without a rate.
  await time.getByRole('button', { name: 'Add to Draft' }).click();
  await expect(time.getByText('Hourly rate is required')).toBeVisible();
  await time.getByLabel('Hourly rate (USD)').fill('120');
  await look(staff, 'staff-billing-unbilled-time', [390, 768, 1280]);
  await time.getByRole('button', { name: 'Add to Draft' }).click();
  await expect(time).toBeHidden();

  // One line per project: the project's two entries, then the one on no project.
  const line1 = draft.getByRole('group', { name: 'Line 1' });
  const line2 = draft.getByRole('group', { name: 'Line 2' });
  await expect(line1.getByLabel('Line description')).toHaveValue(
    'Time: Network upgrade, 2 entries, 4.5 h',
  );
  await expect(line1.getByLabel('Quantity')).toHaveValue('4.5');
  await expect(line1.getByText('Bills 2 time entries')).toBeVisible();
  await expect(line2.getByLabel('Line description')).toHaveValue('Time: 1 entry, 0.75 h');
  // 5.25 h at $120.00.
  await expect(draft.getByRole('region', { name: 'Draft totals' })).toContainText('Total$630.00');
  await draft.getByRole('button', { name: 'Save Draft' }).click();
  await expect(staff.getByTestId('toast').first()).toContainText('Draft Saved');
  const doc = staff.getByRole('dialog', { name: /^Invoice INV-TIME-/ });
  await expect(doc).toContainText('Time: Network upgrade, 2 entries, 4.5 h');
  await doc.getByRole('button', { name: 'Close' }).first().click();
  await expect(doc).toBeHidden();

  // The hours are on that draft now: a second invoice is offered none of them.
  await staff.getByRole('button', { name: 'New Invoice' }).click();
  const second = staff.getByRole('dialog', { name: 'New Invoice' });
  await second.getByRole('button', { name: 'Add Unbilled Time' }).click();
  const none = staff.getByRole('dialog', { name: 'Add Unbilled Time' });
  await expect(none.getByText('No unbilled time for these filters.')).toBeVisible();
  await staff.context().close();
});
