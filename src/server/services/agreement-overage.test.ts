import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  agreementOverageClaims,
  customers,
  invoiceLines,
  recurringInvoices,
} from '../db/schema.ts';
import type { Agreement, AgreementInput } from '../../shared/schemas/agreements.ts';
import type { StaffInvoiceDocument } from '../../shared/schemas/invoice-documents.ts';
import type { StaffTimeEntry } from '../../shared/schemas/time-entries.ts';
import type { UnbilledTime } from '../../shared/schemas/unbilled-time.ts';
import { useStaffTestApp } from '../test/staff-test-app.ts';
import { TIME_ENTRY_COVERED } from './invoice-time.ts';

/**
 * Issue 40 item 2 (ADR 074): a closed period's billable overage becomes one invoice line on the
 * company's next invoice — a staff draft or the recurring run — once, whatever runs at once.
 */
describe('agreement overage on the next invoice', () => {
  const t = useStaffTestApp();
  const call = t.request;
  let serial = 0;

  /** A company of its own, so no other test's invoices or hours mix in. */
  const company = async () => {
    const [row] = await t.app.db
      .insert(customers)
      .values({ name: `Overage Co ${++serial}` })
      .returning({ id: customers.id });
    return row!.id;
  };
  const agreement = async (customerId: string, over: Partial<AgreementInput> = {}) => {
    const res = await call('POST', `/api/staff/customers/${customerId}/agreements`, {
      name: 'Support retainer',
      type: 'retainer',
      startsOn: '2025-01-01',
      hours: 10,
      rolloverMonths: 1,
      hourlyRate: 120,
      overageRate: 150,
      timeZone: 'America/Chicago',
      ...over,
    } satisfies AgreementInput);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Agreement>().id;
  };
  const log = async (
    customerId: string,
    agreementId: string | null,
    workDate: string,
    hours: number,
    billable = true,
  ) => {
    const res = await call('POST', `/api/staff/customers/${customerId}/time-entries`, {
      workDate,
      hours,
      billable,
      agreementId,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<StaffTimeEntry>().id;
  };
  const draftBody = (over: object = {}) => ({
    number: `OVR-${++serial}`,
    description: 'Services',
    issueDate: '2026-01-05',
    dueDate: '2026-02-05',
    lines: [{ description: 'Help desk', quantity: 1, unitPrice: 500, taxRate: 10 }],
    ...over,
  });
  const draft = (customerId: string) =>
    call('POST', `/api/staff/customers/${customerId}/invoice-drafts`, draftBody());
  const overageLines = (doc: StaffInvoiceDocument) =>
    doc.lines.filter((l) => l.description.startsWith('Overage:'));
  /** The stored id of an invoice's line (the document names lines by position). */
  const lineIdAt = async (invoiceId: string, position: number) => {
    const [row] = await t.app.db
      .select({ id: invoiceLines.id })
      .from(invoiceLines)
      .where(and(eq(invoiceLines.invoiceId, invoiceId), eq(invoiceLines.position, position)));
    return row?.id;
  };
  const claims = (agreementId: string) =>
    t.app.db
      .select()
      .from(agreementOverageClaims)
      .where(eq(agreementOverageClaims.agreementId, agreementId));

  /** January: 4 of 10 h (6 roll over); February: 20 h of 10 + 6 = 4 h over; March: only non-billable. */
  async function retainerWithOverage() {
    const customerId = await company();
    const id = await agreement(customerId);
    await log(customerId, id, '2025-01-15', 4);
    await log(customerId, id, '2025-02-10', 12);
    await log(customerId, id, '2025-02-28', 8);
    await log(customerId, id, '2025-03-03', 24, false);
    await log(customerId, id, '2025-03-04', 24, false);
    return { customerId, id };
  }

  it("bills February's overage after rollover as one line, once; non-billable time and T&M bill none", async () => {
    const { customerId, id } = await retainerWithOverage();
    const tm = await agreement(customerId, {
      name: 'Projects T&M',
      type: 'time-and-materials',
      hours: null,
      rolloverMonths: 0,
    });
    await log(customerId, tm, '2025-02-11', 9);

    const first = await draft(customerId);
    expect(first.statusCode, first.body).toBe(201);
    const doc = first.json<StaffInvoiceDocument>();
    expect(overageLines(doc)).toEqual([
      expect.objectContaining({
        description: 'Overage: Support retainer, 2025-02-01 to 2025-02-28, 4 h over 16 h',
        quantity: 4,
        unitPrice: 150,
        taxRate: 10,
        agreementId: id,
      }),
    ]);
    // 500 + 4 × 150 = 1100, plus 10 % tax.
    expect(doc.amount).toBe(1210);
    const [claim, ...more] = await claims(id);
    expect(more).toEqual([]);
    expect(claim).toMatchObject({
      periodStart: '2025-02-01',
      overageCenti: 400,
      invoiceId: doc.id,
    });
    expect(claim?.invoiceLineId).toBe(await lineIdAt(doc.id, 2));

    // The next invoice has nothing left to bill.
    const second = await draft(customerId);
    expect(overageLines(second.json<StaffInvoiceDocument>())).toEqual([]);
    expect(await claims(tm)).toEqual([]);
  });

  it('bills a prepaid block once it is over: past its end date, or ended by staff', async () => {
    const customerId = await company();
    const dated = await agreement(customerId, {
      name: 'Block 2025',
      type: 'prepaid',
      hours: 5,
      rolloverMonths: 0,
      startsOn: '2025-01-01',
      endsOn: '2025-06-30',
    });
    await log(customerId, dated, '2025-03-01', 7.5);
    const open = await agreement(customerId, {
      name: 'Open block',
      type: 'prepaid',
      hours: 2,
      rolloverMonths: 0,
      startsOn: '2025-01-01',
    });
    await log(customerId, open, '2025-04-01', 3);
    // Not over yet: only the dated block's overage is billed.
    const first = (await draft(customerId)).json<StaffInvoiceDocument>();
    expect(overageLines(first).map((l) => [l.description, l.quantity])).toEqual([
      ['Overage: Block 2025, 2025-01-01 to 2025-06-30, 2.5 h over 5 h', 2.5],
    ]);
    const ended = await call('PATCH', `/api/staff/agreements/${open}`, { status: 'ended' });
    expect(ended.statusCode, ended.body).toBe(200);
    const second = (await draft(customerId)).json<StaffInvoiceDocument>();
    expect(overageLines(second)).toEqual([
      expect.objectContaining({ quantity: 1, agreementId: open }),
    ]);
    expect(overageLines(second)[0]?.description).toMatch(
      /^Overage: Open block, 2025-01-01 to \d{4}-\d{2}-\d{2}, 1 h over 2 h$/,
    );
  });

  it('two invoices made at once bill the overage once', async () => {
    for (let round = 0; round < 4; round++) {
      const { customerId, id } = await retainerWithOverage();
      const answers = await Promise.all([draft(customerId), draft(customerId)]);
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
      const lines = answers.flatMap((r) => overageLines(r.json<StaffInvoiceDocument>()));
      expect(lines).toHaveLength(1);
      expect(await claims(id)).toHaveLength(1);
    }
  });

  it('the recurring run bills it on its invoice, racing a staff draft: once in all', async () => {
    const { customerId, id } = await retainerWithOverage();
    const made = await call('POST', `/api/staff/customers/${customerId}/recurring-invoices`, {
      name: 'Monthly retainer',
      lines: [{ description: 'Retainer fee', quantity: 1, unitPrice: 1000, taxRate: 0 }],
      cadence: 'monthly',
      runDay: 1,
      timeZone: 'UTC',
      paymentTermsDays: 14,
      action: 'draft',
      startsOn: '2025-04-01',
    });
    expect(made.statusCode, made.body).toBe(201);
    const scheduleId = made.json<{ id: string }>().id;
    try {
      const [, staffDraft] = await Promise.all([
        t.app.sweepRecurringInvoices(new Date('2025-04-01T12:00:00Z')),
        draft(customerId),
      ]);
      expect(staffDraft.statusCode, staffDraft.body).toBe(201);
      const [claim, ...more] = await claims(id);
      expect(more).toEqual([]);
      const billedOn = await call('GET', `/api/staff/invoices/${claim!.invoiceId}`);
      expect(overageLines(billedOn.json<StaffInvoiceDocument>())).toHaveLength(1);
      const staffLines = overageLines(staffDraft.json<StaffInvoiceDocument>());
      expect(staffLines).toHaveLength(
        claim!.invoiceId === staffDraft.json<{ id: string }>().id ? 1 : 0,
      );
    } finally {
      await t.app.db.delete(recurringInvoices).where(eq(recurringInvoices.id, scheduleId));
    }
  });

  it('a void invoice frees its overage for the next; a draft edit keeps the claim on its line, or waives it', async () => {
    const { customerId, id } = await retainerWithOverage();
    const first = (await draft(customerId)).json<StaffInvoiceDocument>();
    const voided = await call('POST', `/api/staff/invoices/${first.id}/void`, { reason: 'Redo' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await claims(id)).toEqual([]);

    const again = (await draft(customerId)).json<StaffInvoiceDocument>();
    expect(overageLines(again)).toHaveLength(1);
    const lines = again.lines.map((l) => ({ ...l, timeEntryIds: [] }));
    const kept = await call('PUT', `/api/staff/invoices/${again.id}/draft`, {
      ...draftBody({ number: again.number, lines }),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const keptLine = overageLines(kept.json<StaffInvoiceDocument>())[0];
    expect((await claims(id))[0]?.invoiceLineId).toBe(await lineIdAt(again.id, keptLine!.position));

    // Staff delete the line: the overage is waived, not billed on the next invoice.
    const waived = await call('PUT', `/api/staff/invoices/${again.id}/draft`, {
      ...draftBody({ number: again.number }),
    });
    expect(waived.statusCode, waived.body).toBe(200);
    expect(await claims(id)).toEqual([
      expect.objectContaining({ invoiceId: again.id, invoiceLineId: null }),
    ]);
    expect(overageLines((await draft(customerId)).json<StaffInvoiceDocument>())).toEqual([]);
  });

  it("keeps a retainer's hours out of Add Unbilled Time (its fee and overage bill them); T&M and unlinked hours stay", async () => {
    const { customerId, id } = await retainerWithOverage();
    const tm = await agreement(customerId, {
      name: 'T&M',
      type: 'time-and-materials',
      hours: null,
      rolloverMonths: 0,
    });
    const onTm = await log(customerId, tm, '2025-05-02', 2);
    const loose = await log(customerId, null, '2025-05-03', 1);
    const res = await call('GET', `/api/staff/customers/${customerId}/unbilled-time`);
    expect(res.json<UnbilledTime>().entries.map((e) => e.id)).toEqual([onTm, loose]);

    const covered = await log(customerId, id, '2025-05-04', 1);
    const refused = await call(
      'POST',
      `/api/staff/customers/${customerId}/invoice-drafts`,
      draftBody({
        lines: [
          { description: 'Time', quantity: 1, unitPrice: 120, taxRate: 0, timeEntryIds: [covered] },
        ],
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: TIME_ENTRY_COVERED });
    expect(
      await t.app.db
        .select()
        .from(agreementOverageClaims)
        .where(and(eq(agreementOverageClaims.agreementId, id))),
    ).toEqual([]);
  });
});
