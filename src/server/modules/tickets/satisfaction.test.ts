// Issue 17 item 3: satisfaction ratings of closed tickets (ADR 036).
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SatisfactionReport, TicketRatingOut } from '../../../shared/schemas/satisfaction.ts';
import type { Ticket } from '../../../shared/schemas/tickets.ts';
import { customerUsers, mailOutbox, tickets, ticketSatisfaction, users } from '../../db/schema.ts';
import { signRatingToken, verifyRatingToken } from '../../services/helpdesk/satisfaction.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { flipChar } from '../../test/tamper.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

const DEMO_AUTHOR = 'jordan.lee@acme-logistics.example';
const newTicket = {
  subject: 'Outlook asks for the password',
  description: 'Outlook keeps asking for the password on two desktops.',
  category: 'Email & Communication',
  department: 'IT Support',
};

describe('ticket satisfaction (issue 17)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let colleagueCookie: string;
  let colleagueId: string;

  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    cookie: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const base = () => `/api/customers/${ctx.acmeId}/tickets`;

  async function closedTicket(authorCookie = ctx.customerCookie) {
    const res = await api('POST', base(), authorCookie, newTicket);
    const id = res.json<Ticket>().id;
    await api('POST', `/api/staff/tickets/${id}/replies`, ctx.staffCookie, { message: 'Fixed.' });
    const closed = await api('PATCH', `/api/staff/tickets/${id}`, ctx.staffCookie, {
      status: 'closed',
    });
    expect(closed.statusCode).toBe(200);
    return id;
  }

  /** The rating links of the closing mail of a ticket. */
  async function mailedLinks(id: string, to = DEMO_AUTHOR) {
    const [mail] = await t.app.db
      .select({ text: mailOutbox.text, to: mailOutbox.to, secrets: mailOutbox.secrets })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `[${id}] How did we do?%`));
    expect(mail?.to).toBe(to);
    const links = [...mail!.text.matchAll(/(Good|Okay|Poor) (https?:\/\/\S+)/g)].map((m) => m[2]!);
    expect(links).toHaveLength(3);
    // The links are secrets of the outbox: forgotten once the mail is sent.
    expect(mail!.secrets).toEqual(expect.arrayContaining(links));
    return links.map((l) => new URL(l));
  }

  /** Opens a mail link like a browser: the page and its CSRF cookie. */
  async function openLink(url: URL) {
    const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(res.body)?.[1] ?? '';
    return { res, cookie, csrf };
  }
  const postForm = (cookie: string, form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/rate',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  const stored = (id: string) =>
    t.app.db.select().from(ticketSatisfaction).where(eq(ticketSatisfaction.ticketId, id));

  beforeAll(async () => {
    const [user] = await t.app.db
      .insert(users)
      .values({ email: 'casey@acme-rating.example', firstName: 'Casey', lastName: 'Admin' })
      .returning({ id: users.id });
    colleagueId = user!.id;
    await t.app.db
      .insert(customerUsers)
      .values({ userId: colleagueId, customerId: ctx.acmeId, role: 'admin' });
    colleagueCookie = await sessionCookieFor(t.app, 'casey@acme-rating.example');
  });

  it('mails three links on close; opening one shows a form and records nothing', async () => {
    const id = await closedTicket();
    const [good] = await mailedLinks(id);
    const { res, csrf } = await openLink(good!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('How did we do?');
    expect(res.body).toContain('value="good" checked');
    expect(csrf).not.toBe('');
    expect(await stored(id)).toHaveLength(0);
  });

  it('the form records the rating and comment; a second rating replaces it; the ticket stays closed', async () => {
    const id = await closedTicket();
    const [, okay, poor] = await mailedLinks(id);
    const [before] = await t.app.db.select().from(tickets).where(eq(tickets.id, id));
    const first = await openLink(okay!);
    const token = okay!.searchParams.get('token')!;
    const posted = await postForm(first.cookie, {
      _csrf: first.csrf,
      token,
      rating: 'okay',
      comment: 'Took a while.',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('Thank you for your rating');
    const second = await openLink(poor!);
    await postForm(second.cookie, { _csrf: second.csrf, token, rating: 'poor', comment: '' });
    const rows = await stored(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 'poor', comment: null });
    const [after] = await t.app.db.select().from(tickets).where(eq(tickets.id, id));
    expect(after!.status).toBe('closed');
    expect(after!.updatedAt).toEqual(before!.updatedAt);
    // Without the page's CSRF pair (a forged cross-site form), nothing changes.
    const forged = await postForm('', { _csrf: 'x', token, rating: 'good' });
    expect(forged.statusCode).toBe(403);
    expect((await stored(id))[0]!.rating).toBe('poor');
  });

  it('refuses forged, expired and tampered tokens and an unknown rating', async () => {
    const id = await closedTicket();
    const [good] = await mailedLinks(id);
    const token = good!.searchParams.get('token')!;
    const page = await openLink(good!);
    const refuse = async (form: Record<string, string>, status: number, text: string) => {
      const res = await postForm(page.cookie, { _csrf: page.csrf, ...form });
      expect(res.statusCode).toBe(status);
      expect(res.body).toContain(text);
    };
    const expired = signRatingToken(
      t.config,
      { ticketId: id, userId: colleagueId },
      Date.now() - 31 * 86_400_000,
    );
    expect(verifyRatingToken(t.config, expired)).toBeNull();
    await refuse({ token: expired, rating: 'good' }, 400, 'not valid or has expired');
    await refuse({ token: flipChar(token, -2), rating: 'good' }, 400, 'not valid or has expired');
    await refuse(
      { token: token.replace(id, 'TK-1'), rating: 'good' },
      400,
      'not valid or has expired',
    );
    await refuse({ token, rating: 'great' }, 400, 'Rating must be good, okay or poor');
    // A valid token for another user (not the author) of this ticket.
    const other = signRatingToken(t.config, { ticketId: id, userId: colleagueId });
    await refuse({ token: other, rating: 'good' }, 403, 'Only the author of a ticket can rate it');
    // The author's own link, once their account is deactivated.
    await t.app.db.update(users).set({ active: false }).where(eq(users.email, DEMO_AUTHOR));
    await refuse({ token, rating: 'good' }, 403, 'Only the author of a ticket can rate it');
    await t.app.db.update(users).set({ active: true }).where(eq(users.email, DEMO_AUTHOR));
    const get = await t.app.inject({
      method: 'GET',
      url: `/api/rate?token=${encodeURIComponent(other)}`,
    });
    expect(get.statusCode).toBe(403);
    expect(await stored(id)).toHaveLength(0);
  });

  it('refuses the link of an author their company deactivated, on the form and on submit (review N6)', async () => {
    const address = 'drew.rater@acme-logistics.example';
    const [user] = await t.app.db
      .insert(users)
      .values({ email: address, firstName: 'Drew', lastName: 'Rater' })
      .returning({ id: users.id });
    await t.app.db.insert(customerUsers).values({ userId: user!.id, customerId: ctx.acmeId });
    const id = await closedTicket(await sessionCookieFor(t.app, address));
    const [, , poor] = await mailedLinks(id, address);
    const page = await openLink(poor!);
    expect(page.res.statusCode).toBe(200);
    // The company's admin (Jordan) takes them off the company; their account stays active.
    const off = await api(
      'PATCH',
      `/api/customers/${ctx.acmeId}/team/${user!.id}`,
      ctx.customerCookie,
      { active: false },
    );
    expect(off.statusCode).toBe(200);
    const token = poor!.searchParams.get('token')!;
    const posted = await postForm(page.cookie, { _csrf: page.csrf, token, rating: 'poor' });
    expect(posted.statusCode).toBe(403);
    expect(posted.body).toContain('Only the author of a ticket can rate it');
    const reopened = await openLink(poor!);
    expect(reopened.res.statusCode).toBe(403);
    expect(reopened.csrf).toBe('');
    expect(await stored(id)).toHaveLength(0);

    // Nor does a later close mail them links they could not use (outside attack, 2026-11-28).
    for (const status of ['open', 'closed'] as const) {
      const res = await api('PATCH', `/api/staff/tickets/${id}`, ctx.staffCookie, { status });
      expect(res.statusCode).toBe(200);
    }
    const ratingMails = await t.app.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `[${id}] How did we do?%`));
    expect(ratingMails).toHaveLength(1);
  });

  it('rates in the portal: the author only, closed tickets only, idempotent', async () => {
    const id = await closedTicket();
    const url = `${base()}/${id}/rating`;
    expect((await api('GET', url, ctx.customerCookie)).json()).toEqual({
      rating: null,
      canRate: true,
    });
    expect((await api('GET', url, colleagueCookie)).json()).toEqual({
      rating: null,
      canRate: false,
    });
    const first = await api('PUT', url, ctx.customerCookie, {
      rating: 'good',
      comment: ' Quick! ',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json<TicketRatingOut>()).toMatchObject({ rating: 'good', comment: 'Quick!' });
    const again = await api('PUT', url, ctx.customerCookie, { rating: 'good' });
    expect(again.statusCode).toBe(200);
    expect(await stored(id)).toHaveLength(1);
    // An admin of the company sees the ticket but it is not theirs to rate.
    const admin = await api('PUT', url, colleagueCookie, { rating: 'poor' });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ message: 'Only the author of a ticket can rate it' });
    // Another company's user cannot reach it at all.
    const globexCookie = await sessionCookieFor(t.app, 'sam.rivera@globex-retail.example');
    const foreign = await api(
      'PUT',
      `/api/customers/${ctx.globexId}/tickets/${id}/rating`,
      globexCookie,
      {
        rating: 'poor',
      },
    );
    expect(foreign.statusCode).toBe(404);
    const bad = await api('PUT', url, ctx.customerCookie, { rating: 'meh' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Rating must be good, okay or poor' });
    expect((await stored(id))[0]!.rating).toBe('good');

    const open = await api('POST', base(), ctx.customerCookie, newTicket);
    const notClosed = await api(
      'PUT',
      `${base()}/${open.json<Ticket>().id}/rating`,
      ctx.customerCookie,
      {
        rating: 'good',
      },
    );
    expect(notClosed.statusCode).toBe(409);
    expect(notClosed.json()).toEqual({ message: 'Only a closed ticket can be rated' });
  });

  it('staff see the score overall and per agent for 30 and 90 days, and the rating on the ticket', async () => {
    const res = await api('GET', '/api/staff/satisfaction', ctx.staffCookie);
    expect(res.statusCode).toBe(200);
    const report = res.json<SatisfactionReport>();
    expect(report.periods.map((p) => p.days)).toEqual([30, 90]);
    const month = report.periods[0]!;
    expect(month.overall.total).toBe(month.overall.good + month.overall.okay + month.overall.poor);
    expect(month.overall.total).toBeGreaterThanOrEqual(2);
    expect(month.agents.map((a) => a.agent)).toContain('Morgan Hayes');
    const rated = await t.app.db.select().from(ticketSatisfaction).limit(1);
    const extras = await api(
      'GET',
      `/api/staff/tickets/${rated[0]!.ticketId}/extras`,
      ctx.staffCookie,
    );
    expect(extras.json<{ rating: TicketRatingOut }>().rating.rating).toBe(rated[0]!.rating);
    // A rating older than 30 days counts in the 90-day score only.
    await t.app.db
      .update(ticketSatisfaction)
      .set({ updatedAt: new Date(Date.now() - 45 * 86_400_000) })
      .where(eq(ticketSatisfaction.ticketId, rated[0]!.ticketId));
    const later = (
      await api('GET', '/api/staff/satisfaction', ctx.staffCookie)
    ).json<SatisfactionReport>();
    expect(later.periods[0]!.overall.total).toBe(month.overall.total - 1);
    expect(later.periods[1]!.overall.total).toBe(report.periods[1]!.overall.total);
    const customer = await api('GET', '/api/staff/satisfaction', ctx.customerCookie);
    expect(customer.statusCode).toBe(403);
  });
});
