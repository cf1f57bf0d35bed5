// The OpenID Connect side of single sign-on (openid-client v6): discovery (kept), the authorization
// URL with PKCE, state and nonce, and the code exchange with every check openid-client makes
// (issuer, audience, signature, expiry, nonce, state, `iss` in the response).
import * as oidc from 'openid-client';
import { guardedFetch } from '../../services/guarded-fetch.ts';
import { decryptSecret } from '../../services/secret-box.ts';
import type { SsoCompany } from '../../services/sso-sign-in.ts';

/** The provider could not be reached or answered with something unusable. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

export type SsoClientOptions = {
  secretKeys: string[];
  allowLoopbackHttp: boolean;
  /** The webhook switch (WEBHOOKS_ALLOW_PRIVATE): may the provider be on a private network? */
  allowPrivate: boolean;
};

const PROVIDER_TIMEOUT_SECONDS = 10;
/** How long a discovered configuration is used before the provider is asked again. */
const KEEP_CONFIG_MS = 10 * 60 * 1000;
const MAX_KEPT_CONFIGS = 1000;

/**
 * The providers' configurations of one app, kept for 10 minutes per issuer, client id and
 * (encrypted) secret: a sign-in's start and its callback, and the sign-ins after it, do not
 * fetch the discovery document again, and openid-client's cache of the provider's keys lives
 * on the configuration. Changed settings make a new key; a failed discovery is not kept.
 */
export function providerConfigs(options: SsoClientOptions) {
  const kept = new Map<string, { config: oidc.Configuration; until: number }>();
  return async (company: SsoCompany): Promise<oidc.Configuration> => {
    const key = JSON.stringify([company.issuer, company.clientId, company.clientSecret]);
    const hit = kept.get(key);
    if (hit && hit.until > Date.now()) return hit.config;
    const config = await discover(company, options);
    kept.delete(key);
    // A Map iterates in insertion order: the first key is the oldest entry.
    const oldest = kept.size >= MAX_KEPT_CONFIGS ? kept.keys().next() : null;
    if (oldest && !oldest.done) kept.delete(oldest.value);
    kept.set(key, { config, until: Date.now() + KEEP_CONFIG_MS });
    return config;
  };
}

async function discover(company: SsoCompany, options: SsoClientOptions) {
  const secret = decryptSecret(company.clientSecret, options.secretKeys, 'sso-client-secrets');
  const issuer = new URL(company.issuer);
  try {
    return await oidc.discovery(
      issuer,
      company.clientId,
      undefined,
      oidc.ClientSecretBasic(secret),
      {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // Discovery, and every later request of this configuration (keys, tokens), connect
        // only to addresses the webhook guard allows (review N10).
        [oidc.customFetch]: guardedFetch(options.allowPrivate),
        // Plain http only for a loopback issuer outside production (checked when saved).
        execute:
          options.allowLoopbackHttp && issuer.protocol === 'http:'
            ? [oidc.allowInsecureRequests]
            : [],
      },
    );
  } catch (err) {
    throw new ProviderUnavailableError(err instanceof Error ? err.message : String(err));
  }
}

/** A fresh state, nonce and PKCE verifier, and the provider URL that carries them. */
export async function startAuthorization(
  config: oidc.Configuration,
  redirectUri: string,
  loginHint: string | null,
) {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(loginHint ? { login_hint: loginHint } : {}),
  });
  return { url, state, nonce, codeVerifier };
}

export type VerifiedClaims = {
  /** The provider's id of the person (the ID token's `sub`). */
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
};

/** Exchanges the code; any failed check throws (the caller shows a clear page). */
export async function finishAuthorization(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<VerifiedClaims> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token');
  const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
  const name = text(claims['name']).split(/\s+/);
  return {
    // `sub` is required in an ID token, and checked by openid-client to be a string.
    subject: claims.sub,
    email: typeof claims['email'] === 'string' ? claims['email'].trim().toLowerCase() : '',
    emailVerified: claims['email_verified'] === true,
    firstName: text(claims['given_name']) || name[0] || '',
    lastName: text(claims['family_name']) || name.slice(1).join(' '),
  };
}
