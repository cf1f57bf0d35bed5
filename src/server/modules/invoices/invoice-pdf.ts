import { and, eq } from 'drizzle-orm';
import { company, companyAddressLine } from '../../../shared/company.ts';
import { formatCurrency, formatDate } from '../../../shared/format.ts';
import type { Db } from '../../db/client.ts';
import { customers, invoices } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { renderPdf } from '../../lib/pdf.ts';

const STATUS_LABEL = { paid: 'Paid', pending: 'Pending', overdue: 'Overdue' } as const;

/** Renders one of the company's invoices as a PDF; 404 when it is not that company's. */
export async function renderInvoicePdf(
  db: Db,
  customerId: string,
  invoiceId: string,
): Promise<{ number: string; pdf: Buffer }> {
  const [row] = await db
    .select({
      number: invoices.number,
      description: invoices.description,
      amount: invoices.amount,
      status: invoices.status,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      paymentUrl: invoices.paymentUrl,
      customerName: customers.name,
      customerAddress: customers.address,
      customerEmail: customers.email,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.customerId, customerId)))
    .limit(1);
  if (!row) throw notFound('Invoice not found');
  const pdf = await renderPdf(`Invoice ${row.number}`, [
    {
      heading: company.name,
      lines: [companyAddressLine, `${company.phone} · ${company.salesEmail}`],
    },
    {
      heading: 'Bill To',
      lines: [row.customerName, row.customerAddress, row.customerEmail].filter(
        (l): l is string => !!l,
      ),
    },
    {
      heading: 'Invoice',
      lines: [
        `Invoice #: ${row.number}`,
        `Issue Date: ${formatDate(row.issueDate)}`,
        `Due Date: ${formatDate(row.dueDate)}`,
        `Status: ${STATUS_LABEL[row.status]}`,
      ],
    },
    { heading: 'Description', lines: [row.description] },
    {
      heading: 'Amount',
      lines: [
        `Total: ${formatCurrency(Number(row.amount))} USD`,
        ...(row.paymentUrl && row.status !== 'paid' ? [`Pay online: ${row.paymentUrl}`] : []),
      ],
    },
  ]);
  return { number: row.number, pdf };
}
