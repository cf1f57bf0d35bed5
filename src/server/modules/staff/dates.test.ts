import { beforeAll, describe, expect, it } from 'vitest';
import { rowCounts } from '../../test/hardening/api-catalog.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

// Issue 13, item 9: a year the database cannot store is the caller's mistake (400), never a 500.
describe('staff date fields outside 1900-9999', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let projectId: string;
  beforeAll(async () => {
    const project = await staff('POST', `/api/staff/customers/${ctx.acmeId}/projects`, {
      name: 'Dates probe',
      status: 'scheduled',
      progress: 0,
      startDate: '2026-01-05',
    });
    projectId = project.json<{ id: string }>().id;
  });

  const staff = t.request;

  const requests = (day: string): [string, object][] => [
    [
      `/api/staff/customers/${ctx.acmeId}/invoices`,
      {
        number: `INV-DATES-${day}`,
        description: 'Dates',
        amount: 1,
        status: 'pending',
        issueDate: day,
        dueDate: '2026-03-31',
      },
    ],
    [
      `/api/staff/customers/${ctx.acmeId}/projects`,
      { name: 'Dates', status: 'scheduled', progress: 0, startDate: day },
    ],
    [
      `/api/staff/customers/${ctx.acmeId}/projects`,
      { name: 'Dates', status: 'scheduled', progress: 0, startDate: '2026-01-01', endDate: day },
    ],
    [
      `/api/staff/projects/${projectId}/milestones`,
      { title: 'Dates', status: 'pending', dueDate: day },
    ],
    [
      `/api/staff/customers/${ctx.acmeId}/time-entries`,
      { workDate: day, hours: 1, description: 'Dates' },
    ],
  ];

  it('answers 400 for year 0000 and 1899, and stores nothing', async () => {
    for (const day of ['0000-01-01', '1899-12-31']) {
      for (const [url, body] of requests(day)) {
        const before = await rowCounts(t.app.db);
        const res = await staff('POST', url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json<{ message: string }>().message).toMatch(/date/i);
        expect(await rowCounts(t.app.db)).toEqual(before);
      }
    }
  });

  it('stores 1900-01-01 and 9999-12-31', async () => {
    for (const day of ['1900-01-01', '9999-12-31']) {
      const [, invoice] = requests(day)[0]!;
      const res = await staff('POST', `/api/staff/customers/${ctx.acmeId}/invoices`, {
        ...invoice,
        dueDate: '9999-12-31',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});
