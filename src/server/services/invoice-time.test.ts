import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceLines, invoices, timeEntries } from '../db/schema.ts';
import type { StaffInvoiceDocument } from '../../shared/schemas/invoice-documents.ts';
import type { StaffTimeEntry } from '../../shared/schemas/time-entries.ts';
import type { UnbilledTime } from '../../shared/schemas/unbilled-time.ts';
import { useStaffTestApp } from '../test/staff-test-app.ts';

/** Issue 39 item 1 (ADR 066 addendum): invoice lines billing logged hours, each entry once. */
describe('invoice lines from time entries', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let serial = 0;
  // Each test logs its hours on its own day of January five years back, so the seeded hours
  // never mix in (a work date may be up to ten years old).
  const year = new Date().getUTCFullYear() - 5;
  let day = 0;
  const nextDay = () => `${year}-01-${String(++day).padStart(2, '0')}`;

  const log = async (hours: number, workDate: string, customerId = ctx.acmeId, billable = true) => {
    const res = await t.request('POST', `/api/staff/customers/${customerId}/time-entries`, {
      workDate,
      hours,
      billable,
      description: `Work of ${workDate}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<StaffTimeEntry>().id;
  };
  const unbilled = async (query: string, customerId = ctx.acmeId) => {
    const res = await t.request('GET', `/api/staff/customers/${customerId}/unbilled-time?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<UnbilledTime>().entries.map((e) => e.id);
  };
  const body = (timeEntryIds: string[], over: object = {}) => ({
    number: `TIME-${++serial}`,
    description: 'Hours, January',
    issueDate: `${year}-02-01`,
    dueDate: `${year}-03-01`,
    lines: [{ description: 'Time: hours', quantity: 1, unitPrice: 100, taxRate: 0, timeEntryIds }],
    ...over,
  });
  const createDraft = (timeEntryIds: string[], customerId = ctx.acmeId) =>
    t.request('POST', `/api/staff/customers/${customerId}/invoice-drafts`, body(timeEntryIds));
  const draft = async (timeEntryIds: string[]) => {
    const res = await createDraft(timeEntryIds);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<StaffInvoiceDocument>();
  };
  const lineOf = async (entryId: string) => {
    const [row] = await t.app.db
      .select({ line: timeEntries.invoiceLineId })
      .from(timeEntries)
      .where(eq(timeEntries.id, entryId));
    return row?.line ?? null;
  };

  it('lists the unbilled hours by project and dates, and a draft line claims them', async () => {
    const d1 = nextDay();
    const d2 = nextDay();
    const a = await log(1.5, d1);
    const b = await log(2.25, d2);
    expect(await unbilled(`from=${d1}&to=${d2}`)).toEqual([a, b]);
    expect(await unbilled(`from=${d2}&to=${d2}`)).toEqual([b]);

    const doc = await draft([a, b]);
    expect(doc.lines[0]?.timeEntryIds).toEqual([a, b]);
    expect(await unbilled(`from=${d1}&to=${d2}`)).toEqual([]);

    // Saving the draft again with its line keeps the claim.
    const again = await t.request('PUT', `/api/staff/invoices/${doc.id}/draft`, {
      ...body([a, b]),
      number: doc.number,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<StaffInvoiceDocument>().lines[0]?.timeEntryIds).toEqual([a, b]);
    expect(await unbilled(`from=${d1}&to=${d2}`)).toEqual([]);
  });

  it('bills an entry once: a second draft naming it is refused (409) with nothing written', async () => {
    const a = await log(1, nextDay());
    const first = await draft([a]);
    const before = await t.app.db.$count(invoices);
    const res = await createDraft([a]);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(
      `A time entry is already billed on invoice ${first.number}: refresh the unbilled time and try again`,
    );
    expect(await t.app.db.$count(invoices)).toBe(before);
    const [line] = await t.app.db
      .select({ id: invoiceLines.id })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, first.id));
    expect(await lineOf(a)).toBe(line?.id);
  });

  it('two drafts racing for one entry: exactly one claims it, the other gets 409', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await log(1, nextDay());
      const answers = await Promise.all([createDraft([a]), createDraft([a])]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const winner = answers.find((r) => r.statusCode === 201)?.json<StaffInvoiceDocument>();
      const [line] = await t.app.db
        .select({ id: invoiceLines.id })
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, winner?.id ?? ''));
      expect(await lineOf(a)).toBe(line?.id);
    }
  });

  it('frees the entries when the line goes, the draft is voided, or an issued invoice is voided', async () => {
    const a = await log(1, nextDay());
    const b = await log(2, nextDay());
    const doc = await draft([a]);
    // The line replaced by one without hours: the entry is free again.
    const edited = await t.request('PUT', `/api/staff/invoices/${doc.id}/draft`, {
      ...body([]),
      number: doc.number,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await lineOf(a)).toBeNull();

    const voidedDraft = await draft([a]);
    const v1 = await t.request('POST', `/api/staff/invoices/${voidedDraft.id}/void`, {
      reason: 'Drafted twice',
    });
    expect(v1.statusCode, v1.body).toBe(200);
    expect(await lineOf(a)).toBeNull();

    const issued = await draft([a, b]);
    expect((await t.request('POST', `/api/staff/invoices/${issued.id}/issue`)).statusCode).toBe(
      200,
    );
    const v2 = await t.request('POST', `/api/staff/invoices/${issued.id}/void`, {
      reason: 'Wrong rate',
    });
    expect(v2.statusCode, v2.body).toBe(200);
    expect(await lineOf(a)).toBeNull();
    expect(await lineOf(b)).toBeNull();
    // And they are billed again on a new draft.
    await draft([a, b]);
  });

  it('a deleted invoice frees its entries (the link is set null with the line)', async () => {
    const a = await log(1, nextDay());
    const doc = await draft([a]);
    await t.app.db.delete(invoices).where(eq(invoices.id, doc.id));
    expect(await lineOf(a)).toBeNull();
  });

  it('refuses another company’s entry, an unknown one and one named twice (400), writing nothing', async () => {
    const globex = await log(1, nextDay(), ctx.globexId);
    const a = await log(1, nextDay());
    const before = await t.app.db.$count(invoices);
    const cases: [object, string][] = [
      [body([globex]), 'Time entry not found'],
      [body(['00000000-0000-4000-8000-000000000000']), 'Time entry not found'],
      [body(['not-an-id']), 'Time entry not found'],
      [
        body([], {
          lines: [
            { description: 'One', quantity: 1, unitPrice: 1, timeEntryIds: [a] },
            { description: 'Two', quantity: 1, unitPrice: 1, timeEntryIds: [a] },
          ],
        }),
        'A time entry can be on one line only',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await t.request(
        'POST',
        `/api/staff/customers/${ctx.acmeId}/invoice-drafts`,
        payload,
      );
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    expect(await t.app.db.$count(invoices)).toBe(before);
    const lines = await t.app.db
      .select({ line: timeEntries.invoiceLineId })
      .from(timeEntries)
      .where(inArray(timeEntries.id, [globex, a]));
    expect(lines.every((l) => l.line === null)).toBe(true);
  });

  it('leaves non-billable hours off the unbilled list and refuses them on a line (400)', async () => {
    const d = nextDay();
    const billable = await log(1, d);
    const own = await log(2, d, ctx.acmeId, false);
    expect(await unbilled(`from=${d}&to=${d}`)).toEqual([billable]);
    const before = await t.app.db.$count(invoices);
    const res = await createDraft([own]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      'A non-billable time entry cannot be billed',
    );
    expect(await t.app.db.$count(invoices)).toBe(before);
    expect(await lineOf(own)).toBeNull();
  });

  it('refuses a bad filter (400) and an unknown company (404)', async () => {
    const bad = await t.request(
      'GET',
      `/api/staff/customers/${ctx.acmeId}/unbilled-time?from=${year}-02-02&to=${year}-02-01`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('To date cannot be before the from date');
    const unknown = await t.request(
      'GET',
      '/api/staff/customers/00000000-0000-4000-8000-000000000000/unbilled-time',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('the customer’s invoice does not carry the entries', async () => {
    const a = await log(1, nextDay());
    const doc = await draft([a]);
    expect((await t.request('POST', `/api/staff/invoices/${doc.id}/issue`)).statusCode).toBe(200);
    const res = await t.request(
      'GET',
      `/api/customers/${ctx.acmeId}/invoices?limit=100`,
      undefined,
      ctx.customerCookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain(doc.number);
    expect(res.body).not.toContain(a);
    expect(res.body).not.toContain('timeEntryIds');
  });
});
