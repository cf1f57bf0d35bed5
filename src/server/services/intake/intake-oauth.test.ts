// Microsoft 365's way in, with real parts: a token endpoint and an RFC 7662 introspection
// endpoint served here, and Dovecot's oauth2 passdb asking the latter about every token the
// intake signs in with (XOAUTH2/OAUTHBEARER), so an expired token is really refused.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tickets } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { dovecotMissing, startDovecot, type Dovecot } from '../../test/dovecot.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ClientCredentialsToken, type OAuthClient } from './oauth-token.ts';

if (dovecotMissing) console.warn(`Skipping the IMAP OAuth tests. ${dovecotMissing}`);

const CLIENT = {
  clientId: 'intake-app',
  clientSecret: 's3cret-value',
  scope: 'imap.test/.default',
};

/** Tokens it issued, their expiry, and every grant request it answered. */
type TokenServer = {
  url: string;
  lifeSeconds: number;
  issued: Map<string, number>;
  grants: URLSearchParams[];
  introspected: string[];
  close(): Promise<void>;
};

async function startTokenServer(lifeSeconds: number): Promise<TokenServer> {
  const issued = new Map<string, number>();
  const grants: URLSearchParams[] = [];
  const introspected: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      // One request per connection: Dovecot's HTTP client would otherwise reuse a connection
      // this server has closed for idleness and count that as a refused token.
      const json = (status: number, value: unknown) =>
        res
          .writeHead(status, { 'content-type': 'application/json', connection: 'close' })
          .end(JSON.stringify(value));
      if (req.url === '/token') {
        grants.push(form);
        const ok =
          form.get('grant_type') === 'client_credentials' &&
          form.get('client_id') === CLIENT.clientId &&
          form.get('client_secret') === CLIENT.clientSecret &&
          form.get('scope') === CLIENT.scope;
        if (!ok) {
          return json(401, {
            error: 'invalid_client',
            error_description: 'AADSTS7000215: Invalid client secret provided.\nTrace ID: x',
          });
        }
        const token = randomBytes(24).toString('base64url');
        issued.set(token, Date.now() + lifeSeconds * 1000);
        return json(200, { token_type: 'Bearer', expires_in: lifeSeconds, access_token: token });
      }
      if (req.url === '/introspect') {
        const token = form.get('token') ?? '';
        introspected.push(token);
        const expires = issued.get(token);
        const active = expires !== undefined && Date.now() < expires;
        return json(200, active ? { active: true, username: 'support' } : { active: false });
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    lifeSeconds,
    issued,
    grants,
    introspected,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const mail = (subject: string) =>
  [
    `From: ${DEMO_USERS.acme}`,
    'To: support@meridian.test',
    `Subject: ${subject}`,
    `Message-ID: <${randomBytes(8).toString('hex')}@client.example>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Sent to a Microsoft 365 mailbox.',
    '',
  ].join('\r\n');

/** What `probe` answers once it answers something (up to `ms`). */
function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000) {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (value === undefined) throw new Error(`timed out waiting for ${what}`);
      return value;
    },
    { timeout: ms, interval: 100 },
  );
}

/** What the token server's introspection endpoint (the one Dovecot asks) says of `token`. */
async function introspect(tokens: TokenServer, token: string) {
  const res = await fetch(`${tokens.url}/introspect`, {
    method: 'POST',
    body: new URLSearchParams({ token }),
  });
  return (await res.json()) as { active: boolean };
}

describe('OAuth 2.0 client-credentials tokens for the support mailbox', () => {
  let tokens: TokenServer;
  beforeAll(async () => {
    tokens = await startTokenServer(4);
  });
  afterAll(() => tokens?.close());

  it('fetches a token by client credentials, keeps it, and renews it before it expires', async () => {
    let now = Date.now();
    const client: OAuthClient = { tokenUrl: `${tokens.url}/token`, ...CLIENT };
    const token = new ClientCredentialsToken(client, () => now);
    const [a, b] = await Promise.all([token.get(), token.get()]);
    expect(a).toBe(b);
    expect(token.fetched).toBe(1);
    expect(tokens.issued.has(a)).toBe(true);
    const grant = tokens.grants.at(-1)!;
    expect(Object.fromEntries(grant)).toEqual({
      grant_type: 'client_credentials',
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      scope: CLIENT.scope,
    });
    // A 4 s token is renewed with half its life left; an hour's with six minutes left.
    now += 1000;
    expect(await token.get()).toBe(a);
    expect(token.msUntilRefresh()).toBe(1000);
    now += 1000;
    expect(token.msUntilRefresh()).toBe(0);
    const c = await token.get();
    expect(c).not.toBe(a);
    expect(token.fetched).toBe(2);
  });

  it('says why the endpoint refused, without the secret', async () => {
    const token = new ClientCredentialsToken({
      tokenUrl: `${tokens.url}/token`,
      ...CLIENT,
      clientSecret: 'wrong-secret',
    });
    const error = await token.get().catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      "The token endpoint refused the mailbox's client credentials (invalid_client: AADSTS7000215: Invalid client secret provided.)",
    );
    expect((error as Error).message).not.toContain('wrong-secret');
  });

  describe.skipIf(Boolean(dovecotMissing))('against Dovecot with its oauth2 passdb', () => {
    let dovecot: Dovecot;
    let t: TestApp;
    beforeAll(async () => {
      dovecot = await startDovecot({ oauth2IntrospectionUrl: `${tokens.url}/introspect` });
      t = await createTestApp({
        // No password: the token signs in.
        imapUrl: `imap://${dovecot.user}@127.0.0.1:${dovecot.port}/INBOX`,
        imapOAuth: { tokenUrl: `${tokens.url}/token`, ...CLIENT },
        intakePollMs: 300,
        logLevel: process.env.INTAKE_LOG ?? 'silent',
      });
    });
    afterAll(async () => {
      await t?.close();
      await dovecot?.stop();
    });

    const ticketBySubject = (subject: string) => async () =>
      (await t.app.db.select().from(tickets).where(eq(tickets.subject, subject)))[0];

    it('signs in with the token, refuses an expired one, and keeps reading with renewed tokens', async () => {
      const before = tokens.grants.length;
      t.app.intake!.start();
      await dovecot.append(mail('Mailbox by token'));
      await waitFor('the first mail as a ticket', ticketBySubject('Mailbox by token'));
      const first = [...tokens.issued.keys()].at(-1)!;
      expect(tokens.introspected).toContain(first);

      // Intake renews its token before expiry (at half its life) and signs in with the new one...
      await waitFor('a sign-in with a renewed token', async () => {
        const issued = [...tokens.issued.keys()];
        const renewed = issued.slice(issued.indexOf(first) + 1);
        return tokens.introspected.find((token) => renewed.includes(token));
      });
      // ...and once the token server no longer takes the first token, intake still reads the
      // mailbox... (The condition is the expiry itself, as Dovecot would be told of it.)
      await waitFor(
        'the first token to expire',
        async () => (await introspect(tokens, first)).active === false || undefined,
      );
      await dovecot.append(mail('Mailbox after renewal'));
      await waitFor('the second mail as a ticket', ticketBySubject('Mailbox after renewal'));
      // ...where the first token no longer opens it. (Last: Dovecot then slows logins from
      // this address for a while.)
      const stale = new ImapFlow({
        host: '127.0.0.1',
        port: dovecot.port,
        secure: false,
        auth: { user: dovecot.user, accessToken: first },
        logger: false,
      });
      await expect(stale.connect()).rejects.toThrow();
      stale.close();
      expect(tokens.grants.length - before).toBeGreaterThanOrEqual(2);
      expect(t.app.intake!.stats.failed).toBe(0);
    });
  });
});
