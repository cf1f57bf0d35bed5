import AxeBuilder from '@axe-core/playwright';
import { startReceiver } from '../../src/server/test/webhook-receiver.ts';
import { verifyWebhookSignature } from '../../src/server/services/webhook-signature.ts';
import { expect, test } from './fixtures/test.ts';
import { STAFF_EMAIL } from './fixtures/staff.ts';
import { signedInPage } from './fixtures/session.ts';

test('staff register a webhook, copy its secret, send a test event and see it in the log', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const receiver = await startReceiver();
  try {
    const staff = await signedInPage(browser, STAFF_EMAIL);
    await staff.goto('/staff');
    await staff
      .getByRole('navigation', { name: 'Staff' })
      .getByRole('link', { name: 'Webhooks' })
      .click();
    await expect(staff.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();

    await staff.getByRole('button', { name: 'New Webhook' }).click();
    const dialog = staff.getByRole('dialog', { name: 'New Webhook' });
    await dialog.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await dialog.getByRole('button', { name: 'Create Webhook' }).click();
    await expect(dialog).toContainText('Choose at least one event');
    await dialog.getByLabel('invoice.paid').check();
    await dialog.getByLabel('ticket.created').check();
    await dialog.getByRole('button', { name: 'Create Webhook' }).click();

    const shown = staff.getByRole('dialog', { name: 'Copy the Signing Secret' });
    const secret = await shown.getByRole('textbox').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(staff.locator('body')).not.toContainText(secret);

    const row = staff.getByRole('row', { name: new RegExp(receiver.url.replace(/[.]/g, '\\.')) });
    await expect(row).toContainText('invoice.paid, ticket.created');
    await row.getByRole('button', { name: `Send test event to ${receiver.url}` }).click();
    await expect(staff.getByTestId('toast')).toContainText('Test Event Sent');

    const log = staff.getByRole('table', { name: 'Deliveries' });
    await expect(log.getByRole('row', { name: /webhook\.test/ })).toContainText('Delivered', {
      timeout: 15_000,
    });
    await expect(log).toContainText('200');
    const got = receiver.received.at(-1);
    expect(
      got && verifyWebhookSignature(secret, got.body, String(got.headers['x-signature'])),
    ).toBe(true);

    await expect(row).toContainText('Delivered (200)', { timeout: 10_000 });
    const { violations } = await new AxeBuilder({ page: staff }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await row.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    await staff.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(staff.getByTestId('toast').last()).toContainText('Webhook Deleted');
    await expect(row).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
