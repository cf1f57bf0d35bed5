import { expect, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { openDatabase } from '../../src/server/db/client.ts';
import { sessions } from '../../src/server/db/schema.ts';
import { MAX_DOCUMENT_BYTES } from '../../src/shared/schemas/documents.ts';
import { signInThroughProxy, startDeployment, type Deployment } from './tls/deployment.ts';
import { setCookies } from './tls/https.ts';
import { findNginx } from './tls/nginx.ts';
import { installObservatory, OBSERVATORY_VERSION, scanWithObservatory } from './tls/observatory.ts';

// deploy/nginx/meridian.conf in front of the built app, over real TLS (issue 22).
const nginx = findNginx();
test.skip(
  !nginx,
  'nginx is not installed: `apt-get install nginx` (.ci/run installs it) to run the TLS deployment test',
);
test.describe.configure({ mode: 'serial' });

const CUSTOMER = 'jordan.lee@acme-logistics.example';
const STAFF = 'support@example.com';
// The client leaves from 127.0.0.2 while nginx reaches the app from 127.0.0.1, and claims to
// be someone else in X-Forwarded-For.
const CLIENT = {
  localAddress: '127.0.0.2',
  forged: '203.0.113.9',
  userAgent: 'tls-deployment-test',
};

let d: Deployment;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await installObservatory();
  d = await startDeployment(nginx ?? 'nginx');
  test.info().annotations.push({ type: 'TRUST_PROXY', description: d.trustProxy });
});
test.afterAll(async () => {
  await d?.stop();
});

test('redirects plain HTTP to HTTPS, from port 80 and from the TLS port', async () => {
  const fromHttp = await fetch(`${d.httpOrigin}/contact?from=ad`, { redirect: 'manual' });
  expect(fromHttp.status).toBe(301);
  // In production the TLS port is 443, so the redirect names no port.
  expect(fromHttp.headers.get('location')).toBe('https://localhost/contact?from=ad');

  const toTlsPort = await fetch(`http://${d.host}/contact`, { redirect: 'manual' });
  expect(toTlsPort.status).toBe(301);
  expect(toTlsPort.headers.get('location')).toBe(`https://${d.host}/contact`);
});

test('serves the site over TLS with HSTS, the app compressing and nginx adding nothing', async () => {
  const home = await d.request(`${d.origin}/`, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(home.status).toBe(200);
  expect(home.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  expect(home.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  expect(home.headers['content-encoding']).toBe('br');
  expect(home.headers['server']).toBe('nginx');

  // The metrics listener is not behind the proxy: the public site has no /metrics.
  expect((await d.request(`${d.origin}/metrics`)).status).toBe(404);
});

test('signs in through the real flow with __Host- cookies marked Secure', async () => {
  const { session, cookie } = await signInThroughProxy(d, CUSTOMER, {
    localAddress: CLIENT.localAddress,
    headers: { 'user-agent': CLIENT.userAgent, 'x-forwarded-for': CLIENT.forged },
  });
  const sid = setCookies(session).get('__Host-sid') ?? '';
  expect(sid).toMatch(/^__Host-sid=[^;]+;/);
  expect(sid).toMatch(/; Secure(;|$)/);
  expect(sid).toMatch(/; HttpOnly(;|$)/);
  expect(sid).toMatch(/; Path=\/(;|$)/);
  expect(sid).not.toMatch(/Domain=/i);
  expect(setCookies(session).get('sid')).toBeUndefined();

  const me = await d.request(`${d.origin}/api/auth/user`, { headers: { cookie } });
  expect(me.status).toBe(200);
  expect(JSON.parse(me.body)).toMatchObject({ email: CUSTOMER });
});

test('passes a 25 MB upload to the app and refuses a body over 30 MB itself', async () => {
  const { cookie: halfSignedIn } = await signInThroughProxy(d, STAFF, {
    localAddress: '127.0.0.3',
  });
  let cookie = halfSignedIn;
  // Staff need their second factor (issue 19): enrol an authenticator through the proxy too.
  const enrol = await d.request(`${d.origin}/api/auth/second-factor/totp`, {
    method: 'POST',
    headers: { cookie, origin: d.origin },
  });
  expect(enrol.status, enrol.body).toBe(200);
  const { secret } = JSON.parse(enrol.body) as { secret: string };
  const confirm = await d.request(`${d.origin}/api/auth/second-factor/totp/confirm`, {
    method: 'POST',
    headers: { cookie, origin: d.origin, 'content-type': 'application/json' },
    body: Buffer.from(
      JSON.stringify({ code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() }),
    ),
  });
  expect(confirm.status, confirm.body).toBe(200);
  // Passing the second factor renews the session's id (issue 35); the browser keeps the new one.
  const renewed = setCookies(confirm).get('__Host-sid');
  expect(renewed).toBeDefined();
  cookie = cookie.replace(/__Host-sid=[^;]*/, renewed!.split(';')[0]!);
  const list = await d.request(`${d.origin}/api/staff/customers`, { headers: { cookie } });
  const acme = (JSON.parse(list.body) as Array<{ id: string; name: string }>).find(
    (c) => c.name === 'Acme Logistics',
  );
  expect(acme).toBeDefined();

  const pdf = Buffer.alloc(MAX_DOCUMENT_BYTES, 0x20);
  pdf.write('%PDF-1.4\n');
  const form = new FormData();
  form.append('category', 'other');
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'large.pdf');
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const url = `${d.origin}/api/staff/customers/${acme?.id}/documents`;
  const upload = await d.request(url, {
    method: 'POST',
    headers: {
      cookie,
      origin: d.origin,
      'content-type': encoded.headers.get('content-type') ?? '',
    },
    body,
  });
  expect(upload.status, upload.body).toBe(201);
  expect(JSON.parse(upload.body)).toMatchObject({ name: 'large.pdf', size: MAX_DOCUMENT_BYTES });

  const tooLarge = await d.request(url, {
    method: 'POST',
    headers: { cookie, origin: d.origin, 'content-type': 'application/pdf' },
    body: Buffer.alloc(31 * 1024 * 1024),
  });
  expect(tooLarge.status).toBe(413);
  expect(tooLarge.body).toContain('nginx');
});

test(`grades A+ on the MDN HTTP Observatory ${OBSERVATORY_VERSION} with every test passed`, async () => {
  test.setTimeout(120_000);
  const result = await scanWithObservatory(d.host, d.ca);
  const failed = Object.entries(result.tests)
    .filter(([, t]) => !t.pass)
    .map(([name, t]) => `${name}: ${t.result}`);
  expect(failed).toEqual([]);
  expect(result.scan.testsPassed).toBe(result.scan.testsQuantity);
  expect(result.scan.grade).toBe('A+');
  test.info().annotations.push({
    type: 'observatory',
    description: `${result.scan.grade}, score ${result.scan.score}, ${result.scan.testsPassed}/${result.scan.testsQuantity} tests passed`,
  });
});

test('the app saw the client address: not nginx, not the forged X-Forwarded-For', async () => {
  // The embedded database belongs to the app process: read the session once it has stopped.
  await d.stopApp();
  const database = await openDatabase({ dataDir: d.dataDir });
  try {
    const rows = await database.db
      .select({ ip: sessions.ip })
      .from(sessions)
      .where(eq(sessions.userAgent, CLIENT.userAgent));
    expect(rows).toEqual([{ ip: CLIENT.localAddress }]);
  } finally {
    await database.close();
  }
});
