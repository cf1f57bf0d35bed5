import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customerUsers,
  notificationPreferences,
  sites,
  statusIncidentUpdates,
  statusIncidents,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import type {
  Incident,
  IncidentRow,
  Maintenance,
  StatusComponent,
  StatusNotice,
} from '../../../shared/schemas/status-page.ts';

// Issue 43 items 3 and 4 (ADR 079): the staff side of the status page, who is told of each
// incident and window (by site and by switch), the webhooks, and the portal banner per company.
describe('the status page, staff side and notifications', () => {
  const t = useStaffTestApp({ smtpSink: true });
  const { ctx } = t;
  const call = t.request;
  const acmeUser = (role: string) => `${role}.status@acme-logistics.example`;
  let acmeSite = { id: '', name: '' };
  let globexSite = { id: '', name: '' };
  let acmeComponent = '';
  let everyoneComponent = '';
  let acmeIncident = '';

  async function addUser(email: string, customerId: string, prefs: object) {
    const [user] = await t.app.db
      .insert(users)
      .values({ email, firstName: 'Status', lastName: 'Tester', role: 'customer' })
      .returning();
    await t.app.db
      .insert(customerUsers)
      .values({ userId: user!.id, customerId, role: 'member', position: 0 });
    await t.app.db.insert(notificationPreferences).values({ userId: user!.id, ...prefs });
  }

  const deliver = async () => {
    await t.app.notifications.flush();
    await t.app.mail.flush();
  };
  const mailsTo = (to: string, subject: string) =>
    t.sink.mailsTo(to).filter((m) => m.subject.includes(subject));
  const deliveriesOf = async (type: string) =>
    t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.type, type));
  const notices = async (customerId: string, cookie: string) => {
    const res = await call('GET', `/api/customers/${customerId}/status-notices`, undefined, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StatusNotice[]>();
  };

  beforeAll(async () => {
    const siteOf = async (customerId: string) => {
      const [row] = await t.app.db
        .select({ id: sites.id, name: sites.name })
        .from(sites)
        .where(eq(sites.customerId, customerId))
        .orderBy(asc(sites.name))
        .limit(1);
      return row!;
    };
    acmeSite = await siteOf(ctx.acmeId);
    globexSite = await siteOf(ctx.globexId);
    // Urgent alerts off, maintenance on: the reverse of the defaults.
    await addUser(acmeUser('reversed'), ctx.acmeId, { smsUrgent: false, emailMaintenance: true });
    await addUser(acmeUser('digest'), ctx.acmeId, { emailDigest: true });
    await t.app.db.insert(webhookEndpoints).values({
      url: 'https://hooks.example.com/status',
      events: [
        'incident.created',
        'incident.updated',
        'incident.resolved',
        'maintenance.scheduled',
      ],
      secretCipher: 'v1.x.x.x',
    });
  });

  it('keeps components with the sites they serve, or all customers', async () => {
    const made = await call('POST', '/api/staff/status/components', {
      name: 'Acme WAN',
      description: 'Links between the offices',
      position: 2,
      allCustomers: false,
      siteIds: [acmeSite.id, acmeSite.id],
    });
    expect(made.statusCode, made.body).toBe(201);
    const component = made.json<StatusComponent>();
    expect(component).toMatchObject({
      name: 'Acme WAN',
      state: 'operational',
      sites: [{ id: acmeSite.id, name: acmeSite.name, customerName: 'Acme Logistics' }],
    });
    acmeComponent = component.id;
    const everyone = await call('POST', '/api/staff/status/components', {
      name: 'Customer Portal',
      position: 1,
      allCustomers: true,
      siteIds: [globexSite.id],
    });
    expect(everyone.statusCode, everyone.body).toBe(201);
    // A component of all customers names no sites: every company's are served.
    expect(everyone.json<StatusComponent>().sites).toEqual([]);
    everyoneComponent = everyone.json<StatusComponent>().id;
    const list = await call('GET', '/api/staff/status/components');
    expect(list.json<StatusComponent[]>().map((c) => c.name)).toEqual([
      'Customer Portal',
      'Acme WAN',
    ]);
  });

  it('refuses a component with neither sites nor all customers, or with unknown sites', async () => {
    const none = await call('POST', '/api/staff/status/components', {
      name: 'Nowhere',
      allCustomers: false,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'Choose the sites it affects, or all customers' });
    const unknown = await call('POST', '/api/staff/status/components', {
      name: 'Ghost',
      allCustomers: false,
      siteIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'Choose sites that exist' });
  });

  it('opens an incident: its components degrade, its sites’ company is told by the urgent alerts switch', async () => {
    const opened = await call('POST', '/api/staff/status/incidents', {
      title: 'WAN link down',
      impact: 'critical',
      componentIds: [acmeComponent],
      message: 'The Dallas link is down; we are on it.',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const incident = opened.json<Incident>();
    acmeIncident = incident.id;
    expect(incident).toMatchObject({
      status: 'investigating',
      components: 'Acme WAN',
      resolvedAt: null,
      updates: [{ status: 'investigating', message: 'The Dallas link is down; we are on it.' }],
    });
    const components = (await call('GET', '/api/staff/status/components')).json<
      StatusComponent[]
    >();
    expect(components.find((c) => c.id === acmeComponent)?.state).toBe('major-outage');
    expect(components.find((c) => c.id === everyoneComponent)?.state).toBe('operational');

    await deliver();
    const [mail] = mailsTo(DEMO_USERS.acme, 'WAN link down');
    expect(mail?.subject).toBe('Incident: WAN link down');
    expect(mail?.text).toContain(
      `Investigating: WAN link down, affecting ${acmeSite.name}. The Dallas link is down; we are on it.`,
    );
    expect(mail?.text).toContain('urgent alert e-mails are on');
    // Urgent alerts never wait for the digest; the switch turned off, or another company's
    // user: nothing.
    expect(mailsTo(acmeUser('digest'), 'WAN link down')).toHaveLength(1);
    expect(mailsTo(acmeUser('reversed'), 'WAN link down')).toEqual([]);
    expect(mailsTo(DEMO_USERS.globex, 'WAN link down')).toEqual([]);

    const [delivery] = await deliveriesOf('incident.created');
    const body = JSON.parse(delivery!.body) as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({
      incidentId: incident.id,
      status: 'investigating',
      customerIds: [ctx.acmeId],
    });
  });

  it('shows the banner to the affected company only', async () => {
    const acme = await notices(ctx.acmeId, ctx.customerCookie);
    expect(acme).toEqual([
      expect.objectContaining({
        kind: 'incident',
        title: 'WAN link down',
        status: 'investigating',
        sites: [acmeSite.name],
      }),
    ]);
    const globexCookie = await sessionCookieFor(t.app, DEMO_USERS.globex);
    expect(await notices(ctx.globexId, globexCookie)).toEqual([]);
    // Another company's banner is not Acme's user's to read.
    const cross = await call(
      'GET',
      `/api/customers/${ctx.globexId}/status-notices`,
      undefined,
      ctx.customerCookie,
    );
    expect(cross.statusCode).toBe(403);
  });

  it('updates and resolves the incident, then refuses another update', async () => {
    const update = await call('POST', `/api/staff/status/incidents/${acmeIncident}/updates`, {
      status: 'identified',
      message: 'A cut fibre; the carrier is repairing it.',
    });
    expect(update.statusCode, update.body).toBe(201);
    const resolved = await call('POST', `/api/staff/status/incidents/${acmeIncident}/updates`, {
      status: 'resolved',
      message: 'The link is back.',
    });
    expect(resolved.statusCode, resolved.body).toBe(201);
    expect(resolved.json<Incident>()).toMatchObject({
      status: 'resolved',
      resolvedAt: expect.any(String),
      updates: [{ status: 'resolved' }, { status: 'identified' }, { status: 'investigating' }],
    });
    const refused = await call('POST', `/api/staff/status/incidents/${acmeIncident}/updates`, {
      status: 'monitoring',
      message: 'One more thing',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This incident is resolved: open a new incident instead of updating it',
    });
    const [incident] = await t.app.db
      .select()
      .from(statusIncidents)
      .where(eq(statusIncidents.id, acmeIncident));
    expect(incident?.status).toBe('resolved');

    await deliver();
    expect(mailsTo(DEMO_USERS.acme, 'Incident update: WAN link down')).toHaveLength(1);
    expect(mailsTo(DEMO_USERS.acme, 'Resolved: WAN link down')).toHaveLength(1);
    expect(await deliveriesOf('incident.updated')).toHaveLength(1);
    expect(await deliveriesOf('incident.resolved')).toHaveLength(1);
    expect(await notices(ctx.acmeId, ctx.customerCookie)).toEqual([]);
  });

  it('schedules maintenance in its zone and tells every company by the maintenance switch', async () => {
    const start = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const made = await call('POST', '/api/staff/status/maintenance', {
      title: 'Portal upgrade',
      message: 'The portal is read-only meanwhile.',
      startsAt: `${start}T22:00`,
      endsAt: `${start}T23:30`,
      timeZone: 'america/chicago',
      componentIds: [everyoneComponent],
    });
    expect(made.statusCode, made.body).toBe(201);
    const window = made.json<Maintenance>();
    expect(window.timeZone).toBe('America/Chicago');
    // 22:00 in Chicago is 04:00 or 03:00 UTC the next day (CST or CDT).
    const utcHour = new Date(window.startsAt).getUTCHours();
    expect([3, 4]).toContain(utcHour);
    expect(Date.parse(window.endsAt) - Date.parse(window.startsAt)).toBe(90 * 60_000);
    expect(window.notified).toBe(true);

    await deliver();
    // Maintenance is off by default: only the user who turned it on hears of it.
    expect(mailsTo(acmeUser('reversed'), 'Maintenance scheduled: Portal upgrade')).toHaveLength(1);
    const [mail] = mailsTo(acmeUser('reversed'), 'Portal upgrade');
    expect(mail?.text).toMatch(/from .+ (CST|CDT) to .+ (CST|CDT)/);
    expect(mailsTo(DEMO_USERS.acme, 'Portal upgrade')).toEqual([]);
    expect(mailsTo(DEMO_USERS.globex, 'Portal upgrade')).toEqual([]);
    const [delivery] = await deliveriesOf('maintenance.scheduled');
    const body = JSON.parse(delivery!.body) as { data: { customerIds: string[] } };
    expect(body.data.customerIds).toEqual(expect.arrayContaining([ctx.acmeId, ctx.globexId]));

    // A component of all customers: every company's banner shows the window.
    const globexCookie = await sessionCookieFor(t.app, DEMO_USERS.globex);
    expect(await notices(ctx.globexId, globexCookie)).toEqual([
      expect.objectContaining({ kind: 'maintenance', status: 'scheduled', sites: [] }),
    ]);
  });

  it('refuses a window that ends before it starts, and nothing is stored or sent', async () => {
    const before = await deliveriesOf('maintenance.scheduled');
    const refused = await call('POST', '/api/staff/status/maintenance', {
      title: 'Backwards',
      message: 'x',
      startsAt: '2030-03-01T10:00',
      endsAt: '2030-03-01T09:00',
      timeZone: 'Europe/Berlin',
      componentIds: [everyoneComponent],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'The window must end after it starts' });
    const same = await call('POST', '/api/staff/status/maintenance', {
      title: 'Empty',
      message: 'x',
      startsAt: '2030-03-01T10:00',
      endsAt: '2030-03-01T10:00',
      timeZone: 'Europe/Berlin',
      componentIds: [everyoneComponent],
    });
    expect(same.statusCode).toBe(400);
    // Outside attack (2026-11-29): year 0000 was a 500, 30 February became 2 March, a window of
    // 2020 was mailed as scheduled, one to 9999 never ended.
    const window = (startsAt: string, endsAt: string) =>
      call('POST', '/api/staff/status/maintenance', {
        title: 'Odd',
        message: 'x',
        startsAt,
        endsAt,
        timeZone: 'UTC',
        componentIds: [everyoneComponent],
      });
    for (const [startsAt, endsAt, message] of [
      ['0000-01-01T00:00', '0000-01-02T00:00', 'Start must be a date and time'],
      ['2030-02-30T10:00', '2030-03-01T10:00', 'Start must be a date and time'],
      ['2030-04-01T10:00', '2030-04-31T10:00', 'End must be a date and time'],
      ['2020-12-01T10:00', '2020-12-01T11:00', 'The window has already ended'],
      ['2030-03-01T10:00', '2099-12-31T23:00', 'A window lasts at most 31 days'],
    ]) {
      const res = await window(startsAt!, endsAt!);
      expect(res.statusCode, startsAt).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    expect(await deliveriesOf('maintenance.scheduled')).toHaveLength(before.length);
  });

  it('refuses bad incidents: no components, unknown ones, opened resolved, bad zone', async () => {
    const base = { title: 'X', impact: 'minor', message: 'y', componentIds: [acmeComponent] };
    const cases: [object, string][] = [
      [{ ...base, componentIds: [] }, 'Choose at least one component'],
      [
        { ...base, componentIds: ['00000000-0000-4000-8000-000000000000'] },
        'Choose components that exist',
      ],
      [
        { ...base, status: 'resolved' },
        'A new incident is investigating, identified or monitoring',
      ],
      [{ ...base, impact: 'huge' }, 'Impact must be minor, major or critical'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/staff/status/incidents', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    const zone = await call('POST', '/api/staff/status/maintenance', {
      title: 'Z',
      message: 'z',
      startsAt: '2030-03-01T10:00',
      endsAt: '2030-03-01T11:00',
      timeZone: '+01:00',
      componentIds: [acmeComponent],
    });
    expect(zone.statusCode).toBe(400);
    const missing = await call(
      'POST',
      '/api/staff/status/incidents/00000000-0000-4000-8000-000000000000/updates',
      { status: 'monitoring', message: 'x' },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('pages the incident and maintenance lists with their filters', async () => {
    const resolved = await call('GET', '/api/staff/status/incidents?status=resolved&limit=1');
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json<IncidentRow[]>().map((r) => r.title)).toEqual(['WAN link down']);
    expect(resolved.headers['x-total-count']).toBe('1');
    const open = await call('GET', '/api/staff/status/incidents?status=investigating');
    expect(open.json<IncidentRow[]>()).toEqual([]);
    const upcoming = await call('GET', '/api/staff/status/maintenance?when=upcoming&q=portal');
    expect(upcoming.json<Maintenance[]>().map((m) => m.title)).toEqual(['Portal upgrade']);
    const bad = await call('GET', '/api/staff/status/maintenance?when=someday');
    expect(bad.statusCode).toBe(400);
  });

  it('lets every staff role read, admins and agents write, and no customer in', async () => {
    const billing = await sessionCookieFor(t.app, 'billing@example.com');
    expect((await call('GET', '/api/staff/status/incidents', undefined, billing)).statusCode).toBe(
      200,
    );
    const write = await call('PUT', '/api/staff/status/settings', { enabled: true }, billing);
    expect(write.statusCode).toBe(403);
    const agent = await sessionCookieFor(t.app, 'agent@example.com');
    const byAgent = await call('PUT', '/api/staff/status/settings', { enabled: true }, agent);
    expect(byAgent.statusCode, byAgent.body).toBe(200);
    expect(byAgent.json()).toEqual({ enabled: true });
    const customer = await call(
      'GET',
      '/api/staff/status/components',
      undefined,
      ctx.customerCookie,
    );
    expect(customer.statusCode).toBe(403);
  });

  // Outside attack (2026-11-29): 100 updates made the public page a megabyte.
  it('holds at most 30 updates on an incident, and lets it be resolved at that', async () => {
    const opened = await call('POST', '/api/staff/status/incidents', {
      title: 'Chatty incident',
      impact: 'minor',
      componentIds: [acmeComponent],
      message: 'Looking.',
    });
    const id = opened.json<Incident>().id;
    await t.app.db.insert(statusIncidentUpdates).values(
      Array.from({ length: 29 }, (_, i) => ({
        incidentId: id,
        status: 'investigating' as const,
        message: `Still looking (${i}).`,
      })),
    );
    const more = await call('POST', `/api/staff/status/incidents/${id}/updates`, {
      status: 'monitoring',
      message: 'One more.',
    });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({
      message: 'An incident holds at most 30 updates: resolve it, and open a new one if needed',
    });
    const resolved = await call('POST', `/api/staff/status/incidents/${id}/updates`, {
      status: 'resolved',
      message: 'Fixed.',
    });
    expect(resolved.statusCode, resolved.body).toBe(201);
  });

  it('deletes a component; the incident that named it keeps its story', async () => {
    const gone = await call('DELETE', `/api/staff/status/components/${acmeComponent}`);
    expect(gone.statusCode).toBe(204);
    const again = await call('DELETE', `/api/staff/status/components/${acmeComponent}`);
    expect(again.statusCode).toBe(404);
    const list = (await call('GET', '/api/staff/status/components')).json<StatusComponent[]>();
    expect(list.map((c) => c.id)).toEqual([everyoneComponent]);
    const incident = await call('GET', `/api/staff/status/incidents/${acmeIncident}`);
    expect(incident.json<Incident>()).toMatchObject({ components: '', updates: { length: 3 } });
  });
});
