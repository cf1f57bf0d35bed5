import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  agreements,
  invoiceLines,
  invoices,
  recurringInvoiceRuns,
  recurringInvoices,
} from '../db/schema.ts';
import type { Agreement } from '../../shared/schemas/agreements.ts';
import type { StaffInvoiceDocument } from '../../shared/schemas/invoice-documents.ts';
import type { RecurringInvoice } from '../../shared/schemas/recurring-invoices.ts';
import { useStaffTestApp } from '../test/staff-test-app.ts';

/** Issue 39 item 1 (ADR 066 addendum): a draft's line may name an agreement of its company. */
describe('invoice lines naming an agreement', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let serial = 0;

  const agreement = async (customerId: string, name: string) => {
    const res = await t.request('POST', `/api/staff/customers/${customerId}/agreements`, {
      name,
      type: 'retainer',
      startsOn: '2030-01-01',
      hours: 20,
      rolloverMonths: 0,
      hourlyRate: 120,
      overageRate: 150,
      timeZone: 'Europe/London',
      services: ['help-desk-services'],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Agreement>();
  };
  const body = (agreementId: string | null, number = `AGR-${++serial}`) => ({
    number,
    description: 'Retainer, January',
    issueDate: '2030-02-01',
    dueDate: '2030-03-01',
    lines: [
      { description: 'Retainer', quantity: 1, unitPrice: 2400, taxRate: 0, agreementId },
      { description: 'Call-out', quantity: 1, unitPrice: 80, taxRate: 0 },
    ],
  });
  const draft = async (agreementId: string | null) => {
    const res = await t.request(
      'POST',
      `/api/staff/customers/${ctx.acmeId}/invoice-drafts`,
      body(agreementId),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<StaffInvoiceDocument>();
  };
  const read = async (id: string) => {
    const res = await t.request('GET', `/api/staff/invoices/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StaffInvoiceDocument>();
  };
  const numbered = (number: string) =>
    t.app.db.select().from(invoices).where(eq(invoices.number, number));

  it("saves a line with the company's agreement and reads it back, an ended one too", async () => {
    const retainer = await agreement(ctx.acmeId, 'Line retainer');
    const made = await draft(retainer.id);
    const [first, second] = (await read(made.id)).lines;
    expect(first).toMatchObject({ agreementId: retainer.id, agreementName: 'Line retainer' });
    expect(second).toMatchObject({ agreementId: null, agreementName: null });

    // A final bill: the agreement has ended, and a draft may still name it.
    const ended = await t.request('PATCH', `/api/staff/agreements/${retainer.id}`, {
      status: 'ended',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const res = await t.request('PUT', `/api/staff/invoices/${made.id}/draft`, {
      ...body(retainer.id, made.number),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffInvoiceDocument>().lines[0]?.agreementId).toBe(retainer.id);
  });

  it("refuses another company's agreement or an unknown one with 400, writing nothing", async () => {
    const theirs = await agreement(ctx.globexId, 'Globex retainer');
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const number = `AGR-${++serial}`;
      const res = await t.request(
        'POST',
        `/api/staff/customers/${ctx.acmeId}/invoice-drafts`,
        body(id, number),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: 'Agreement not found' });
      expect(await numbered(number)).toHaveLength(0);
    }

    // An edit naming it is refused too, and the draft keeps its lines.
    const made = await draft(null);
    const res = await t.request('PUT', `/api/staff/invoices/${made.id}/draft`, {
      ...body(theirs.id, made.number),
      description: 'Changed',
    });
    expect(res.statusCode, res.body).toBe(400);
    const kept = await read(made.id);
    expect(kept.description).toBe('Retainer, January');
    expect(kept.lines.map((l) => l.agreementId)).toEqual([null, null]);
  });

  it('leaves the line without its agreement once the agreement is deleted', async () => {
    const gone = await agreement(ctx.acmeId, 'Deleted retainer');
    const made = await draft(gone.id);
    await t.app.db.delete(agreements).where(eq(agreements.id, gone.id));
    const [line] = (await read(made.id)).lines;
    expect(line).toMatchObject({ agreementId: null, agreementName: null, amount: 2400 });
  });

  it("a recurring template's line names one too, and each invoice it makes carries it", async () => {
    const retainer = await agreement(ctx.acmeId, 'Recurring retainer');
    const theirs = await agreement(ctx.globexId, 'Their retainer');
    const template = (agreementId: string, name: string) => ({
      name,
      lines: [{ description: 'Retainer', quantity: 1, unitPrice: 2400, taxRate: 0, agreementId }],
      cadence: 'monthly',
      runDay: 1,
      timeZone: 'UTC',
      paymentTermsDays: 14,
      action: 'draft',
      startsOn: '2031-01-01',
    });
    const url = `/api/staff/customers/${ctx.acmeId}/recurring-invoices`;
    const refused = await t.request('POST', url, template(theirs.id, 'Refused schedule'));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({ message: 'Agreement not found' });
    expect(
      await t.app.db
        .select()
        .from(recurringInvoices)
        .where(eq(recurringInvoices.name, 'Refused schedule')),
    ).toHaveLength(0);

    const res = await t.request('POST', url, template(retainer.id, 'Agreement schedule'));
    expect(res.statusCode, res.body).toBe(201);
    const schedule = res.json<RecurringInvoice>();
    expect(schedule.lines[0]?.agreementId).toBe(retainer.id);
    try {
      await t.app.sweepRecurringInvoices(new Date('2031-01-01T00:00:00Z'));
      const made = await t.app.db
        .select({ agreementId: invoiceLines.agreementId })
        .from(recurringInvoiceRuns)
        .innerJoin(invoiceLines, eq(invoiceLines.invoiceId, recurringInvoiceRuns.invoiceId))
        .where(eq(recurringInvoiceRuns.scheduleId, schedule.id));
      expect(made).toEqual([{ agreementId: retainer.id }]);
    } finally {
      await t.app.db.delete(recurringInvoices).where(eq(recurringInvoices.id, schedule.id));
    }
  });
});
