import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpTokens } from '../../../shared/help-center.ts';
import { prerenderFile, SHELL_PAGE } from '../../../shared/prerender.ts';
import { paths } from '../../../shared/routes.ts';
import type { StatusComponent } from '../../../shared/schemas/status-page.ts';
import {
  statusIncidentComponents,
  statusIncidentUpdates,
  statusIncidents,
  statusMaintenance,
  statusMaintenanceComponents,
} from '../../db/schema.ts';
import { staffTestContext } from '../../test/staff-context.ts';
import { TMP_ROOT } from '../../test/template.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const PLACEHOLDER = '<html><head></head><body><h2>Coming Soon</h2></body></html>';

/** The build's files the page needs: the spec's placeholder and the public template. */
async function writeClient(dir: string) {
  const template = `<html><head><title>${helpTokens.title}</title><link rel="canonical" href="__APP_URL__${helpTokens.path}" /><meta name="csp-nonce" content="__CSP_NONCE__" /></head><body><header>Meridian</header><div>${helpTokens.content}</div></body></html>`;
  for (const [file, text] of [
    ['index.html', '<html><head></head><body>shell</body></html>'],
    [prerenderFile(SHELL_PAGE), '<html><head></head><body>shell</body></html>'],
    [prerenderFile(paths.systemStatus), PLACEHOLDER],
    [prerenderFile(paths.help), template],
  ] as const) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), text);
  }
}

const DAY = 86_400_000;

// Issue 43 item 3 (ADR 079): `/system-status` is the spec's placeholder until staff turn the
// live page on with at least one component; then the state, incidents, maintenance and 90
// days of history, in the HTML itself (no script needed).
describe('the public /system-status page', () => {
  let t: TestApp;
  let ctx: Awaited<ReturnType<typeof staffTestContext>>;
  const clientDir = path.join(TMP_ROOT, `status-client-${process.pid}`);
  const staff = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: ctx.staffCookie } });
  const page = async () => {
    const res = await t.app.inject({ method: 'GET', url: paths.systemStatus });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    return res.body;
  };

  beforeAll(async () => {
    await writeClient(clientDir);
    t = await createTestApp({ clientDir, appUrl: 'https://www.meridian.example' });
    ctx = await staffTestContext(t.app);
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(clientDir, { recursive: true, force: true });
  });

  it('shows the placeholder while off, and while on with no component', async () => {
    expect(await page()).toBe(PLACEHOLDER);
    expect((await staff('PUT', '/api/staff/status/settings', { enabled: true })).statusCode).toBe(
      200,
    );
    expect(await page()).toBe(PLACEHOLDER);
  });

  it('shows the live state once a component exists, and each change on the next load', async () => {
    const made = await staff('POST', '/api/staff/status/components', {
      name: 'Help Desk <Phones>',
      description: 'Calls and e-mail',
      allCustomers: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const componentId = made.json<StatusComponent>().id;
    let html = await page();
    expect(html).toContain('<title>System Status | Meridian IT Services</title>');
    expect(html).toContain('href="https://www.meridian.example/system-status"');
    expect(html).toContain('All Systems Operational');
    // What staff type is text, never markup.
    expect(html).toContain('Help Desk &lt;Phones&gt;');
    expect(html).not.toContain('<Phones>');
    expect(html).toContain('No incidents right now.');

    const opened = await staff('POST', '/api/staff/status/incidents', {
      title: 'Phones <b>down</b>',
      impact: 'major',
      componentIds: [componentId],
      message: 'Calls fail; use e-mail meanwhile.',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    html = await page();
    expect(html).toContain('Partial Outage');
    expect(html).toContain('Phones &lt;b&gt;down&lt;/b&gt;');
    expect(html).toContain('<strong>Investigating</strong>: Calls fail; use e-mail meanwhile.');
    expect(html).toMatch(/Partial outage<\/span>/);

    const start = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    const window = await staff('POST', '/api/staff/status/maintenance', {
      title: 'Phone system firmware',
      message: 'Short drops possible.',
      startsAt: `${start}T09:00`,
      endsAt: `${start}T10:00`,
      timeZone: 'Europe/Berlin',
      componentIds: [componentId],
    });
    expect(window.statusCode, window.body).toBe(201);
    html = await page();
    expect(html).toContain('Phone system firmware');
    expect(html).toMatch(/9:00 AM GMT\+1|9:00 AM GMT\+2|9:00 AM CET|9:00 AM CEST/);

    // Off again: the placeholder, whatever is configured.
    await staff('PUT', '/api/staff/status/settings', { enabled: false });
    expect(await page()).toBe(PLACEHOLDER);
    await staff('PUT', '/api/staff/status/settings', { enabled: true });
  });

  it('keeps 90 days of history: resolved incidents and past windows older than that are gone', async () => {
    const [component] = (
      await t.app.inject({
        method: 'GET',
        url: '/api/staff/status/components',
        headers: { cookie: ctx.staffCookie },
      })
    ).json<StatusComponent[]>();
    const past = async (title: string, daysAgo: number) => {
      const at = new Date(Date.now() - daysAgo * DAY);
      const [incident] = await t.app.db
        .insert(statusIncidents)
        .values({ title, impact: 'minor', status: 'resolved', createdAt: at, resolvedAt: at })
        .returning();
      await t.app.db
        .insert(statusIncidentComponents)
        .values({ incidentId: incident!.id, componentId: component!.id });
      await t.app.db
        .insert(statusIncidentUpdates)
        .values({ incidentId: incident!.id, status: 'resolved', message: 'Fixed', createdAt: at });
      const [window] = await t.app.db
        .insert(statusMaintenance)
        .values({
          title: `${title} window`,
          message: 'Done',
          startsAt: new Date(at.getTime() - 3_600_000),
          endsAt: at,
          timeZone: 'UTC',
        })
        .returning();
      await t.app.db
        .insert(statusMaintenanceComponents)
        .values({ maintenanceId: window!.id, componentId: component!.id });
    };
    await past('Recent outage', 89);
    await past('Ancient outage', 91);
    const html = await page();
    expect(html).toContain('Past 90 Days');
    expect(html).toContain('Recent outage');
    expect(html).toContain('Recent outage window');
    expect(html).not.toContain('Ancient outage');
  });
});
