// Issue 39 item 3 (ADR 067): a billing user pays an invoice online and sees it paid, with a
// receipt. Against a second server with online payment on (serve-stripe.ts), whose Stripe is
// the local stand-in: this machine cannot reach Stripe, so its Checkout page is the stand-in's,
// which posts the signed events to the server's webhook as Stripe would.
import { spawn, type ChildProcess } from 'node:child_process';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { look } from './fixtures/look.ts';
import { STAFF_EMAIL, unique } from './fixtures/staff.ts';
import { mailFiles, readSinkMail } from './fixtures/sign-in.ts';
import type { DoorSession } from './session-door.ts';
import { stripeE2e } from './ports.ts';

const base = stripeE2e.baseUrl;
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Node itself (tsx as its loader), not npx: its exit is the server's, so the next start
  // (each repeat of the spec) never meets the last one's port or database still closing.
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/serve-stripe.ts'], {
    env: process.env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server = child;
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  await expect
    .poll(
      async () => {
        if (exited !== undefined) throw new Error(`serve-stripe.ts exited with ${exited}`);
        return (await fetch(`${base}/api/health`).catch(() => null))?.status;
      },
      { timeout: 150_000, intervals: [250] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // SIGTERM: the server closes its listener and its database before it exits.
  child.kill('SIGTERM');
  await exited;
});

async function doorSession(email: string): Promise<DoorSession> {
  const res = await fetch(`http://127.0.0.1:${stripeE2e.ports.sessions}/`, {
    method: 'POST',
    body: JSON.stringify({ email, firstStepOnly: false, minutesAgo: 0 }),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as DoorSession;
}

async function staffApi(): Promise<APIRequestContext> {
  const { name, value } = await doorSession(STAFF_EMAIL);
  return request.newContext({ baseURL: base, extraHTTPHeaders: { cookie: `${name}=${value}` } });
}

/** A billing user of a new company, and an issued invoice of 250.00 + 20 % tax to it. */
async function billingUserWithInvoice() {
  const staff = await staffApi();
  try {
    const id = unique();
    const company = await staff.post('/api/staff/customers', { data: { name: `Payer Co ${id}` } });
    expect(company.status()).toBe(201);
    const companyId = ((await company.json()) as { id: string }).id;
    const email = `casey.${id}@payer.example`;
    const member = await staff.post(`/api/staff/customers/${companyId}/users`, {
      data: { email, firstName: 'Casey', lastName: 'Payer', role: 'billing' },
    });
    expect(member.status(), await member.text()).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const draft = await staff.post(`/api/staff/customers/${companyId}/invoice-drafts`, {
      data: {
        number: `ONL-${id}`,
        description: 'Managed firewall, November',
        issueDate: today,
        dueDate: today,
        lines: [{ description: 'Managed firewall', quantity: 1, unitPrice: 250, taxRate: 20 }],
      },
    });
    expect(draft.status(), await draft.text()).toBe(201);
    const invoiceId = ((await draft.json()) as { id: string }).id;
    expect((await staff.post(`/api/staff/invoices/${invoiceId}/issue`)).status()).toBe(200);
    return { email, number: `ONL-${id}` };
  } finally {
    await staff.dispose();
  }
}

async function signIn(page: Page, email: string) {
  const session = await doorSession(email);
  await page
    .context()
    .addCookies([
      { name: session.name, value: session.value, url: base, httpOnly: true, sameSite: 'Lax' },
    ]);
}

type Mail = { to: string[]; subject: string; text: string };

/** The receipt, among the mails the sink holds for `to` (the invoice.paid notice goes too). */
async function mailWithSubject(to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      for (const file of await mailFiles()) {
        const mail = await readSinkMail<Mail>(file);
        if (mail?.to.includes(to) && mail.subject === subject) found = mail;
      }
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

test('a billing user pays an invoice through Checkout and sees it paid, with a receipt', async ({
  page,
}) => {
  const { email, number } = await billingUserWithInvoice();
  await signIn(page, email);
  await page.goto(`${base}/portal/invoices`);
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row.getByText('Pending')).toBeVisible();
  await look(page, 'invoice-pay-online-before', [1280, 768, 390]);

  const [checkout] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: `Pay invoice ${number}` }).click(),
  ]);
  // Stripe's page (the stand-in's): the open balance, card or the bank debit of USD.
  await expect(checkout.getByText('USD 30000 (minor units)')).toBeVisible();
  await checkout.getByRole('button', { name: 'Pay by card' }).click();

  // Back on the portal's invoices screen, after the verified webhook recorded the payment.
  await checkout.waitForURL((url) => url.pathname === '/portal/invoices');
  // Told what happened, once: the address then loses `payment=done` (a reload says nothing).
  await expect(checkout.getByTestId('toast').getByText('Thank you for your payment')).toBeVisible();
  // The webhook came first, so the notice says it is paid, not that it will be.
  await expect(checkout.getByTestId('toast').getByText(`Invoice ${number} is Paid.`)).toBeVisible();
  await expect.poll(() => new URL(checkout.url()).searchParams.has('payment')).toBe(false);
  expect(new URL(checkout.url()).searchParams.has('invoice')).toBe(false);
  const paidRow = checkout.getByRole('row', { name: new RegExp(number) });
  await expect(paidRow.getByText('Paid')).toBeVisible();
  await expect(checkout.getByRole('button', { name: `Pay invoice ${number}` })).toHaveCount(0);
  // The new balance: nothing outstanding.
  await expect(
    checkout.getByRole('group', { name: 'Outstanding Balance', exact: true }),
  ).toHaveText('Outstanding Balance$0.00');
  await look(checkout, 'invoice-pay-online-paid', [1280, 768, 390]);

  const receipt = await mailWithSubject(
    email,
    `Receipt for your payment of USD 300.00 (invoice ${number})`,
  );
  expect(receipt.text).toMatch(/Amount paid: USD 300\.00/);
  expect(receipt.text).toMatch(/Balance left: USD 0\.00/);
});

test('a billing user sets up autopay with a saved card, and can turn it off', async ({ page }) => {
  const { email } = await billingUserWithInvoice();
  await signIn(page, email);
  await page.goto(`${base}/portal/invoices`);
  const card = page.getByRole('heading', { name: 'Autopay' }).locator('../..');
  await expect(card).toContainText('Save a card or bank account');
  await look(page, 'invoice-autopay-none', [1280, 768, 390]);
  await card.getByRole('link', { name: 'Set Up Autopay' }).click();
  // Stripe's page in setup mode (the stand-in's): saving the card posts setup_intent.succeeded.
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.waitForURL((url) => url.pathname === '/portal/invoices');
  await expect(page.getByTestId('toast').getByText('Payment method saved')).toBeVisible();
  const autopay = page.getByRole('switch', { name: 'Autopay' });
  await expect(autopay).toBeChecked();
  await expect(card.getByRole('link', { name: 'Change Payment Method' })).toBeVisible();
  await look(page, 'invoice-autopay-on', [1280, 768, 390]);
  await autopay.click();
  await expect(page.getByTestId('toast').getByText('Autopay turned off')).toBeVisible();
  await expect(autopay).not.toBeChecked();
});
