// Issue 36, tests that look: the portal as billing, technical and member at 390, 768, 1024 and
// 1280 px: no sideways scroll, nothing cut by the viewport or its box, no clipped text
// (fixtures/layout.ts). One page per role, resized. The admin's view: legibility.spec.ts.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { newCompany } from './fixtures/company.ts';
import { signIn } from './fixtures/session.ts';
import { unique } from './fixtures/staff.ts';
import { walkAtEveryWidth } from './fixtures/layout.ts';
import { loaded, openDialog, type Screen } from './screens/catalogue.ts';
import { paths } from '../../src/shared/routes.ts';
import type { CompanyRole } from '../../src/shared/permissions.ts';

test.use({ actionTimeout: 15_000 });

const firstButton = (page: Page, name: RegExp) => page.getByRole('button', { name }).first();

/**
 * The screens whose content differs by role, as a role of a company without rows (sample
 * data), with their dialogs; documents and the profile are the same for every role and are
 * walked as the admin.
 */
function screensOf(role: Exclude<CompanyRole, 'admin'>): Screen[] {
  const screens: Screen[] = [
    { name: 'dashboard', path: paths.dashboard, ready: loaded },
    {
      name: 'tickets',
      path: paths.tickets,
      ready: loaded,
      states: [
        {
          name: 'new ticket',
          open: (page) =>
            openDialog(page, page.getByRole('button', { name: 'New Ticket' }), 'Create New Ticket'),
        },
      ],
    },
    { name: 'projects', path: paths.projects, ready: loaded },
  ];
  if (role === 'billing') {
    screens.push({
      name: 'invoices',
      path: paths.invoices,
      ready: loaded,
      states: [
        {
          name: 'invoice detail',
          open: (page) => openDialog(page, firstButton(page, /^View invoice/), /^Invoice /),
        },
      ],
    });
  }
  return screens;
}

test('the portal as billing, technical and member at 390, 768, 1024 and 1280 px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const roles = ['billing', 'technical', 'member'] as const;
  const emails: Record<string, string> = {};
  await newCompany({ firstName: 'Wren', lastName: 'Widths' }, async (staff, company) => {
    for (const role of roles) {
      emails[role] = `${role}.${unique()}@customer.example`;
      const added = await staff.post(`/api/staff/customers/${company.id}/users`, {
        data: { email: emails[role], firstName: 'Wren', lastName: role, role },
      });
      expect(added.status(), await added.text()).toBe(201);
    }
  });
  const problems: string[] = [];
  for (const role of roles) {
    await page.context().clearCookies();
    await signIn(page, emails[role]!);
    problems.push(...(await walkAtEveryWidth(page, screensOf(role))).map((p) => `${role}: ${p}`));
  }
  expect(problems).toEqual([]);
});
