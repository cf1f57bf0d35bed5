// The knowledge base (issue 43, ADR 078): an article suggested while a customer writes a new
// ticket closes the form, and a public article reads without JavaScript.
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { newCompany, staffApi } from './fixtures/company.ts';
import { addSession } from './fixtures/session.ts';
import { unique } from './fixtures/staff.ts';
import { expect, test } from './fixtures/test.ts';

/** An article through the staff API, in a category of its own; answers its slug. */
async function addArticle(staff: APIRequestContext, fields: Record<string, unknown>) {
  const category = await staff.post('/api/staff/kb/categories', {
    data: { name: `Help ${unique()}` },
  });
  expect(category.status()).toBe(201);
  const res = await staff.post('/api/staff/kb/articles', {
    data: {
      categoryId: ((await category.json()) as { id: string }).id,
      tags: ['printer'],
      published: true,
      ...fields,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { slug: string }).slug;
}

test('a customer starts a ticket, sees a suggested article and closes the form with it', async ({
  page,
}) => {
  // A word no other spec's article holds, in an article only this company reads.
  const word = `zephyr${unique()}`;
  const title = `Fix the ${word} printer when it shows offline`;
  const company = await newCompany({ firstName: 'Kim', lastName: 'Suggest' }, async (staff, c) => {
    await addArticle(staff, {
      title,
      body: 'Turn the printer **off** and on, then check its network cable.',
      visibility: 'company',
      customerId: c.id,
    });
  });
  await addSession(page.context(), company.email);
  await page.goto('/portal/tickets');
  await page.getByRole('button', { name: 'New Ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Ticket' });
  await dialog.getByLabel('Subject').fill(`The ${word} printer is ofline`);

  const suggested = dialog.getByRole('complementary', { name: 'Suggested articles' });
  const link = suggested.getByRole('link', { name: title });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('target', '_blank');
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );

  await suggested.getByRole('button', { name: `This answered my question: ${title}` }).click();
  await expect(page.getByTestId('toast')).toContainText('Glad That Helped');
  await expect(dialog).toBeHidden();
  // No ticket was opened.
  const tickets = await page.request.get(`/api/customers/${company.id}/tickets`);
  expect(await tickets.json()).toEqual([]);

  const staff = await staffApi();
  try {
    const insights = await staff.get('/api/staff/kb/insights');
    expect(((await insights.json()) as { answered: number }).answered).toBeGreaterThan(0);
  } finally {
    await staff.dispose();
  }
});

test('a public article reads without JavaScript, and the header leads to the help center', async ({
  page,
  browser,
}) => {
  const word = `quokka${unique()}`;
  const title = `Connect the ${word} scanner`;
  const staff = await staffApi();
  const slug = await addArticle(staff, {
    title,
    body: '## Steps\n\n1. Plug it in.\n2. Press **Scan**.',
    visibility: 'public',
  }).finally(() => staff.dispose());

  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await context.newPage();
    await plain.goto('/help');
    await plain.getByLabel('Search the help center').fill(`${word} scaner`);
    await plain.getByRole('button', { name: 'Search' }).click();
    await plain.getByRole('link', { name: title }).click();
    await expect(plain).toHaveURL(new RegExp(`/help/${slug}$`));
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(plain.getByRole('heading', { name: 'Steps' })).toBeVisible();
    await expect(plain).toHaveTitle(`${title} | Meridian IT Services`);
  } finally {
    await context.close();
  }

  await page.goto('/');
  const help = page.getByRole('banner').getByRole('link', { name: 'Help Center' });
  await expect(help).toHaveAttribute('href', /\/help$/);
  await expect(help).toHaveAttribute('target', '_blank');
});
