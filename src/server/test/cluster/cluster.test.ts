// Three app servers behind nginx on one PostgreSQL, Redis and S3-protocol bucket (issue 41, ADR
// 077): what a second server must not break. Sessions, a reply, a file and a dashboard's cache
// across servers; the mailbox read by one server at a time and taken over when it is killed; a
// server killed mid-upload and mid-round of webhook deliveries. PostgreSQL pass only
// (DATABASE_URL): the cluster needs a real server to make its database on, as the crash tests do.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import https from 'node:https';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documents, intakeMessages, mailOutbox, webhookDeliveries } from '../../db/schema.ts';
import { FILE_CSP } from '../../lib/safe-file.ts';
import { ORPHAN_GRACE_MS, sweepOrphanFilesOnce } from '../../services/orphan-files.ts';
import { DEMO_STAFF_EMAIL, DEMO_USERS } from '../../seed/demo.ts';
import { z } from 'zod';
import { currentUserSchema } from '../../../shared/schemas/auth.ts';
import { dashboardSchema } from '../../../shared/schemas/dashboard.ts';
import {
  ticketCategories,
  ticketDepartments,
  ticketSchema,
} from '../../../shared/schemas/tickets.ts';
import { ticketAttachmentSchema } from '../../../shared/schemas/ticket-attachments.ts';
import { webhookWithSecretSchema } from '../../../shared/schemas/webhooks.ts';
import { messageWithFiles, pngOf } from '../attachment-files.ts';
import { dovecotMissing, startDovecot, type Dovecot } from '../dovecot.ts';
import { TMP_ROOT } from '../template.ts';
import { findNginx } from '../../../../tests/e2e/tls/nginx.ts';
import { appServerCommand } from './app-process.ts';
import { sdkAppId, startCluster, type Cluster } from './cluster.ts';
import { startHookReceiver } from './hook-receiver.ts';
import { signInThroughNginx } from './sign-in.ts';
import { ownerOfPort } from './socket-owner.ts';

const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/12';
/** services/intake/mailbox.ts's advisory lock: a bigint key below 2^32 is (classid 0, objid). */
const MAILBOX_LOCK_ID = 727_016;
const run = randomBytes(4).toString('hex');
/** When vitest loaded the file: its wall time is printed at the end (ADR 077's budget). */
const loadedAt = Date.now();

type Json = Record<string, unknown>;
type Answer = { status: number; json: unknown };

// The PostgreSQL pass (the cluster makes its database on DATABASE_URL's server); there, a machine
// without nginx skips it and says why.
const nginxMissing = process.env.DATABASE_URL && !findNginx();
if (nginxMissing)
  console.warn('Skipping the cluster test: nginx is not installed (apt-get install nginx).');
