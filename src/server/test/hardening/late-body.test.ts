import { Readable } from 'node:stream';
import { and, count, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerUsers, ticketReplies, tickets, users } from '../../db/schema.ts';
import { API_TOKEN_DAYS } from '../../../shared/schemas/api-tokens.ts';
import { messageWithFiles } from '../attachment-files.ts';
import { sessionCookieFor } from '../sign-in.ts';
import { useStaffTestApp } from '../staff-test-app.ts';

/**
 * A body that stops after its first part until released: the server asks for it only once
 * its guards have passed (the body is read after them), so `requested` says "the guards let
 * this caller in", deterministically.
 */
function heldBody(whole: Buffer) {
  const half = Math.floor(whole.length / 2);
  let requested!: () => void;
  let release!: () => void;
  const wasRequested = new Promise<void>((resolve) => (requested = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let stage = 0;
  const stream = new Readable({
    read() {
      if (stage === 0) {
        stage = 1;
        requested();
        this.push(whole.subarray(0, half));
      } else if (stage === 1) {
        stage = 2;
        void released.then(() => {
          this.push(whole.subarray(half));
          this.push(null);
        });
      }
    },
  });
  return { stream, wasRequested, release, length: whole.length };
}

// Outside attack of 2026-11-28 (F1): access was decided when the headers arrived and the
// write happened when the body ended, minutes later; a withdrawn membership, session or token
// still wrote. Every write is decided again once its body is in.
describe('a write whose body arrives after the caller lost access', () => {
  const t = useStaffTestApp();

  async function colleague(email: string) {
    const [user] = await t.app.db
      .insert(users)
      .values({ email, firstName: 'Late', lastName: 'Body' })
      .returning({ id: users.id });
    await t.app.db
      .insert(customerUsers)
      .values({ userId: user!.id, customerId: t.ctx.acmeId, role: 'technical' });
    return { id: user!.id, cookie: await sessionCookieFor(t.app, email) };
  }

  it('refuses a JSON ticket whose author was deactivated while it was sent, and stores nothing', async () => {
    const late = await colleague('late.json@acme-logistics.example');
    const before = await t.app.db.$count(tickets);
    const body = heldBody(
      Buffer.from(
        JSON.stringify({
          subject: 'Sent slowly',
          description: 'x'.repeat(2000),
          category: 'Other',
          department: 'IT Support',
        }),
      ),
    );
    const sending = t.app.inject({
      method: 'POST',
      url: `/api/customers/${t.ctx.acmeId}/tickets`,
      headers: {
        cookie: late.cookie,
        'content-type': 'application/json',
        'content-length': String(body.length),
      },
      payload: body.stream,
    });
    await body.wasRequested;
    const off = await t.request(
      'PATCH',
      `/api/customers/${t.ctx.acmeId}/team/${late.id}`,
      { active: false },
      t.ctx.customerCookie,
    );
    expect(off.statusCode, off.body).toBe(200);
    body.release();
    const res = await sending;
    expect(res.statusCode, res.body).toBe(403);
    expect(await t.app.db.$count(tickets)).toBe(before);
  });

  it('refuses a staff reply with files sent with a token revoked meanwhile, and stores nothing', async () => {
    const created = await t.request('POST', '/api/staff/api-tokens', {
      name: 'late body',
      scope: 'read-write',
      days: API_TOKEN_DAYS[0],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { token, id } = created.json<{ token: string; id: string }>();
    const [open] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.customerId, t.ctx.acmeId), ne(tickets.status, 'closed')))
      .limit(1);
    const form = await messageWithFiles({ message: 'Sent with a token' }, [
      { name: 'log.txt', type: 'text/plain', data: Buffer.from('line\n'.repeat(4000)) },
    ]);
    const replies = async () => (await t.app.db.select({ n: count() }).from(ticketReplies))[0]!.n;
    const before = await replies();
    const body = heldBody(form.payload);
    const sending = t.app.inject({
      method: 'POST',
      url: `/api/staff/tickets/${open!.id}/replies`,
      headers: {
        authorization: `Bearer ${token}`,
        ...form.headers,
        'content-length': String(body.length),
      },
      payload: body.stream,
    });
    await body.wasRequested;
    const revoked = await t.request('DELETE', `/api/staff/api-tokens/${id}`);
    expect(revoked.statusCode, revoked.body).toBeLessThan(300);
    body.release();
    const res = await sending;
    expect(res.statusCode, res.body).toBe(401);
    expect(await replies()).toBe(before);
  });
});
