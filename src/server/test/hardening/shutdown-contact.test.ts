import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { like, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { contactMessages, mailOutbox } from '../../db/schema.ts';
import { startSmtpSink } from '../smtp-sink.ts';
import { createTestDatabase, type TestDatabase } from '../test-app.ts';

const DOMAIN = '@shutdown.example';
const SALES = 'sales@meridian-it.example';

type Outcome = { email: string; status?: number; body?: unknown; error?: string };

const children: ChildProcess[] = [];

/**
 * The real entry point (`server.ts`), as production starts it, on the given database; its
 * port once it listens, and its log (stdout) so far.
 */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    void exited.then(() => reject(new Error(`server exited early:\n${out}`)));
  });
  return { child, port, exited, output: () => out };
}

/**
 * A submission whose body is still arriving: the headers first, then (once the server has
 * taken the request) the first bytes, the rest when `finish` is called. `accepted` resolves
 * when the server has taken it: its `100 Continue` to the `Expect` header is sent as it hands
 * the request to the app. `outcome` settles with the answer or the connection error.
 */
function trickledSubmission(port: number, email: string) {
  const body = JSON.stringify({ name: 'Slow visitor', email, message: 'Sent over a slow line' });
  const half = Math.floor(body.length / 2);
  let finish = () => {};
  let accept = () => {};
  const accepted = new Promise<void>((resolve) => (accept = resolve));
  const outcome = new Promise<Outcome>((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/contact',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': '10.9.0.1',
          expect: '100-continue',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ email, status: res.statusCode, body: JSON.parse(text) }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ email, error: err.code }));
    req.on('continue', () => {
      req.write(body.slice(0, half));
      accept();
    });
    req.flushHeaders();
    finish = () => req.end(body.slice(half));
  });
  return { accepted, outcome, finish: () => finish() };
}

describe('a contact submission during SIGTERM', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let tdb: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    tdb = await createTestDatabase();
    // The server processes open the database themselves (PGlite allows one process at a time).
    await tdb.database.close();
    env = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'shutdown-test-secret-shutdown-test-secret',
      DATA_DIR: tdb.dataDir,
      DATABASE_URL: tdb.databaseUrl ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      APP_URL: 'http://127.0.0.1',
      SMTP_URL: sink.url,
      SALES_EMAIL: SALES,
      LOG_LEVEL: 'info',
      // Each submission comes from its own client address, as behind a proxy on this host
      // (the test), so the per-address form limit stays as production has it and never
      // answers 429 here.
      TRUST_PROXY: '127.0.0.1',
    };
  });
  afterAll(async () => {
    // A failed assertion leaves a server running: stop it before its database goes.
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await sink?.close();
    await tdb?.destroy();
  });

  // Two server starts and an outbox round trip: longer than the suite's default on a busy machine.
  it(
    'is either stored with its mail or refused with 503, never half-stored',
    { timeout: 240_000 },
    async () => {
      const first = startServer(env);
      const port = await first.port;
      const outcomes: Outcome[] = [];
      let sent = 0;
      let stopped = false;
      const loop = async () => {
        while (!stopped) {
          const n = sent++;
          const email = `visitor-${n}${DOMAIN}`;
          try {
            const res = await fetch(`http://127.0.0.1:${port}/api/contact`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-forwarded-for': `10.8.${Math.floor(n / 250)}.${(n % 250) + 1}`,
              },
              body: JSON.stringify({ name: `Visitor ${n}`, email, message: `Message ${n}` }),
            });
            outcomes.push({ email, status: res.status, body: await res.json() });
          } catch (err) {
            const code = (err as { cause?: { code?: string } }).cause?.code ?? String(err);
            outcomes.push({ email, error: code });
            if (code === 'ECONNREFUSED') return;
          }
        }
      };
      const loops = Array.from({ length: 4 }, loop);
      await vi.waitFor(() => expect(outcomes.length).toBeGreaterThanOrEqual(8), {
        timeout: 30_000,
        interval: 100,
      });
      // The events in order, each waited for: the server has taken the slow submission (its
      // headers), then the signal, then the shutdown under way, then the rest of the body.
      const slow = trickledSubmission(port, `slow${DOMAIN}`);
      await slow.accepted;
      first.child.kill('SIGTERM');
      await vi.waitFor(
        () => expect(first.output()).toContain('shutting down: finishing in-flight requests'),
        { timeout: 30_000, interval: 20 },
      );
      slow.finish();
      outcomes.push(await slow.outcome);
      expect(await first.exited).toBe(0);
      stopped = true;
      await Promise.all(loops);
      // Its headers came before the signal: the server accepted it, so it completes.
      expect(outcomes.find((o) => o.email === `slow${DOMAIN}`)?.status).toBe(201);

      const statuses = outcomes.flatMap((o) => (o.status === undefined ? [] : [o.status]));
      expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
      for (const o of outcomes.filter((x) => x.status === 503)) {
        expect(o.body).toMatchObject({ message: expect.any(String) });
      }
      // A failed connection is one the server no longer took, never a half-answered request.
      const errors = outcomes.flatMap((o) => (o.error === undefined ? [] : [o.error]));
      expect(
        errors.filter((e) => !['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(e)),
      ).toEqual([]);
      const stored = outcomes.filter((o) => o.status === 201);
      expect(stored.length).toBeGreaterThan(0);

      // After a restart the outbox delivers whatever the first process had not sent.
      const second = startServer(env);
      await second.port;
      const undelivered = () =>
        stored.filter(
          (o) =>
            sink.mailsTo(o.email).length === 0 ||
            !sink.mailsTo(SALES).some((m) => m.text.includes(`Email: ${o.email}`)),
        );
      await vi.waitFor(() => expect(undelivered().map((o) => o.email)).toEqual([]), {
        timeout: 90_000,
        interval: 100,
      });
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      const database = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
      try {
        const rows = await database.db
          .select({ id: contactMessages.id, email: contactMessages.email })
          .from(contactMessages)
          .where(like(contactMessages.email, `%${DOMAIN}`));
        // Exactly the submissions answered 201 are stored, under the id they were given.
        expect(new Map(rows.map((r) => [r.email, r.id]))).toEqual(
          new Map(stored.map((o) => [o.email, (o.body as { id: string }).id])),
        );
        const mails = await database.db
          .select({ to: mailOutbox.to, replyTo: mailOutbox.replyTo, status: mailOutbox.status })
          .from(mailOutbox)
          .where(or(like(mailOutbox.to, `%${DOMAIN}`), like(mailOutbox.replyTo, `%${DOMAIN}`)));
        // Each stored message has its two mails, each sent once; a refused one has none.
        const expected = stored.flatMap((o) => [`to ${o.email}`, `to sales for ${o.email}`]);
        const actual = mails.map((m) =>
          m.to === SALES ? `to sales for ${m.replyTo}` : `to ${m.to}`,
        );
        expect(actual.sort()).toEqual(expected.sort());
        expect(mails.every((m) => m.status === 'sent')).toBe(true);
        for (const o of stored) {
          expect(sink.mailsTo(o.email)).toHaveLength(1);
        }
      } finally {
        await database.close();
      }
    },
  );
});
