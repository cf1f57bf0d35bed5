import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BAD_CURSOR, LIMIT_MESSAGE, SEARCH_TOO_LONG } from '../../../shared/schemas/paging.ts';
import {
  customerUsers,
  customers,
  documents,
  invoices,
  projects,
  timeEntries,
  users,
} from '../../db/schema.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { cursorOf, nextOf } from '../../test/link-header.ts';

type Row = Record<string, unknown> & { id: string };

/** Four rows per list whose searched text holds `100%`, `under_score`, `back\slash` and a plain one. */
const variants = ['100% sure', 'under_score', 'back\\slash', 'plain'];

/**
 * Each list of the staff company page (issue 20, ADR 043): its path under the company, the
 * text its seeded rows hold, the searched fields read back, and the order it walks.
 */
const lists: Array<{
  path: string;
  marker: string;
  searched: (r: Row) => string;
  orderKey: (r: Row) => string;
  descending: boolean;
}> = [
  {
    path: 'users',
    marker: 'Pagedperson',
    searched: (r) => `${String(r.firstName)} ${String(r.lastName)}\n${String(r.email)}`,
    orderKey: (r) => `${String(r.lastName)}`,
    descending: false,
  },
  {
    path: 'projects',
    marker: 'Pagedproject',
    searched: (r) => `${String(r.name)}\n${String(r.description)}`,
    orderKey: (r) => String(r.startDate),
    descending: true,
  },
  {
    path: 'project-names',
    marker: 'Pagedproject',
    searched: (r) => String(r.name),
    orderKey: (r) => String(r.name),
    descending: false,
  },
  {
    path: 'invoices',
    marker: 'Pagedinv',
    searched: (r) => `${String(r.number)}\n${String(r.description)}`,
    orderKey: (r) => String(r.issueDate),
    descending: true,
  },
  {
    path: 'time-entries',
    marker: 'Pagedhours',
    searched: (r) => `${String(r.description)}\n${String(r.projectName ?? '')}`,
    orderKey: (r) => String(r.workDate),
    descending: true,
  },
  {
    path: 'documents',
    marker: 'Pageddoc',
    searched: (r) => `${String(r.name)}\n${String(r.projectName ?? '')}`,
    orderKey: (r) => String(r.uploadedAt),
    descending: true,
  },
];

/** A company of its own with four rows in every list, and one row of each in Globex. */
async function seed(t: TestApp, globexId: string) {
  const [company] = await t.app.db
    .insert(customers)
    .values({ name: 'Pagedcorp' })
    .returning({ id: customers.id });
  const id = company!.id;
  const people = await t.app.db
    .insert(users)
    .values(
      variants.map((v, i) => ({
        email: `pagedperson${i}@example.com`,
        firstName: 'Pagedperson',
        lastName: v,
        role: 'customer' as const,
      })),
    )
    .returning({ id: users.id });
  await t.app.db
    .insert(customerUsers)
    .values(people.map((p) => ({ userId: p.id, customerId: id })));
  const made = await t.app.db
    .insert(projects)
    .values(
      [...variants.map((v) => [id, v] as const), [globexId, 'globex'] as const].map(
        ([customerId, v], i) => ({
          customerId,
          name: `Pagedproject ${v}`,
          description: 'Work',
          status: 'in-progress' as const,
          startDate: `2026-0${i + 1}-01`,
        }),
      ),
    )
    .returning({ id: projects.id, customerId: projects.customerId });
  const ownProject = made.find((p) => p.customerId === id)!.id;
  const rows = [...variants.map((v) => [id, v] as const), [globexId, 'globex'] as const];
  await t.app.db.insert(invoices).values(
    rows.map(([customerId, v], i) => ({
      customerId,
      number: `PAGEDINV-${i}`,
      description: `Pagedinv ${v}`,
      totalMinor: 10000,
      status: 'pending' as const,
      issueDate: `2026-0${i + 1}-10`,
      dueDate: `2026-0${i + 2}-10`,
    })),
  );
  await t.app.db.insert(timeEntries).values(
    rows.map(([customerId, v], i) => ({
      customerId,
      projectId: customerId === id && i === 0 ? ownProject : null,
      workDate: `2026-0${i + 1}-15`,
      hours: '1.50',
      description: `Pagedhours ${v}`,
    })),
  );
  await t.app.db.insert(documents).values(
    rows.map(([customerId, v], i) => ({
      customerId,
      name: `Pageddoc ${v}.pdf`,
      type: 'pdf',
      contentType: 'application/pdf',
      size: 100 + i,
      category: 'project' as const,
      storageKey: `paged/${i}`,
      uploadedBy: 'Morgan Hayes',
    })),
  );
  return id;
}

