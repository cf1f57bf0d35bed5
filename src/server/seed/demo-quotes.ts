// The demo's quote (ADR 072): one sent to each demo company's admin, awaiting a signature, so
// the portal's quote screen has something to show (and the file-answer tests a PDF to fetch).
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { quoteLines, quotes } from '../db/schema.ts';
import { renderQuotePdf } from '../services/quotes/quote-pdf.ts';
import { sha256Hex } from '../services/quotes/quote-sending.ts';

const DAY_MS = 86_400_000;

export async function seedDemoQuote(
  tx: Tx,
  c: { customerId: string; userId: string; staffId: string; number: string },
): Promise<void> {
  const lines = [
    {
      description: 'Firewall appliance, 3-year licence',
      quantityMilli: 1000,
      unitPriceMinor: 289_000,
      taxRateBp: 2000,
    },
    {
      description: 'Installation and configuration, hours',
      quantityMilli: 6000,
      unitPriceMinor: 12_500,
      taxRateBp: 0,
    },
  ];
  const [draft] = await tx
    .insert(quotes)
    .values({
      customerId: c.customerId,
      number: c.number,
      title: 'Perimeter firewall upgrade',
      currency: 'USD',
      // 2,890.00 + 20 % tax 578.00 + 750.00 = 4,218.00
      totalMinor: 421_800,
      terms: 'Half on acceptance, half on completion. Hardware delivered within 10 working days.',
      validUntil: new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10),
      projectName: 'Perimeter firewall upgrade',
      createInvoice: true,
      createdBy: c.staffId,
    })
    .returning();
  if (!draft) throw new Error('demo quote not created');
  await tx
    .insert(quoteLines)
    .values(lines.map((l, i) => ({ ...l, quoteId: draft.id, position: i + 1 })));
  const pdf = await renderQuotePdf(tx, { ...draft, version: 1 });
  await tx
    .update(quotes)
    .set({
      state: 'sent',
      version: 1,
      sentTo: c.userId,
      sentAt: new Date(),
      documentPdf: pdf,
      documentSha256: sha256Hex(pdf),
    })
    .where(eq(quotes.id, draft.id));
}
