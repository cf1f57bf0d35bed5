// Review V9, ADR 053: the portal's paged lists (Invoices, Documents, Tickets) are one pattern.
// Read only, Acme's seeded rows.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { USERS, openPortal } from './fixtures/portal.ts';

const lists = [
  { path: '/portal/invoices', name: 'Invoices', cards: ['Outstanding Balance', 'Paid'] },
  { path: '/portal/documents', name: 'Documents', cards: ['Total Documents', 'Project Documents'] },
  { path: '/portal/tickets', name: 'Tickets', cards: ['Open', 'Pending'] },
] as const;

/** What a list looks like at 1280 px: its header band and its first row's actions. */
async function tableLook(page: Page, name: string) {
  const region = page.getByRole('region', { name });
  const table = region.getByRole('table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const band = await table.locator('thead').evaluate((el) => getComputedStyle(el).backgroundColor);
  const actions = table.locator('tbody tr').first().getByRole('button');
  const shown = await actions.evaluateAll((buttons) =>
    buttons.map((b) => (b as HTMLElement).innerText.trim()),
  );
  const names = await actions.evaluateAll((buttons) =>
    buttons.map((b) => b.getAttribute('aria-label') ?? ''),
  );
  return { band, shown, names };
}

test('the three lists: a scroll region with a banded header, icon actions with names, no Show more', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const looks = [];
  for (const list of lists) {
    await openPortal(page, USERS.acme, list.path);
    looks.push(await tableLook(page, list.name));
    await expect(page.getByRole('button', { name: /^Show more/ })).toHaveCount(0);
  }
  const [invoices] = looks;
  expect(invoices!.band).not.toBe('rgba(0, 0, 0, 0)');
  for (const look of looks) {
    expect(look.band).toBe(invoices!.band);
    // Icons alone in a table; each button's name says what it does to which row.
    expect(look.shown.every((text) => text === '')).toBe(true);
    expect(look.names.length).toBeGreaterThan(0);
    for (const label of look.names) expect(label).toMatch(/^(View|Download|Pay|Preview) \S/);
  }
});

test('on a phone the summary cards of every list sit two to a line', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const list of lists) {
    await openPortal(page, USERS.acme, list.path);
    const [one, two] = list.cards.map((name) => page.getByRole('group', { name, exact: true }));
    await expect(two!).toBeVisible();
    const [first, second] = [await one!.boundingBox(), await two!.boundingBox()];
    expect(second!.y, `${list.name}: the second card beside the first`).toBe(first!.y);
    expect(second!.x).toBeGreaterThan(first!.x);
  }
});
