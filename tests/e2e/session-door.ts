// The browser tests' way in without the mail round trip: a listener of the test harness only
// (tests/e2e/serve.ts starts it beside the app; the app itself has no such route) that signs a
// user in with the app's own code, `completeSignIn` (a session row and a sign_ins row, as the
// magic link makes them), and answers the signed cookie the app would have set. Staff
// sessions from here have passed the second factor too, unless `firstStepOnly` is asked. One spec,
// auth.spec.ts, keeps the real mail flow; every other spec starts from here.
// `POST /staff` makes a staff member of a spec's own (no second factor yet).
// `POST /sla-due` puts a ticket's first response at risk a minute ago and sweeps the SLA
// warnings now (ADR 064), so a spec sees a notice without waiting for business time to pass.
// `POST /timer-started` moves a staff member's running timer's start minutes back (ADR 074), so
// a spec sees a long timer without waiting for it.
// `POST /mail` hands a raw message to the mail intake's own `ingestMessage`, as a message
// fetched from the support mailbox would be (the IMAP side is tested against Dovecot).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/client.ts';
import {
  notificationPreferences,
  sessions,
  staffTimers,
  ticketSlas,
  users,
} from '../../src/server/db/schema.ts';
import { sweepSlaAlerts } from '../../src/server/services/helpdesk/sla-alerts.ts';
import { completeSignIn } from '../../src/server/modules/auth/complete-sign-in.ts';
import { ingestMessage } from '../../src/server/services/intake/ingest.ts';
import { markSecondFactor, sha256 } from '../../src/server/services/sessions.ts';

export type DoorSession = { name: string; value: string; landing: string };

export async function startSessionDoor(app: FastifyInstance, db: Db, config: Config, port: number) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        if (req.method === 'POST' && req.url === '/mail') {
          const deps = { db, write: app.write.bind(app), storage: app.storage, config };
          const result = await ingestMessage(deps, Buffer.concat(chunks));
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
          return;
        }
        if (req.method === 'POST' && req.url === '/sla-due') {
          const { ticketId } = JSON.parse(Buffer.concat(chunks).toString()) as { ticketId: string };
          const made = await app.write(async (tx) => {
            await tx
              .update(ticketSlas)
              .set({ firstResponseAtRiskAt: sql`now() - interval '1 minute'` })
              .where(eq(ticketSlas.ticketId, ticketId));
            return sweepSlaAlerts(tx, config.appUrl);
          });
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ made }));
          return;
        }
        if (req.method === 'POST' && req.url === '/timer-started') {
          const { email, minutesAgo } = JSON.parse(Buffer.concat(chunks).toString()) as {
            email: string;
            minutesAgo: number;
          };
          const moved = await db
            .update(staffTimers)
            .set({ runningSince: sql`now() - make_interval(mins => ${minutesAgo})` })
            .where(
              sql`${staffTimers.userId} = (select ${users.id} from ${users} where lower(${users.email}) = ${email.toLowerCase()})`,
            )
            .returning({ userId: staffTimers.userId });
          res.writeHead(moved.length ? 200 : 404).end();
          return;
        }
        // A staff member of the spec's own, without a second factor yet: the app has no door
        // that makes staff, and a spec that enrols one must not depend on the run before it.
        if (req.method === 'POST' && req.url === '/staff') {
          const email = `staff.${randomUUID()}@example.com`;
          await db.transaction(async (tx) => {
            const [user] = await tx
              .insert(users)
              .values({
                email,
                firstName: 'Sam',
                lastName: 'Staff',
                role: 'staff',
                staffRole: 'admin',
              })
              .returning({ id: users.id });
            await tx.insert(notificationPreferences).values({ userId: user!.id });
          });
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ email }));
          return;
        }
        const body = Buffer.concat(chunks).toString();
        const { email, firstStepOnly, minutesAgo } = JSON.parse(body || '{}') as {
          email?: string;
          firstStepOnly?: boolean;
          /** Signed in (and past the second factor) this long ago: the recent-sign-in specs. */
          minutesAgo?: number;
        };
        const [user] = email
          ? await db
              .select({ id: users.id })
              .from(users)
              .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
              .limit(1)
          : [];
        const done = user
          ? await db.transaction(async (tx) => {
              const signedIn = await completeSignIn(
                tx,
                user.id,
                { userAgent: 'e2e session door', ip: '127.0.0.1' },
                'link',
              );
              // Staff specs start past the second factor unless they test it (firstStepOnly).
              if (signedIn && !firstStepOnly)
                await markSecondFactor(tx, sha256(signedIn.sessionId), { wasPending: false });
              if (signedIn && minutesAgo) {
                const then = sql`now() - make_interval(mins => ${minutesAgo})`;
                await tx
                  .update(sessions)
                  .set({ createdAt: then, secondFactorAt: firstStepOnly ? null : then })
                  .where(eq(sessions.idHash, sha256(signedIn.sessionId)));
              }
              return signedIn;
            })
          : null;
        if (req.method !== 'POST' || !done) {
          res.writeHead(404).end(`no active user ${email ?? ''}`);
          return;
        }
        const session: DoorSession = {
          name: app.sessionCookieName,
          value: app.signCookie(done.sessionId),
          landing: done.landing,
        };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(session));
      })().catch((error: unknown) => res.writeHead(500).end(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