describe('the staff company page lists in pages (issue 20, ADR 043)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let companyId: string;
  beforeAll(async () => {
    companyId = await seed(t, ctx.globexId);
  });

  const get = (url: string, cookie: string | null = ctx.staffCookie) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  describe.each(lists)('/api/staff/customers/:customerId/$path', (list) => {
    const url = (query = '', company = companyId) =>
      `/api/staff/customers/${company}/${list.path}${query ? `?${query}` : ''}`;

    it('walks every row once in list order by Link, with X-Total-Count', async () => {
      const first = await get(url('limit=200'));
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-total-count']).toBe('4');
      expect(first.json<Row[]>()).toHaveLength(4);
      expect(first.headers.link).toBeUndefined();
      const seen: Row[] = [];
      let next: string | null = url('limit=3');
      let pages = 0;
      while (next) {
        const res = await get(next);
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-total-count']).toBe('4');
        seen.push(...res.json<Row[]>());
        next = nextOf(res.headers.link);
        pages++;
      }
      expect(pages).toBe(2);
      expect(new Set(seen.map((r) => r.id)).size).toBe(4);
      const keys = seen.map(list.orderKey);
      if (list.descending) {
        expect(keys).toEqual([...keys].sort().reverse());
      } else {
        expect(keys).toEqual(first.json<Row[]>().map(list.orderKey));
      }
      // Only this company's rows: Globex's row of the same marker never shows.
      for (const r of seen) expect(list.searched(r)).not.toContain('globex');
    });

    it('searches, keeping q on the next page', async () => {
      const res = await get(url('q=plain&limit=1'));
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('1');
      const rows = res.json<Row[]>();
      expect(rows.map((r) => list.searched(r).toLowerCase().includes('plain'))).toEqual([true]);
      const two = await get(url(`q=${list.marker.toLowerCase()}&limit=2`));
      expect(nextOf(two.headers.link)).toContain(`q=${list.marker.toLowerCase()}`);
    });

    it.each(['%', '_', '\\'])('matches q=%s literally', async (q) => {
      const res = await get(url(`q=${encodeURIComponent(q)}&limit=200`));
      expect(res.statusCode).toBe(200);
      const rows = res.json<Row[]>();
      expect(rows).toHaveLength(1);
      for (const r of rows) expect(list.searched(r)).toContain(q);
    });

    it('refuses bad limits, long searches, tampered and other companies’ cursors', async () => {
      const own = cursorOf((await get(url('limit=1'))).headers.link);
      const [payload] = own.split('.') as [string, string];
      // Globex has one row: a page of it has no next link, so take Acme's, scope Acme.
      const acme = await get(url('limit=1', ctx.acmeId));
      const acmeCursor = nextOf(acme.headers.link) ? cursorOf(acme.headers.link) : own;
      const cases: Array<[string, string, string]> = [
        ['limit=0', LIMIT_MESSAGE, companyId],
        ['limit=201', LIMIT_MESSAGE, companyId],
        ['limit=ten', LIMIT_MESSAGE, companyId],
        [`q=${'a'.repeat(10_000)}`, SEARCH_TOO_LONG, companyId],
        [`cursor=${payload}.AAAA`, BAD_CURSOR, companyId],
        ['cursor=nonsense', BAD_CURSOR, companyId],
        // This company's cursor on another company's list, and the reverse.
        [`cursor=${encodeURIComponent(own)}`, BAD_CURSOR, ctx.globexId],
        [`cursor=${encodeURIComponent(own)}`, BAD_CURSOR, ctx.acmeId],
      ];
      if (acmeCursor !== own) {
        cases.push([`cursor=${encodeURIComponent(acmeCursor)}`, BAD_CURSOR, companyId]);
      }
      for (const [query, message, company] of cases) {
        const res = await get(url(query, company));
        expect(res.statusCode, query).toBe(400);
        expect(res.json<{ message: string }>().message, query).toBe(message);
      }
    });

    it('is a 404 for an unknown company (400 for a malformed id), 403 for a customer user, 401 signed out', async () => {
      const missing = await get(url('', '00000000-0000-4000-8000-000000000000'));
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Company not found' });
      // A malformed id is refused by the params schema, never a 500.
      expect((await get(url('', 'acme'))).statusCode).toBe(400);
      expect((await get(url(), ctx.customerCookie)).statusCode).toBe(403);
      expect((await get(url(), null)).statusCode).toBe(401);
    });
  });

  it('no longer embeds users and projects in the company detail', async () => {
    const res = await get(`/api/staff/customers/${companyId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({ name: 'Pagedcorp', userCount: 4 });
    expect(body).not.toHaveProperty('users');
    expect(body).not.toHaveProperty('projects');
  });

  it('gives time entries and documents their project’s name and the fields the cards read', async () => {
    const entries = (await get(`/api/staff/customers/${companyId}/time-entries?q=100`)).json<
      Row[]
    >();
    expect(entries).toEqual([
      expect.objectContaining({
        projectName: 'Pagedproject 100% sure',
        hours: 1.5,
        loggedBy: null,
      }),
    ]);
    const invoice = (await get(`/api/staff/customers/${companyId}/invoices?q=plain`)).json<Row[]>();
    expect(invoice).toEqual([
      expect.objectContaining({ amount: 100, paymentUrl: null, number: 'PAGEDINV-3' }),
    ]);
    expect(invoice[0]).not.toHaveProperty('pdfUrl');
  });

  it('filters users by status: account and membership both on, or not; another value is a 400', async () => {
    const people = (await get(`/api/staff/customers/${companyId}/users?limit=200`)).json<Row[]>();
    const [offAccount, offMembership] = people;
    await t.app.db
      .update(users)
      .set({ active: false })
      .where(eq(users.id, String(offAccount!.id)));
    await t.app.db
      .update(customerUsers)
      .set({ active: false })
      .where(eq(customerUsers.userId, String(offMembership!.id)));
    const ids = async (status: string) =>
      (await get(`/api/staff/customers/${companyId}/users?status=${status}`))
        .json<Row[]>()
        .map((r) => r.id)
        .sort();
    const off = [offAccount!.id, offMembership!.id].sort();
    expect(await ids('inactive')).toEqual(off);
    expect(await ids('active')).toEqual(
      people
        .map((r) => r.id)
        .filter((id) => !off.includes(id))
        .sort(),
    );
    const bad = await get(`/api/staff/customers/${companyId}/users?status=gone`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/status/i);
  });
});
