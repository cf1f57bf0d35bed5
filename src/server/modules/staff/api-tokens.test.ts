import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTokens, users } from '../../db/schema.ts';
import {
  API_TOKEN_MAX_PER_USER,
  API_TOKEN_MESSAGES,
  type CreatedApiToken,
} from '../../../shared/schemas/api-tokens.ts';
import { DEMO_STAFF_EMAIL } from '../../seed/demo.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import { sha256 } from '../../services/sessions.ts';

describe('staff API tokens (issue 21)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;

  const create = async (payload: Record<string, unknown>, cookie = ctx.staffCookie) =>
    t.app.inject({ method: 'POST', url: '/api/staff/api-tokens', headers: { cookie }, payload });
  const newToken = async (scope: 'read' | 'read-write', name = `Token ${scope}`) => {
    const res = await create({ name, scope, days: 30 });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CreatedApiToken>();
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('shows the token once, stores only its hash, and lists it without the secret', async () => {
    const res = await create({ name: 'Accounting sync', scope: 'read', days: 90 });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.json<CreatedApiToken>();
    expect(created.token).toMatch(/^mit_[\w-]{43}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    const days = (Date.parse(created.expiresAt) - Date.parse(created.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(90);

    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row?.tokenHash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const list = await t.app.inject({
      url: '/api/staff/api-tokens',
      headers: { cookie: ctx.staffCookie },
    });
    expect(list.body).toContain(created.id);
    expect(list.body).not.toContain(created.token);
  });

  it('opens every staff read with a read token, as the staff member who made it', async () => {
    const { token } = await newToken('read');
    const res = await t.app.inject({ url: '/api/staff/customers', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ name: string }[]>().map((c) => c.name)).toContain('Acme Logistics');
    const [row] = await t.app.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, sha256(token)));
    expect(row?.lastUsedAt).not.toBeNull();
  });

  it('refuses writes with a read token, and allows them with a read-write one', async () => {
    const read = await newToken('read');
    const payload = { name: 'Made with a token' };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/staff/customers',
      headers: bearer(read.token),
      payload,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: API_TOKEN_MESSAGES.readOnly });

    const write = await newToken('read-write');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/staff/customers',
      headers: bearer(write.token),
      payload,
    });
    expect(made.statusCode, made.body).toBe(201);
  });

  it('answers 401 to a made-up, malformed, expired or revoked token, never falling back to the cookie', async () => {
    const revoked = await newToken('read', 'Revoked');
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/api-tokens/${revoked.id}`,
      headers: { cookie: ctx.staffCookie },
    });
    expect(gone.statusCode).toBe(204);
    const expired = await newToken('read', 'Expired');
    await t.app.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.id));

    for (const authorization of [
      `Bearer ${revoked.token}`,
      `Bearer ${expired.token}`,
      `Bearer mit_${'A'.repeat(43)}`,
      `Bearer ${'x'.repeat(5000)}`,
      'Basic c3RhZmY6c3RhZmY=',
      'Bearer',
    ]) {
      const res = await t.app.inject({
        url: '/api/staff/customers',
        headers: { authorization, cookie: ctx.staffCookie },
      });
      expect(res.statusCode, authorization.slice(0, 40)).toBe(401);
      expect(res.json()).toEqual({ message: API_TOKEN_MESSAGES.invalid });
    }
  });

  it('stops working when its staff member is deactivated', async () => {
    const { token } = await newToken('read', 'Of a leaver');
    const [staff] = await t.app.db.select().from(users).where(eq(users.email, DEMO_STAFF_EMAIL));
    await t.app.db.update(users).set({ active: false }).where(eq(users.id, staff!.id));
    try {
      const res = await t.app.inject({ url: '/api/staff/customers', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    } finally {
      await t.app.db.update(users).set({ active: true }).where(eq(users.id, staff!.id));
    }
  });

  it('opens no customer route and no account route: tokens are for /api/staff only', async () => {
    const { token } = await newToken('read-write', 'Staff only');
    for (const url of [`/api/customers/${ctx.acmeId}/invoices`, '/api/auth/user']) {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('cannot make, list or revoke tokens with a token', async () => {
    const { token, id } = await newToken('read-write', 'Minter');
    for (const [method, url] of [
      ['GET', '/api/staff/api-tokens'],
      ['POST', '/api/staff/api-tokens'],
      ['DELETE', `/api/staff/api-tokens/${id}`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(token),
        ...(method === 'POST' ? { payload: { name: 'Child', scope: 'read', days: 7 } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: API_TOKEN_MESSAGES.sessionOnly });
    }
  });

  it('lets no customer user make a token, and no staff member revoke another one', async () => {
    const asCustomer = await create({ name: 'Mine', scope: 'read', days: 7 }, ctx.customerCookie);
    expect(asCustomer.statusCode).toBe(403);

    const other = await t.app.db
      .insert(users)
      .values({
        email: 'second.staff@meridian.example',
        firstName: 'Sam',
        lastName: 'Second',
        role: 'staff',
        staffRole: 'admin',
      })
      .returning();
    const [token] = await t.app.db
      .insert(apiTokens)
      .values({
        userId: other[0]!.id,
        name: 'Not yours',
        scope: 'read',
        tokenHash: sha256('mit_not-yours'),
        prefix: 'mit_not-yo',
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/api-tokens/${token!.id}`,
      headers: { cookie: ctx.staffCookie },
    });
    expect(res.statusCode).toBe(404);
    const [still] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, token!.id));
    expect(still?.revokedAt).toBeNull();
  });

  it.each([
    [{ name: '', scope: 'read', days: 30 }, 'Name is required'],
    [{ name: 'x', scope: 'admin', days: 30 }, 'Choose what the token may do'],
    [{ name: 'x', scope: 'read', days: 3650 }, API_TOKEN_MESSAGES.days],
    [{ name: 'x', scope: 'read', days: 0 }, API_TOKEN_MESSAGES.days],
  ])('refuses %j with a 400 and stores nothing', async (payload, message) => {
    const before = (await t.app.db.select().from(apiTokens)).length;
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
    expect((await t.app.db.select().from(apiTokens)).length).toBe(before);
  });

  it(`keeps at most ${API_TOKEN_MAX_PER_USER} working tokens per staff member`, async () => {
    const [staff] = await t.app.db.select().from(users).where(eq(users.email, DEMO_STAFF_EMAIL));
    const active = await t.app.inject({
      url: '/api/staff/api-tokens',
      headers: { cookie: ctx.staffCookie },
    });
    const missing = API_TOKEN_MAX_PER_USER - active.json<unknown[]>().length;
    await t.app.db.insert(apiTokens).values(
      Array.from({ length: missing }, (_, i) => ({
        userId: staff!.id,
        name: `Filler ${i}`,
        scope: 'read' as const,
        tokenHash: sha256(`filler-${i}`),
        prefix: 'mit_filler',
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    const res = await create({ name: 'One too many', scope: 'read', days: 7 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: API_TOKEN_MESSAGES.tooMany });
  });
});
