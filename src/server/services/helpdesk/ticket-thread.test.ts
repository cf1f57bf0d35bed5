import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, ticketMessages } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { appWithMailSink } from '../../test/mail-app.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { enqueueCustomerReplyMail, enqueueTicketUpdateMail } from './ticket-mails.ts';

const newTicket = {
  subject: 'Printer jams on tray 2',
  description: 'Tray 2 jams on every third page.',
  category: 'Hardware',
  department: 'IT Support',
};

describe('ticket mail answers into one thread (through a real SMTP server)', () => {
  const t = appWithMailSink({
    supportEmail: 'desk@meridian.test',
    supportMailbox: 'help@meridian.test',
  });

  it('gives every ticket mail its own recorded Message-ID, the thread headers and Reply-To the support mailbox', async () => {
    const [acme] = await t.app.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.name, 'Acme Logistics'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${acme!.id}/tickets`,
      payload: newTicket,
      headers: { cookie: await sessionCookieFor(t.app, DEMO_USERS.acme) },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    await t.app.mail.flush();
    const root = `<ticket-${id}@localhost>`;

    const [ack] = t.sink.mailsTo(DEMO_USERS.acme);
    expect(ack?.subject).toContain(`[${id}]`);
    expect(ack?.replyTo).toBe('help@meridian.test');
    expect(ack?.autoSubmitted).toBe('auto-generated');
    expect(ack?.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect(ack?.inReplyTo).toBe(root);
    expect(ack?.references).toEqual([root]);
    // Without intake, the desk's answer still goes straight to the customer.
    const [desk] = t.sink.mailsTo('desk@meridian.test');
    expect(desk?.replyTo).toBe(DEMO_USERS.acme);
    expect(desk?.autoSubmitted).toBe('auto-generated');

    // An agent's reply: a person's words (no Auto-Submitted), referring to the earlier mails.
    await t.app.db.transaction((tx) =>
      enqueueTicketUpdateMail(tx, t.config, {
        ticketId: id,
        kind: 'reply',
        author: 'Morgan Hayes',
        message: 'A new roller is on its way.',
      }),
    );
    await t.app.db.transaction((tx) =>
      enqueueTicketUpdateMail(tx, t.config, { ticketId: id, kind: 'status', status: 'pending' }),
    );
    await t.app.mail.flush();
    const [, reply, status] = t.sink.mailsTo(DEMO_USERS.acme);
    expect(reply?.subject).toBe(`[${id}] New reply: ${newTicket.subject}`);
    expect(reply?.autoSubmitted).toBe('');
    expect(reply?.replyTo).toBe('help@meridian.test');
    expect(reply?.references[0]).toBe(root);
    expect(reply?.references).toContain(ack?.messageId);
    expect(reply?.references).toContain(desk?.messageId);
    expect([ack?.messageId, desk?.messageId]).toContain(reply?.inReplyTo);
    expect(status?.autoSubmitted).toBe('auto-generated');
    expect(status?.inReplyTo).toBe(reply?.messageId);

    // Every Message-ID sent is recorded against the ticket, so intake can match answers.
    const recorded = await t.app.db
      .select({ messageId: ticketMessages.messageId, direction: ticketMessages.direction })
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, id));
    expect(recorded.map((r) => r.messageId).sort()).toEqual(
      [ack, desk, reply, status].map((m) => m?.messageId).sort(),
    );
    expect(new Set(recorded.map((r) => r.direction))).toEqual(new Set(['out']));
  });

  it("sends the desk its answers to the ticket's reply address in the support mailbox when intake is on", async () => {
    const config = { ...t.config, imapUrl: 'imaps://help%40meridian.test:x@mail.test/INBOX' };
    const [ticket] = await t.app.db
      .select({ id: ticketMessages.ticketId })
      .from(ticketMessages)
      .limit(1);
    await t.app.db.transaction((tx) =>
      enqueueCustomerReplyMail(tx, config, {
        ticketId: ticket!.id,
        subject: 'Printer',
        author: { name: 'Jordan Lee', email: DEMO_USERS.acme },
        message: 'Still jams.',
      }),
    );
    await t.app.mail.flush();
    const last = t.sink.mailsTo('desk@meridian.test').at(-1);
    expect(last?.subject).toBe(`[${ticket!.id}] Customer reply: Printer`);
    // The mailbox with the ticket's token as plus-part (review N7: desk-reply-address.ts).
    expect(last?.replyTo).toMatch(/^help\+r-[0-9a-f]{32}@meridian\.test$/);
  });
});
