import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { e2ePorts } from '../ports.ts';
import { makeTestCertificates } from './certificates.ts';
import { requestWithCa, type RequestOptions } from './https.ts';
import { freePort } from '../../../src/server/test/free-port.ts';
import { SITE, siteForTest, startNginx } from './nginx.ts';
import { signInByMailLink, type SignIn } from './sign-in-flow.ts';

export type Deployment = Awaited<ReturnType<typeof startDeployment>>;

/**
 * The production shape on one machine: the built server (`node dist/node/server/server.js`,
 * NODE_ENV=production, listening on loopback only) behind nginx running
 * deploy/nginx/meridian.conf with a throw-away CA's certificate for localhost.
 */
export async function startDeployment(nginx: string) {
  const dir = path.resolve('.tmp', `tls-${e2ePorts.app}`);
  await fs.rm(dir, { recursive: true, force: true });
  const certs = await makeTestCertificates(path.join(dir, 'certs'));
  const ports = { http: await freePort(), https: await freePort(), app: await freePort() };
  const host = `localhost:${ports.https}`;
  const origin = `https://${host}`;
  const dataDir = path.join(dir, 'data');
  // As deploy/meridian.env.example sets it: the proxy's own address.
  const trustProxy = '127.0.0.1';

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PORT: String(ports.app),
    HOST: '127.0.0.1',
    APP_URL: origin,
    DATA_DIR: dataDir,
    TRUST_PROXY: trustProxy,
    LOG_LEVEL: 'warn',
  };
  // Mail is written under DATA_DIR/mail, where the sign-in links are read from.
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'METRICS_PORT', 'REDIS_URL']) delete env[name];
  const app = spawn(process.execPath, ['dist/node/server/server.js'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let appOutput = '';
  app.stdout.on('data', (c: Buffer) => (appOutput += c.toString()));
  app.stderr.on('data', (c: Buffer) => (appOutput += c.toString()));
  const appExited = new Promise<number | null>((resolve) =>
    app.once('exit', (code) => resolve(code)),
  );
  const started = await Promise.race([
    new Promise<boolean>((resolve) => {
      const check = () => appOutput.includes('Site running at') && resolve(true);
      app.stdout.on('data', check);
    }),
    appExited.then(() => false),
  ]);
  if (!started) throw new Error(`the app did not start:\n${appOutput}`);

  const site = siteForTest(
    await fs.readFile(SITE, 'utf8'),
    { ...ports, apps: [ports.app] },
    certs,
    dir,
  );
  const proxy = await startNginx(nginx, path.join(dir, 'nginx'), site);
  const request = requestWithCa(certs.ca);
  await expect
    .poll(
      () =>
        request(`${origin}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 10_000 },
    )
    .toBe(200);

  let appRunning = true;
  const stopApp = async () => {
    if (!appRunning) return;
    appRunning = false;
    app.kill('SIGTERM');
    expect(await appExited, `the app did not stop cleanly:\n${appOutput}`).toBe(0);
  };
  return {
    host,
    origin,
    httpOrigin: `http://localhost:${ports.http}`,
    ca: certs.ca,
    dataDir,
    trustProxy,
    request,
    appOutput: () => appOutput,
    nginxErrors: () => proxy.errors(),
    stopApp,
    stop: async () => {
      await proxy.stop();
      await stopApp().catch(() => app.kill('SIGKILL'));
    },
  };
}

/** The sign-in link of the newest mail to `email` the app wrote under DATA_DIR/mail. */
async function signInLink(
  d: Deployment,
  email: string,
  pattern: RegExp,
  after: Set<string>,
): Promise<string> {
  const mailDir = path.join(d.dataDir, 'mail');
  let link = '';
  await expect
    .poll(
      async () => {
        for (const file of await fs.readdir(mailDir).catch(() => [] as string[])) {
          if (after.has(file)) continue;
          // Quoted-printable: soft line breaks and encoded equals signs.
          const text = (await fs.readFile(path.join(mailDir, file), 'utf8'))
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=');
          if (!text.includes(email)) continue;
          link = pattern.exec(text)?.[0] ?? '';
        }
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return link;
}

/**
 * Signs in by magic link over HTTPS as a browser would (tls/sign-in-flow.ts). Every request
 * carries `extra` headers and leaves from `localAddress`.
 */
export async function signInThroughProxy(
  d: Deployment,
  email: string,
  options: Pick<RequestOptions, 'localAddress'> & { headers?: Record<string, string> } = {},
): Promise<SignIn> {
  const mailBefore = new Set(await fs.readdir(path.join(d.dataDir, 'mail')).catch(() => []));
  return signInByMailLink({ ...d, ...options }, email, (pattern) =>
    signInLink(d, email, pattern, mailBefore),
  );
}
