// The production shape with several app servers, on one machine's loopback (issue 41, ADR 077):
// a new database on a PostgreSQL server, Redis for the shared rate limits, an S3-protocol server
// for the files, an SMTP sink, three app servers and nginx running deploy/nginx/meridian.conf
// with the three as its upstream, over TLS with a throw-away CA. `npm run cluster` starts it
// for a person; cluster.test.ts drives it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sign } from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { sessionCookieName } from '../../plugins/session/plugin.ts';
import { openStorage } from '../../services/open-storage.ts';
import { createSession } from '../../services/sessions.ts';
import { freePort } from '../free-port.ts';
import { redisAnswers } from '../redis.ts';
import { startS3Server } from '../s3-server.ts';
import { createSeededDatabase } from '../seeded-database.ts';
import { startSmtpSink } from '../smtp-sink.ts';
import { makeTestCertificates } from '../../../../tests/e2e/tls/certificates.ts';
import { requestWithCa } from '../../../../tests/e2e/tls/https.ts';
import { SITE, findNginx, siteForTest, startNginx } from '../../../../tests/e2e/tls/nginx.ts';
import { appProcess, type AppProcess } from './app-process.ts';
import { pollUntil } from './poll.ts';

export type ClusterOptions = {
  /** A PostgreSQL server's URL with the right to create databases; a new one is made on it. */
  postgresUrl: string;
  /** Redis with its database number (`redis://127.0.0.1:6379/12`): the app's keys go there. */
  redisUrl: string;
  /** A work folder of its own: certificates, nginx, each server's DATA_DIR. Emptied first. */
  dir: string;
  /** nginx's TLS port; the others follow it (HTTP, SMTP, the apps, S3). Unset: free ports. */
  basePort?: number;
  /** The support mailbox every server may read (one at a time). */
  imapUrl?: string;
  /** How many app servers (3; the bench compares 1). */
  appCount?: number;
  /** More environment for every app server (the bench lifts the per-session read limits). */
  env?: Record<string, string>;
};

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** How app server `n` names itself to the bucket (the SDK's user agent): the test sees who writes. */
export const sdkAppId = (n: number) => `cluster-app-${n}`;

export async function startCluster(options: ClusterOptions) {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed: apt-get install nginx');
  if (!(await redisAnswers(options.redisUrl)))
    throw new Error(`Redis does not answer at ${options.redisUrl}: start it or set REDIS_URL`);
  await fs.rm(options.dir, { recursive: true, force: true });
  await fs.mkdir(options.dir, { recursive: true });
  const base = options.basePort;
  const appCount = options.appCount ?? 3;
  const port = async (offset: number) => (base ? base + offset : freePort());
  const ports = {
    https: await port(0),
    http: await port(1),
    smtp: await port(2),
    apps: [] as number[],
    s3: await port(3 + appCount),
  };
  for (let i = 0; i < appCount; i++) ports.apps.push(await port(3 + i));
  const host = `localhost:${ports.https}`;
  const origin = `https://${host}`;

  const stops: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => undefined);
    await fs.rm(options.dir, { recursive: true, force: true });
  };
  try {
    // Independent of each other: started together.
    const [certs, s3, sink] = await Promise.all([
      makeTestCertificates(path.join(options.dir, 'certs')),
      startS3Server(['files'], { port: ports.s3 }),
      startSmtpSink({ port: ports.smtp }),
    ]);
    stops.push(
      () => s3.kill(),
      () => sink.close(),
    );
    // The app's own client on the cluster's bucket: the seed's files go there, and the test
    // reads and sweeps it as a server would.
    const storage = openStorage({ dataDir: options.dir, storage: s3.config() });
    stops.push(async () => storage.close());
    const seeded = await createSeededDatabase(
      options.postgresUrl,
      `cluster_${randomBytes(5).toString('hex')}`,
      { dataDir: path.join(options.dir, 'seed'), storage },
    );
    stops.push(seeded.drop);
    const { database, url: databaseUrl } = seeded;

    const secret = randomBytes(32).toString('hex');
    // A clean environment: nothing of the caller's (its DATABASE_URL above all) reaches the apps.
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      APP_URL: origin,
      SESSION_SECRET: secret,
      DATABASE_URL: databaseUrl,
      REDIS_URL: options.redisUrl,
      SMTP_URL: sink.url,
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      // Webhook receivers of the test serve the test CA's certificate.
      NODE_EXTRA_CA_CERTS: certs.ca,
      // STORAGE_URL, S3_ENDPOINT, S3_FORCE_PATH_STYLE, AWS_*: as an operator sets them.
      ...s3.env(),
      ...(options.imapUrl ? { IMAP_URL: options.imapUrl } : {}),
      ...options.env,
    };
    const apps: AppProcess[] = ports.apps.map((p, i) =>
      appProcess(i + 1, p, path.join(options.dir, `app-${i + 1}`), {
        ...env,
        AWS_SDK_UA_APP_ID: sdkAppId(i + 1),
      }),
    );
    stops.push(() => Promise.all(apps.map((a) => a.kill('SIGTERM'))));
    const site = siteForTest(
      await fs.readFile(SITE, 'utf8'),
      ports,
      certs,
      path.join(options.dir, 'acme'),
    );
    // nginx waits for no app server (it answers 502 until one listens): all start together.
    const starting = startNginx(nginx, path.join(options.dir, 'nginx'), site);
    stops.push(async () => (await starting).stop());
    await Promise.all([starting, ...apps.map((a) => a.start())]);
    const proxy = await starting;
    const request = requestWithCa(certs.ca);
    await pollUntil('nginx to answer /api/health', 15_000, async () =>
      (await request(`${origin}/api/health`)).status === 200 ? true : undefined,
    );

    /**
     * A session of a seeded user made as the sign-in makes it, and its signed cookie: for staff,
     * whose second factor the test does not enrol (the customer signs in by mail, through nginx).
     */
    const sessionCookie = async (email: string) => {
      const [user] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      if (!user) throw new Error(`no user ${email}`);
      const rawId = await createSession(database.db, user.id, {
        userAgent: 'cluster',
        secondFactor: true,
      });
      return `${sessionCookieName(origin)}=${sign(rawId, secret)}`;
    };

    return {
      origin,
      ports,
      certs,
      databaseUrl,
      database,
      db: database.db,
      s3,
      storage,
      apps,
      sink,
      request,
      sessionCookie,
      nginxErrors: () => proxy.errors(),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
