// The support mailbox's access token for Microsoft 365 (Exchange Online refuses passwords over
// IMAP): OAuth 2.0 client credentials (RFC 6749 section 4.4) posted to the tenant's token
// endpoint, kept until shortly before it expires. One form POST and a JSON answer: see
// decision 026 for why this is not openid-client.
import { z } from 'zod';

export type OAuthClient = {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
};

/** A token is renewed when less than this much (or a tenth of its life) remains. */
const REFRESH_MARGIN_MS = 5 * 60_000;
const TIMEOUT_MS = 15_000;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive(),
});
const errorAnswer = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

export class ClientCredentialsToken {
  private token: { value: string; refreshAt: number; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;
  /** How many tokens were fetched (tests, logs). */
  fetched = 0;

  constructor(
    private readonly client: OAuthClient,
    private readonly now: () => number = Date.now,
  ) {}

  /** A token valid for a while yet: the kept one, else a new one (one request at a time). */
  async get(): Promise<string> {
    if (this.token && this.now() < this.token.refreshAt) return this.token.value;
    this.pending ??= this.fetch().finally(() => (this.pending = null));
    return this.pending;
  }

  /** How long the kept token has until renewal (0: due); a connection signed in with it ends then. */
  msUntilRefresh(): number {
    return this.token ? Math.max(0, this.token.refreshAt - this.now()) : 0;
  }

  /** Forgets the kept token (the server refused it). */
  invalidate() {
    this.token = null;
  }

  private async fetch(): Promise<string> {
    const started = this.now();
    const res = await fetch(this.client.tokenUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.client.clientId,
        client_secret: this.client.clientSecret,
        scope: this.client.scope,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      // The provider's error code and text, never our request (it holds the secret).
      const refused = errorAnswer.safeParse(body);
      const why = refused.success
        ? `${refused.data.error}${refused.data.error_description ? `: ${refused.data.error_description.split('\n')[0]}` : ''}`
        : `HTTP ${res.status}`;
      throw new Error(`The token endpoint refused the mailbox's client credentials (${why})`);
    }
    const answer = tokenAnswer.safeParse(body);
    if (!answer.success) throw new Error('The token endpoint answered without an access token');
    const lifeMs = answer.data.expires_in * 1000;
    this.token = {
      value: answer.data.access_token,
      expiresAt: started + lifeMs,
      refreshAt: started + lifeMs - Math.max(Math.min(REFRESH_MARGIN_MS, lifeMs / 2), lifeMs / 10),
    };
    this.fetched++;
    return this.token.value;
  }
}
