// A real OpenID provider (the `oidc-provider` package) on a local port, for the single sign-on
// tests (issue 19): it signs in whichever person the test chose, without a login screen.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type TestPerson = {
  /** The provider's id of the person (default: the address). */
  sub?: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
};

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the provider signs in from now on. */
  signInAs(person: TestPerson): void;
  /** Seconds the next ID tokens live (negative: already expired when issued). */
  setIdTokenTtl(seconds: number): void;
  /** Follows the provider's redirects from the authorization URL to the app's callback URL. */
  authorize(authorizationUrl: string): Promise<URL>;
  /** How many times its discovery document was fetched. */
  discoveries(): number;
  close(): Promise<void>;
};

export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const clientId = 'portal-test-client';
  const clientSecret = 'portal-test-client-secret-0123456789';
  let person: TestPerson = { email: 'nobody@example.test', email_verified: true };
  let idTokenTtl = 600;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    // The ID token carries the claims itself (no userinfo call needed).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: { IdToken: () => idTokenTtl },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, ...person }),
    }),
  });

  const callback = provider.callback();
  let discoveries = 0;
  server.on('request', (req, res) => {
    if (req.url === '/.well-known/openid-configuration') discoveries += 1;
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    // The "login screen": signs in the chosen person and grants the scopes asked for.
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const accountId = person.sub ?? person.email;
      const grant = new provider.Grant({ accountId, clientId });
      grant.addOIDCScope(String(details.params['scope'] ?? 'openid'));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });

  async function authorize(authorizationUrl: string): Promise<URL> {
    const jar = new Map<string, string>();
    let next = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (!next.href.startsWith(issuer)) return next;
      const res = await fetch(next, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`provider answered ${res.status}: ${await res.text()}`);
      next = new URL(location, next);
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (p) => {
      person = p;
    },
    setIdTokenTtl: (seconds) => {
      idTokenTtl = seconds;
    },
    authorize,
    discoveries: () => discoveries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
