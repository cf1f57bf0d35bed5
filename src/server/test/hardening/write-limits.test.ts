import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tickets } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { sessionCookieFor } from '../sign-in.ts';
import { useStaffTestApp } from '../staff-test-app.ts';

// Outside attack of 2026-11-28: the customers' write limit counted per address, so one
// company's users spent every company's budget behind one NAT (F3); staff replies, each mailing
// up to ten addresses in copy, had no limit at all (F4). A tenth of the limits: 3 customer
// writes and 6 staff replies a minute.
describe('write limits', () => {
  const t = useStaffTestApp({ config: { rateLimitScale: 0.1 } });

  const openTicketOf = async (customerId: string) => {
    const [row] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.customerId, customerId), ne(tickets.status, 'closed')))
      .limit(1);
    return row!.id;
  };

  it("counts a customer's writes per user: another company's user at the same address still writes", async () => {
    const acmeTicket = await openTicketOf(t.ctx.acmeId);
    const reply = (cookie: string, customerId: string, ticketId: string) =>
      t.request(
        'POST',
        `/api/customers/${customerId}/tickets/${ticketId}/replies`,
        { message: 'Any news?' },
        cookie,
      );
    for (let i = 0; i < 3; i += 1) {
      expect((await reply(t.ctx.customerCookie, t.ctx.acmeId, acmeTicket)).statusCode).toBe(201);
    }
    const over = await reply(t.ctx.customerCookie, t.ctx.acmeId, acmeTicket);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^Too many requests/);

    const sam = await sessionCookieFor(t.app, DEMO_USERS.globex);
    const globexTicket = await openTicketOf(t.ctx.globexId);
    expect((await reply(sam, t.ctx.globexId, globexTicket)).statusCode).toBe(201);
  });

  it('limits the replies of a staff member, whose every reply sends mail', async () => {
    const ticket = await openTicketOf(t.ctx.globexId);
    const reply = () =>
      t.request('POST', `/api/staff/tickets/${ticket}/replies`, { message: 'Looking into it.' });
    for (let i = 0; i < 6; i += 1) expect((await reply()).statusCode).toBe(201);
    expect((await reply()).statusCode).toBe(429);
  });
});
