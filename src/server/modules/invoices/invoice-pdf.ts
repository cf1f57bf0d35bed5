import type { Db } from '../../db/client.ts';
import { invoicePdfContent } from './invoice-pdf-content.ts';
import { drawInvoicePdf } from './invoice-pdf-layout.ts';

/** Renders one of the company's invoices as a PDF; 404 when it is not that company's. */
export async function renderInvoicePdf(
  db: Db,
  customerId: string,
  invoiceId: string,
  payOnlineAt?: string,
): Promise<{ number: string; pdf: Buffer }> {
  const content = await invoicePdfContent(db, customerId, invoiceId, payOnlineAt);
  return { number: content.number, pdf: await drawInvoicePdf(content) };
}
