import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { USERS, openPortal } from './fixtures/portal.ts';

/** Every script and API read the page asks for from now on. */
function recordRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') || pathname.endsWith('.js')) asked.push(pathname);
  });
  return asked;
}

// Issue 42: a second screen from the navigation paints from memory. Its code and its first
// data load when the pointer reaches its entry: the click itself asks the network for none of
// what the screen paints first.
for (const { entry, chunk, list, shown } of [
  { entry: 'Invoices', chunk: 'invoices-screen', list: 'invoices', shown: 'INV-2026-1003' },
  {
    entry: 'Tickets',
    chunk: 'tickets-screen',
    list: 'tickets',
    shown: 'Scanner drops Wi-Fi near dock door 12',
  },
  {
    entry: 'Projects',
    chunk: 'projects-screen',
    list: 'projects',
    shown: 'Warehouse Wi-Fi 6 Upgrade',
  },
  {
    entry: 'Documents',
    chunk: 'documents-screen',
    list: 'documents',
    shown: 'Wi-Fi Survey Report',
  },
]) {
  test(`${entry}: code and data on hover, so the click asks for nothing it paints`, async ({
    page,
  }) => {
    await openPortal(page, USERS.acme, '/portal/dashboard');
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const link = page
      .getByRole('navigation', { name: 'Portal' })
      .getByRole('link', { name: entry });
    const screenCode = (paths: string[]) => paths.filter((p) => p.includes(`/assets/${chunk}-`));
    const read = (paths: string[]) =>
      paths.filter((p) => new RegExp(`/${list}(/summary)?$`).test(p)).length;
    const onHover = recordRequests(page);
    await link.hover();
    // Hovering asks for the screen's code, then its summary and first page (and the code of the
    // schemas that parse them).
    await expect.poll(() => read(onHover)).toBe(2);
    await page.waitForLoadState('networkidle');
    expect(screenCode(onHover)).toHaveLength(1);
    const onClick = recordRequests(page);
    await link.click();
    await expect(page.getByText(shown).first()).toBeVisible();
    // What the screen paints came from memory; cards further down may read their own data.
    expect(screenCode(onClick)).toEqual([]);
    expect(read(onClick)).toBe(0);
  });
}
