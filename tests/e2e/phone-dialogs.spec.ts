// Review V4 (issue 36): on a phone a tall dialog opened with its buttons cut in half at the
// bottom edge. Its buttons now stay pinned to the dialog's bottom edge while the form scrolls.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { USERS, openPortal } from './fixtures/portal.ts';

/** The phones looked at: a common one and a short one (iPhone SE). */
const PHONES = [
  { width: 390, height: 844 },
  { width: 375, height: 667 },
];

/** The button lies wholly inside the viewport and nothing covers its middle. */
async function expectWhollyVisible(page: Page, button: Locator) {
  const box = await button.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'the button is laid out').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  const onTop = await button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });
  expect(onTop, 'nothing covers the button').toBe(true);
}

for (const phone of PHONES) {
  test.describe(`${phone.width}x${phone.height}`, () => {
    test.use({ viewport: phone });

    test('New Ticket: Cancel and Create Ticket are whole, also after every field error', async ({
      page,
    }) => {
      await openPortal(page, USERS.acme, '/portal/tickets');
      await page.getByRole('button', { name: 'New Ticket' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Ticket' });
      await expect(dialog).toBeVisible();
      for (const name of ['Cancel', 'Create Ticket']) {
        await expectWhollyVisible(page, dialog.getByRole('button', { name }));
      }
      await dialog.getByRole('button', { name: 'Create Ticket' }).click();
      await expect(dialog.getByText('Subject is required')).toBeVisible();
      await expectWhollyVisible(page, dialog.getByRole('button', { name: 'Create Ticket' }));
    });

    test('Request a Quote: Submit Request is whole, also after the field errors', async ({
      page,
    }) => {
      await page.goto('/services/cloud-solutions');
      await page.getByRole('link', { name: 'Request a Quote' }).click();
      const dialog = page.getByRole('dialog', { name: 'Request a Quote' });
      await expect(dialog).toBeVisible();
      const submit = dialog.getByRole('button', { name: 'Submit Request' });
      await expectWhollyVisible(page, submit);
      await submit.click();
      await expect(dialog.getByText('Name is required')).toBeVisible();
      await expectWhollyVisible(page, submit);
    });
  });
}
