// Tests that look (review V1, issue 36): on a phone the Invoices, Documents and Tickets lists
// show every row's fields and actions inside the screen; from 1024 px the tables stay (ADR 054).
// Acme's seeded rows, read only; the paging test writes to a company of its own.
import type { Locator, Page } from '@playwright/test';
import { newCompany } from './fixtures/company.ts';
import { expect, test } from './fixtures/test.ts';
import { USERS, expectNoSeriousAxeViolations, openPortal } from './fixtures/portal.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Shown, and not cut by the screen's left or right edge (nor scrolled out sideways). */
async function expectWithinScreenWidth(target: Locator) {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  if (!box) throw new Error('no box for a visible element');
  expect(box.x, 'left edge').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'right edge').toBeLessThanOrEqual(PHONE.width);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'page wider than the screen by').toBeLessThanOrEqual(0);
}

/**
 * The phone view: no table, no sideways scroll, no serious axe violation; then at 1280 px the
 * table is back and the cards (`cards`: the items or the list that holds them) are gone.
 */
async function expectCardsThenTable(page: Page, table: Locator, cards: Locator) {
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize(DESKTOP);
  await expect(table).toBeVisible();
  await expect(cards).toHaveCount(0);
}

/** The cards flow with the page (issue 36): no box inside the page scrolls the list. */
async function expectNoScrollBoxInside(list: Locator) {
  const inside = await list.evaluate((el) => el.scrollHeight - el.clientHeight);
  expect(inside, 'the list scrolls inside the page by').toBeLessThanOrEqual(0);
}

/** A row of a list, whether it is drawn as a table row or a card. */
const rowWith = (list: Locator, text: string) => list.locator('tr, li').filter({ hasText: text });

test('Invoices on a phone: every action, the amount and the status on screen; a table from 1024 px', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await openPortal(page, USERS.acme, '/portal/invoices');
  const list = page.getByRole('region', { name: 'Invoices' });
  // The first three rows (newest first), and the overdue one that can be paid.
  for (const [number, canPay] of [
    ['INV-2026-1004', true],
    ['INV-2026-1003', true],
    ['INV-2026-1006', false],
    ['INV-2026-1005', true],
  ] as const) {
    const actions = canPay ? ['View', 'Download', 'Pay'] : ['View', 'Download'];
    for (const action of actions) {
      await expectWithinScreenWidth(
        page.getByRole('button', { name: `${action} invoice ${number}`, exact: true }),
      );
    }
  }
  const dock = rowWith(list, 'INV-2026-1003');
  await expect(dock).toContainText('Dock scanner fleet refresh (40 units)');
  await expectWithinScreenWidth(dock.getByText('$18,640.00', { exact: true }));
  await expectWithinScreenWidth(dock.getByText('Pending', { exact: true }));
  await expectCardsThenTable(page, list.getByRole('table'), list.getByRole('listitem'));
  await expect(page.getByRole('button', { name: 'Pay invoice INV-2026-1005' })).toBeVisible();
});

test('Documents on a phone: preview and download of the first rows on screen; a table from 1024 px', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await openPortal(page, USERS.acme, '/portal/documents');
  const list = page.getByRole('region', { name: 'Documents' });
  const actions = list.getByRole('button', { name: /^(Preview|Download) / });
  await expect(actions.first()).toBeVisible();
  // Two per row: the first three rows.
  for (let i = 0; i < 6; i += 1) await expectWithinScreenWidth(actions.nth(i));
  const survey = rowWith(list, 'Wi-Fi Survey Report.pdf');
  await expect(survey).toContainText('Warehouse Wi-Fi 6 Upgrade');
  await expectWithinScreenWidth(survey.getByText('Morgan Hayes', { exact: true }));
  await expectCardsThenTable(page, list.getByRole('table'), list.getByRole('listitem'));
});

test('Tickets on a phone: the View button of the first rows on screen; a table from 1024 px', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await openPortal(page, USERS.acme, '/portal/tickets');
  const views = page.getByRole('button', { name: /^View ticket / });
  await expect(views.first()).toBeVisible();
  for (let i = 0; i < 3; i += 1) await expectWithinScreenWidth(views.nth(i));
  await expectNoScrollBoxInside(page.getByRole('region', { name: 'Tickets' }));
  await expectCardsThenTable(
    page,
    page.getByRole('table'),
    page.getByRole('region', { name: 'Tickets' }).getByRole('listitem'),
  );
});

test('on a phone the cards page like the table: scrolling the page to the end loads the next page', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // More than the 50 rows of a first page, in a company of the test's own.
  const total = 60;
  const company = await newCompany({ firstName: 'Phoebe', lastName: 'Phone' }, async (staff, c) => {
    for (let i = 0; i < total; i++) {
      const n = String(i).padStart(3, '0');
      const res = await staff.post(`/api/staff/customers/${c.id}/invoices`, {
        data: {
          number: `PHN-${c.id.slice(0, 8)}-${n}`,
          description: `Phone invoice ${n}`,
          amount: 10,
          status: 'paid',
          issueDate: '2025-01-01',
          dueDate: '2025-02-01',
        },
      });
      expect(res.status()).toBe(201);
    }
  });
  await page.setViewportSize(PHONE);
  await openPortal(page, company.email, '/portal/invoices');
  const list = page.getByRole('region', { name: 'Invoices' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const oldest = page.getByRole('button', {
    name: `View invoice PHN-${company.id.slice(0, 8)}-000`,
  });
  await expectNoScrollBoxInside(list);
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return oldest.count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  await expectWithinScreenWidth(oldest);
});
