// Every screen and dialog of tests/e2e/screens/catalogue.ts as a PNG, at 1280, 768 and 390 px,
// as each role sees it, for a reviewer to look at the whole product (the written look of
// docs/decisions/057 names these files). Run by `npm run screenshots`.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { USERS } from '../e2e/fixtures/portal.ts';
import { signIn } from '../e2e/fixtures/session.ts';
import { staffApi } from '../e2e/fixtures/company.ts';
import { STAFF_EMAIL } from '../e2e/fixtures/staff.ts';
import { paths } from '../../src/shared/routes.ts';
import { staffCan, type StaffRole } from '../../src/shared/staff-permissions.ts';
import {
  loaded,
  openDialog,
  portalScreens,
  publicScreens,
  staffScreens,
  walkScreens,
  type Screen,
} from '../e2e/screens/catalogue.ts';

const outDir = process.env.SCREENSHOTS_DIR ?? 'screenshots';
/** A desktop, a tablet, a phone. */
const WIDTHS = [1280, 768, 390] as const;

const fileName = (area: string, label: string) =>
  `${area}-${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.png`;

// A state that cannot be opened is reported, not waited on until the test's end.
test.use({ actionTimeout: 15_000 });

/**
 * Photographs every screen and state. `strict`: a state that cannot be opened fails the run; a
 * role's or a sample company's walk lists them instead (a member has no invoice to open, sample
 * rows open no project).
 */
async function shoot(
  page: Page,
  area: string,
  screens: readonly Screen[],
  strict = true,
  widths: readonly number[] = WIDTHS,
) {
  const failures: string[] = [];
  await walkScreens(
    page,
    screens,
    async (label, width) => {
      const file = path.join(
        outDir,
        String(width),
        fileName(area, label.replace(/ at \d+ px$/, '')),
      );
      // A modal is fixed to the viewport: photograph what the person sees, not the whole page.
      const modal = (await page.locator('[role="dialog"], [role="alertdialog"]').count()) > 0;
      await page.screenshot({ path: file, fullPage: !modal, animations: 'disabled' });
    },
    (label, error) => failures.push(`${label}: ${String(error).split('\n')[0]}`),
    widths,
  );
  if (failures.length && strict) throw new Error(`screens not shown:\n${failures.join('\n')}`);
  if (failures.length)
    console.log(`${area}: not shown (not offered to this user):\n${failures.join('\n')}`);
}

test('public', async ({ page }) => {
  await shoot(page, 'public', publicScreens);
});

test('portal as a customer', async ({ page }) => {
  await signIn(page, USERS.acme);
  await shoot(page, 'portal', portalScreens);
});

test("portal as a new company's admin (sample data)", async ({ page }) => {
  await signIn(page, USERS.initech);
  await shoot(page, 'portal-new', portalScreens, false);
});

// Each role of one company, on the screens it may open (the others say "no access").
test('portal as billing, technical and member', async ({ page }) => {
  const staff = await staffApi();
  const companies = (await (await staff.get('/api/staff/customers')).json()) as {
    id: string;
    name: string;
  }[];
  const acme = companies.find((c) => c.name === 'Acme Logistics')?.id ?? '';
  for (const role of ['billing', 'technical', 'member'] as const) {
    const email = `${role}.look@screens.example`;
    const data = { email, firstName: 'Robin', lastName: role, role };
    await staff.post(`/api/staff/customers/${acme}/users`, { data });
    await page.context().clearCookies();
    await signIn(page, email);
    await shoot(page, `portal-${role}`, portalScreens, false);
  }
  await staff.dispose();
});

test('staff', async ({ page }) => {
  await signIn(page, STAFF_EMAIL);
  await shoot(page, 'staff', staffScreens);
});

// Issue 38 item 7: each seeded non-admin role on the screens it may read, without the dialogs
// of writes it may not make (the catalogue names each screen's and dialog's area).
for (const [role, email] of [
  ['agent', 'agent@example.com'],
  ['billing', 'billing@example.com'],
  ['read-only', 'auditor@example.com'],
] as const satisfies readonly (readonly [StaffRole, string])[]) {
  test(`staff as ${role}`, async ({ page }) => {
    const readable = staffScreens
      .filter((s) => !s.reads || staffCan(role, s.reads, 'read'))
      .map((s) => ({
        ...s,
        states: s.states?.filter((st) => !st.writes || staffCan(role, st.writes, 'write')),
      }));
    await signIn(page, email);
    await shoot(page, `staff-${role}`, readable);
  });
}

// The dialogs of issue 38 that open from a loaded screen, as the admin who may use them.
const issue38Dialogs: readonly Screen[] = [
  {
    name: 'help desk',
    path: paths.staff,
    ready: loaded,
    states: [
      {
        name: 'new ticket',
        open: (page) =>
          openDialog(page, page.getByRole('button', { name: 'New Ticket' }), 'New Ticket'),
      },
      {
        name: 'merge into',
        open: async (page) => {
          await page
            .getByRole('button', { name: /^Open tk-/i })
            .first()
            .click();
          await openDialog(
            page,
            page.getByRole('button', { name: 'Merge Into…' }),
            /^Merge .* Into…$/,
          );
        },
        close: async (page) => {
          await page.keyboard.press('Escape');
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toHaveCount(0);
        },
      },
    ],
  },
  {
    name: 'Acme Logistics company page',
    path: paths.staffCustomers,
    ready: async (page) => {
      await loaded(page);
      await page.getByRole('link', { name: 'Acme Logistics' }).click();
      await loaded(page);
    },
    states: [
      {
        name: 'new scheduled ticket',
        open: (page) =>
          openDialog(
            page,
            page.getByRole('button', { name: 'New Scheduled Ticket' }),
            'New Scheduled Ticket',
          ),
      },
    ],
  },
];

test('staff dialogs of issue 38', async ({ page }) => {
  await signIn(page, STAFF_EMAIL);
  await shoot(page, 'staff-38', issue38Dialogs, true, [768]);
});

// Issue 18: the company switcher of a two-company user and the "no access" screen of a member.
test('portal roles and companies', async ({ page }) => {
  const staff = await staffApi();
  const companies = (await (await staff.get('/api/staff/customers')).json()) as {
    id: string;
    name: string;
  }[];
  const invite = async (company: string, email: string, role: string) => {
    const id = companies.find((c) => c.name === company)?.id ?? '';
    const data = { email, firstName: 'Dana', lastName: 'Dual', role, confirmOtherCompany: true };
    await staff.post(`/api/staff/customers/${id}/users`, { data });
  };
  await invite('Acme Logistics', 'dana.dual@screens.example', 'admin');
  await invite('Globex Retail', 'dana.dual@screens.example', 'technical');
  await invite('Acme Logistics', 'mo.member@screens.example', 'member');
  await staff.dispose();
  const shots = async (name: string) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: path.join(outDir, String(width), `portal-${name}.png`),
        fullPage: true,
      });
    }
  };
  await signIn(page, 'dana.dual@screens.example');
  await page.getByText('Here is an overview of Acme Logistics.').waitFor();
  await shots('company-switcher');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Portal menu' }).waitFor();
  await page.screenshot({ path: path.join(outDir, '390', 'portal-company-switcher-menu.png') });
  await page.keyboard.press('Escape');
  await page.context().clearCookies();
  await signIn(page, 'mo.member@screens.example');
  await page.goto('/portal/invoices');
  await page.getByRole('heading', { name: "You don't have access" }).waitFor();
  await shots('no-access');
  await page.goto('/portal/dashboard');
  await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
  await shots('member-dashboard');
});
