import type { Invoice } from '../../shared/schemas/invoices.ts';
import type { StaffTestApp } from './staff-test-app.ts';

/** Acme's invoices as its admin reads them in the portal (the first 100: every test's). */
export async function acmeInvoices(t: StaffTestApp): Promise<Invoice[]> {
  const res = await t.request(
    'GET',
    `/api/customers/${t.ctx.acmeId}/invoices?limit=100`,
    undefined,
    t.ctx.customerCookie,
  );
  return res.json<Invoice[]>();
}
