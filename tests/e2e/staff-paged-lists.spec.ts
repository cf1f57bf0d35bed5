import { newCompany } from './fixtures/company.ts';
import { addSession, signedInPage } from './fixtures/session.ts';
import { STAFF_EMAIL, unique } from './fixtures/staff.ts';
import { expect, test } from './fixtures/test.ts';

test('the help desk queue reads pages: search in the URL, more rows on scroll, kept on reload', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const word = `Quasar${unique()}`;
  const company = await newCompany({ firstName: 'Kim', lastName: 'Page' });
  await addSession(page.context(), company.email);
  // 55 tickets with the word: one page of 50 and 5 more.
  for (let i = 1; i <= 55; i += 1) {
    const res = await page.request.post(`/api/customers/${company.id}/tickets`, {
      data: {
        subject: `${word} printer ${i}`,
        description: 'The printer jams.',
        priority: 'normal',
        category: 'Hardware',
        department: 'IT Support',
      },
    });
    expect(res.status()).toBe(201);
  }

  const staff = await signedInPage(browser, STAFF_EMAIL);
  await staff.goto('/staff');
  const table = staff.getByRole('table', { name: 'Tickets' });
  await staff.getByRole('searchbox', { name: 'Search tickets' }).fill(word);
  await expect(staff).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(table.getByRole('row')).toHaveCount(51);
  for (const width of [1280, 390]) {
    await staff.setViewportSize({ width, height: 900 });
    await staff.screenshot({ path: `test-results/staff-helpdesk-paged-${width}.png` });
  }
  await staff.setViewportSize({ width: 1280, height: 900 });
  await staff.getByRole('button', { name: 'Load more tickets (5 more)' }).scrollIntoViewIfNeeded();
  await expect(table.getByRole('row')).toHaveCount(56);

  await staff.reload();
  await expect(staff.getByRole('searchbox', { name: 'Search tickets' })).toHaveValue(word);
  await expect(table.getByRole('row').nth(1)).toContainText(word);

  await staff.goto('/staff/audit');
  await expect(staff.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  await expect(staff.getByRole('table', { name: 'Audit log' }).getByRole('row')).not.toHaveCount(0);
  for (const width of [1280, 390]) {
    await staff.setViewportSize({ width, height: 900 });
    await staff.screenshot({ path: `test-results/staff-audit-paged-${width}.png` });
  }
  await staff.context().close();
});