const skip = !process.env.DATABASE_URL || nginxMissing;
describe.skipIf(skip)('three app servers behind nginx on one bucket (PostgreSQL, nginx)', () => {
  let c: Cluster;
  let dovecot: Dovecot | undefined;
  let customer: string;
  let staff: string;
  let companyId: string;
  let observer: pg.Client;

  beforeAll(async () => {
    const started = Date.now();
    console.log(`app servers run from the ${appServerCommand().from}`);
    dovecot = dovecotMissing ? undefined : await startDovecot();
    // Waiting when the servers start: whichever takes the mailbox reads it at once.
    await dovecot?.append(mail('first'));
    c = await startCluster({
      postgresUrl: process.env.DATABASE_URL ?? '',
      redisUrl: REDIS_URL,
      dir: path.join(TMP_ROOT, `cluster-${run}`),
      basePort: process.env.CLUSTER_PORT ? Number(process.env.CLUSTER_PORT) : undefined,
      imapUrl: dovecot?.url,
    });
    observer = new pg.Client({ connectionString: c.databaseUrl });
    await observer.connect();
    customer = await signInThroughNginx(c, DEMO_USERS.acme).catch(async (err: unknown) => {
      // Where the sign-in mail is: unsent (and why), sent to the sink, or never written.
      const rows = await c.db
        .select({
          subject: mailOutbox.subject,
          status: mailOutbox.status,
          attempts: mailOutbox.attempts,
          lastError: mailOutbox.lastError,
          createdAt: mailOutbox.createdAt,
          nextAttemptAt: mailOutbox.nextAttemptAt,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, DEMO_USERS.acme));
      console.log(`sign-in mails in the outbox at ${new Date().toISOString()}:`, rows);
      printServers();
      throw err;
    });
    staff = await c.sessionCookie(DEMO_STAFF_EMAIL);
    const me = currentUserSchema.parse((await viaNginx('GET', '/api/auth/user', customer)).json);
    companyId = me.customers.find((x) => x.name === 'Acme Logistics')?.id ?? '';
    console.log(`cluster up and signed in after ${Date.now() - started} ms`);
  }, 240_000);
  // A failure says what the servers said (warnings and errors: CLUSTER_LOG_LEVEL for more).
  const printServers = () => {
    for (const app of c?.apps ?? [])
      console.log(`--- app server ${app.n}:\n${app.output().slice(-4000)}`);
  };
  afterEach((context) => {
    if (context.task.result?.state === 'fail') printServers();
  });
  afterAll(async () => {
    await observer?.end();
    await c?.stop();
    await dovecot?.stop();
    console.log(`cluster test file: ${Date.now() - loadedAt} ms from load to stop`);
  });

  /** A JSON request through nginx (TLS, whichever server it picks). */
  const viaNginx = async (
    method: string,
    url: string,
    cookie: string,
    body?: Json,
  ): Promise<Answer> => {
    const answer = await c.request(`${c.origin}${url}`, {
      method,
      headers: {
        cookie,
        origin: c.origin,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: answer.status, json: JSON.parse(answer.body || 'null') };
  };
  const app = (n: number) => {
    const found = c.apps[n - 1];
    if (!found) throw new Error(`no app server ${n}`);
    return found;
  };
  /** A JSON request straight to one app server, past nginx. */
  const direct = async (
    n: number,
    method: string,
    url: string,
    cookie: string,
    body?: Json,
  ): Promise<Answer> => {
    const res = await fetch(`${app(n).url}${url}`, {
      method,
      headers: {
        cookie,
        origin: c.origin,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json() };
  };
  const newTicket = (subject: string) => ({
    subject,
    description: `Opened by the cluster test ${run}.`,
    category: ticketCategories[0],
    department: ticketDepartments[0],
  });
  const tickets = () => `/api/customers/${companyId}/tickets`;

  it('signs in through nginx, and every server honours the session', async () => {
    expect(companyId).not.toBe('');
    for (const n of [1, 2, 3]) {
      const me = await direct(n, 'GET', '/api/auth/user', customer);
      expect(me.status).toBe(200);
      expect(currentUserSchema.parse(me.json).email).toBe(DEMO_USERS.acme);
    }
    expect((await viaNginx('GET', '/api/staff/customers', staff)).status).toBe(200);
  });

  it('shows a reply written on one server in the portal read through the others', async () => {
    const subject = `Cluster reply ${run}`;
    const opened = await viaNginx('POST', tickets(), customer, newTicket(subject));
    expect(opened.status, JSON.stringify(opened.json)).toBe(201);
    const ticketId = ticketSchema.parse(opened.json).id;
    const message = `Answered on server 1 (${run}).`;
    const replied = await direct(1, 'POST', `/api/staff/tickets/${ticketId}/replies`, staff, {
      message,
    });
    expect(replied.status, JSON.stringify(replied.json)).toBe(201);
    for (const n of [2, 3]) {
      const list = await direct(
        n,
        'GET',
        `${tickets()}?q=${encodeURIComponent(subject)}`,
        customer,
      );
      expect(list.status).toBe(200);
      const ticket = z
        .array(ticketSchema)
        .parse(list.json)
        .find((t) => t.id === ticketId);
      expect(ticket?.replies.map((r) => r.message)).toContain(message);
    }
  });

  it('serves a file uploaded through nginx, and its thumbnail, from every server', async () => {
    const picture = await pngOf(640, 480);
    const form = await messageWithFiles(newTicket(`Cluster file ${run}`), [
      { name: 'screen.png', type: 'image/png', data: picture },
    ]);
    const opened = await c.request(`${c.origin}${tickets()}`, {
      method: 'POST',
      headers: { cookie: customer, origin: c.origin, ...form.headers },
      body: form.payload,
    });
    expect(opened.status, opened.body).toBe(201);
    const ticketId = ticketSchema.parse(JSON.parse(opened.body)).id;
    const files = await viaNginx('GET', `${tickets()}/${ticketId}/attachments`, customer);
    const [image] = z.array(ticketAttachmentSchema).parse(files.json);
    if (!image) throw new Error('the ticket has no attachment');
    // Whichever server took the upload, the two others read the bucket (the cache of
    // thumbnails is per server: theirs is empty for this one).
    const file = `${app(1).url}${tickets()}/${ticketId}/attachments/${image.id}`;
    const thumbs: Buffer[] = [];
    for (const n of [1, 2, 3]) {
      const url = file.replace(app(1).url, app(n).url);
      const original = await fetch(url, { headers: { cookie: customer } });
      expect(original.status, `server ${n}`).toBe(200);
      expect(Buffer.from(await original.arrayBuffer()).equals(picture), `server ${n}`).toBe(true);
      const thumb = await fetch(`${url}?variant=thumb`, { headers: { cookie: customer } });
      expect(thumb.status, `server ${n}`).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
      for (const answer of [original, thumb]) {
        expect(answer.headers.get('content-security-policy')).toBe(FILE_CSP);
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        expect(answer.headers.get('cache-control')).toBe('private, no-store');
      }
      expect(original.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(thumb.headers.get('content-disposition')).toMatch(/^inline/);
      thumbs.push(Buffer.from(await thumb.arrayBuffer()));
    }
    expect(thumbs[0]?.length).toBeGreaterThan(0);
    for (const thumb of thumbs) expect(thumb.equals(thumbs[0] ?? Buffer.alloc(0))).toBe(true);
  });

  it("forgets a company's dashboard on every server after a write on one", async () => {
    const dashboard = `/api/customers/${companyId}/dashboard`;
    const openOn = async (n: number) => {
      const answer = await direct(n, 'GET', dashboard, customer);
      expect(answer.status).toBe(200);
      return dashboardSchema.parse(answer.json).stats.openTickets;
    };
    // Read on each server (kept in its memory from then on: plugins/company-caches.ts).
    const before = await openOn(1);
    for (const n of [2, 3]) expect(await openOn(n)).toBe(before);
    const opened = await direct(1, 'POST', tickets(), customer, newTicket(`Cache ${run}`));
    expect(opened.status).toBe(201);
    expect(await openOn(1)).toBe(before + 1);
    // The others learn it from PostgreSQL's company_changed notice; a missed one keeps `before`.
    for (const n of [2, 3]) {
      await expect.poll(() => openOn(n), { timeout: 5000 }).toBe(before + 1);
    }
  });

  /** The app servers holding the mailbox's advisory lock in this cluster's database. */
  const mailboxHolders = async () => {
    const { rows } = await observer.query<{ port: number }>(
      `select a.client_port as port from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'advisory' and l.granted and l.classid = 0 and l.objid = $1
         and l.objsubid = 1 and l.database = (select oid from pg_database where datname = current_database())`,
      [MAILBOX_LOCK_ID],
    );
    const pids = c.apps.filter((a) => a.running()).map((a) => a.pid());
    return Promise.all(rows.map((r) => ownerOfPort(r.port, pids)));
  };
  const mail = (id: string) =>
    [
      `From: ${DEMO_USERS.acme}`,
      'To: support@example.com',
      `Subject: Cluster mailbox ${run} ${id}`,
      `Message-ID: <${id}-${run}@client.example>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      `Sent to the cluster (${id}).`,
      '',
    ].join('\r\n');
  const stored = async (id: string) =>
    (
      await c.db
        .select({ id: intakeMessages.messageId })
        .from(intakeMessages)
        .where(eq(intakeMessages.messageId, `<${id}-${run}@client.example>`))
    ).length;

  it.skipIf(Boolean(dovecotMissing))(
    'lets exactly one server read the mailbox; when it is killed another takes over within 30 s',
    async () => {
      const box = dovecot;
      if (!box) throw new Error(dovecotMissing);
      await expect.poll(() => stored('first'), { timeout: 30_000 }).toBe(1);
      const [holder, ...others] = await mailboxHolders();
      expect(others).toEqual([]);
      const victim = c.apps.find((a) => a.pid() === holder);
      expect(victim).toBeDefined();

      await victim?.kill('SIGKILL');
      const killedAt = Date.now();
      await box.append(mail('second'));
      await expect.poll(() => stored('second'), { timeout: 30_000, interval: 100 }).toBe(1);
      const takeoverMs = Date.now() - killedAt;
      console.log(`mailbox taken over ${takeoverMs} ms after its holder was killed`);
      const [next, ...more] = await mailboxHolders();
      expect(more).toEqual([]);
      expect(next).toBeDefined();
      expect(next).not.toBe(holder);
      await victim?.start();
    },
  );

  /** Every key in the cluster's bucket, sorted. */
  const objects = async () => {
    const keys: string[] = [];
    for await (const { key } of c.storage.list()) keys.push(key);
    return keys.sort();
  };

  it('keeps no row nor object of a 25 MB upload whose server is killed midway; the sweep takes a left-over', async () => {
    const name = `killed-${run}.pdf`;
    const before = await objects();
    const boundary = `cluster${run}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nother\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const fileBytes = 25 * 1024 * 1024 - 9;
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const req = https.request(`${c.origin}/api/staff/customers/${companyId}/documents`, {
      method: 'POST',
      ca: await fs.readFile(c.certs.ca),
      agent: false,
      headers: {
        cookie: staff,
        origin: c.origin,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + fileBytes + tail.length),
      },
    });
    const answered = new Promise<string>((resolve) => {
      req.on('response', (res) => {
        res.resume();
        resolve(`answered ${res.statusCode}`);
      });
      req.on('error', () => resolve('no answer'));
    });
    const send = (data: Buffer) =>
      new Promise<void>((resolve) => (req.write(data) ? resolve() : req.once('drain', resolve)));
    const partsBefore = c.s3.partSenders().length;
    await send(head);
    for (let i = 0; i < 12; i++) await send(chunk);
    // Mid-write: whichever server nginx chose has sent the bucket a part of the file (5 MiB
    // each), named by its SDK app id in the user agent.
    const victim = await vi.waitFor(
      () => {
        const senders = c.s3.partSenders().slice(partsBefore);
        const found = c.apps.find((a) => a.running() && senders.includes(sdkAppId(a.n)));
        if (!found) throw new Error(`no app server has sent a part yet (${senders.join(', ')})`);
        return found;
      },
      { timeout: 15_000, interval: 100 },
    );
    await victim.kill('SIGKILL');
    req.destroy();
    expect(await answered).not.toBe('answered 201');

    expect(await c.db.select().from(documents).where(eq(documents.name, name))).toEqual([]);
    const list = await viaNginx('GET', `/api/staff/customers/${companyId}/documents`, staff);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.json)).not.toContain(name);
    // An unfinished multipart upload is no object (the bucket's lifecycle rule ends it).
    expect(await objects()).toEqual(before);

    // A server killed between its object and its row leaves an object no row names: the sweep
    // (as the servers run it, claimed by one) removes it once past the grace period, and only it.
    const leftOver = `documents/${companyId}/left-over-${run}`;
    await c.storage.put(leftOver, Buffer.from('%PDF-1.4 written, its row never committed'));
    const later = { now: new Date(Date.now() + ORPHAN_GRACE_MS + 60_000) };
    // Another server may be sweeping right now (the one restarted above sweeps at start).
    const swept = await vi.waitFor(
      async () => {
        const result = await sweepOrphanFilesOnce(c.database, c.storage, later);
        if (!result) throw new Error('another server holds the sweep');
        return result;
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(swept.removed).toEqual([leftOver]);
    expect(await objects()).toEqual(before);
    await victim.start();
  });

  it('delivers every webhook of a round whose server is killed, doubled only where in flight', async () => {
    const receiver = await startHookReceiver(c.certs);
    try {
      const created = await viaNginx('POST', '/api/staff/webhooks', staff, {
        url: receiver.url,
        events: ['ticket.created'],
        active: true,
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      const endpointId = webhookWithSecretSchema.parse(created.json).id;
      const total = 12;
      const opened = await Promise.all(
        Array.from({ length: total }, (_, i) =>
          viaNginx('POST', tickets(), customer, newTicket(`Hook ${run} ${i}`)),
        ),
      );
      expect(opened.map((o) => o.status)).toEqual(Array(total).fill(201));
      // The first delivery of these tickets to arrive is held: its sender is mid-round. (Tickets
      // the mailbox makes meanwhile are delivered too; they are not counted.)
      const marker = `Hook ${run} `;
      const ours = () => receiver.received.filter((d) => d.body.includes(marker));
      await expect.poll(() => ours().length, { timeout: 15_000 }).toBeGreaterThan(0);
      const pids = c.apps.filter((a) => a.running()).map((a) => a.pid());
      const [first] = ours();
      const victimPid = first ? await ownerOfPort(first.senderPort, pids) : undefined;
      const victim = c.apps.find((a) => a.pid() === victimPid);
      expect(victim).toBeDefined();
      await victim?.kill('SIGKILL');
      // Every held connection that no running server owns any more has been seen to close.
      const live = c.apps.filter((a) => a.running()).map((a) => a.pid());
      const orphansOpen = async () => {
        let open = 0;
        for (const d of ours()) {
          if (!d.dropped() && !(await ownerOfPort(d.senderPort, live))) open += 1;
        }
        return open;
      };
      await expect.poll(() => first?.dropped(), { timeout: 5000 }).toBe(true);
      await expect.poll(orphansOpen, { timeout: 5000 }).toBe(0);
      // In flight at the kill: sent by the killed server, its connection gone unanswered. The
      // answers held for the servers still running go out now, long before their lease ends.
      const inFlight = ours().filter((d) => d.dropped() && !d.answered);
      receiver.release();

      // The killed server's claims lapse (app-server.ts: 8 s) and another server sends them.
      const rows = () =>
        c.db
          .select({ id: webhookDeliveries.id, status: webhookDeliveries.status })
          .from(webhookDeliveries)
          .where(
            and(
              eq(webhookDeliveries.endpointId, endpointId),
              like(webhookDeliveries.body, `%${marker}%`),
            ),
          );
      const delivered = async () => (await rows()).filter((d) => d.status === 'delivered').length;
      await expect.poll(delivered, { timeout: 30_000, interval: 200 }).toBe(total);
      const ids = (await rows()).map((d) => d.id);
      expect(ids).toHaveLength(total);
      const timesAnswered = (id: string) =>
        receiver.received.filter((d) => d.id === id && d.answered).length;
      const timesSent = (id: string) => receiver.received.filter((d) => d.id === id).length;
      const doubled = new Set(inFlight.map((d) => d.id));
      // None lost: each answered exactly once. Sent twice only if it was in flight at the kill.
      expect(ids.map(timesAnswered)).toEqual(Array(total).fill(1));
      expect(ids.map((id) => timesSent(id))).toEqual(ids.map((id) => (doubled.has(id) ? 2 : 1)));
      console.log(
        `webhook round: ${inFlight.length} of ${total} deliveries were in flight on the killed server, each sent again once`,
      );
    } finally {
      await receiver.close();
    }
  });
});
