import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a newcomer', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
  });

  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ APP_URL: 'not a url' })).toThrow(/APP_URL/);
  });

  it('requires a real session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'n'.repeat(40) + ',old' });
    expect(config.sessionSecrets).toEqual(['n'.repeat(40), 'old']);
  });

  it('serves metrics only when METRICS_PORT is set, on loopback unless told otherwise', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeUndefined();
    const on = loadConfig({ METRICS_PORT: '9464' });
    expect(on.metricsPort).toBe(9464);
    expect(on.metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metricsHost).toBe(
      '10.0.0.5',
    );
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(
      /METRICS_PORT must be a port number/,
    );
  });

  it('drains for SHUTDOWN_DRAIN_SECONDS, none by default', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '15' }).shutdownDrainMs).toBe(15_000);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
  });
});

describe('TRUST_PROXY (issue 13, item 3)', () => {
  it('trusts nobody when unset or false', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('takes a hop count or a list of proxy addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
    ]);
  });

  it('refuses true, naming the variable and the two safe forms', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY .*hop count.*addresses/);
  });

  it('refuses anything that is neither a count nor addresses', () => {
    for (const bad of ['yes', '-1', '1.5', '10.0.0.300', '10.0.0.0/99', 'proxy.example']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('the session secret on https (issue 13, item 15)', () => {
  it('refuses the development secret whenever APP_URL is https, whatever NODE_ENV says', () => {
    for (const NODE_ENV of ['development', 'test', undefined]) {
      expect(() => loadConfig({ NODE_ENV, APP_URL: 'https://portal.example.com' })).toThrow(
        /SESSION_SECRET/,
      );
    }
    expect(() =>
      loadConfig({ APP_URL: 'https://portal.example.com', SESSION_SECRET: 'short' }),
    ).toThrow(/SESSION_SECRET/);
    const ok = loadConfig({
      APP_URL: 'https://portal.example.com',
      SESSION_SECRET: 's'.repeat(32),
    });
    expect(ok.sessionSecrets).toEqual(['s'.repeat(32)]);
  });

  it('keeps the development secret for a plain-http newcomer', () => {
    expect(loadConfig({ APP_URL: 'http://192.168.1.20:3000' }).sessionSecrets).toHaveLength(1);
  });
});

describe('READ_RATE_LIMIT, READ_CONCURRENCY and MAIL_RETENTION_DAYS (issue 13, items 4 and 8; review F4)', () => {
  it('default to 600 reads per minute, 2 in flight and 14 days', () => {
    const config = loadConfig({});
    expect(config.readRateLimit).toBe(600);
    expect(config.readConcurrency).toBe(2);
    expect(config.mailRetentionDays).toBe(14);
  });

  it('take whole positive numbers and name the variable otherwise', () => {
    const config = loadConfig({ READ_RATE_LIMIT: '5000', MAIL_RETENTION_DAYS: '30' });
    expect(config.readRateLimit).toBe(5000);
    expect(config.mailRetentionDays).toBe(30);
    expect(() => loadConfig({ READ_RATE_LIMIT: '0' })).toThrow(/READ_RATE_LIMIT/);
    expect(() => loadConfig({ READ_RATE_LIMIT: 'lots' })).toThrow(/READ_RATE_LIMIT/);
    expect(loadConfig({ READ_CONCURRENCY: '4' }).readConcurrency).toBe(4);
    expect(() => loadConfig({ READ_CONCURRENCY: '0' })).toThrow(/READ_CONCURRENCY/);
    expect(() => loadConfig({ READ_CONCURRENCY: '1.5' })).toThrow(/READ_CONCURRENCY/);
    expect(loadConfig({}).imagePixelsPerMinute).toBe(256_000_000);
    expect(loadConfig({ IMAGE_MP_PER_MINUTE: '100' }).imagePixelsPerMinute).toBe(100_000_000);
    expect(() => loadConfig({ IMAGE_MP_PER_MINUTE: '0' })).toThrow(/IMAGE_MP_PER_MINUTE/);
    expect(() => loadConfig({ MAIL_RETENTION_DAYS: '-3' })).toThrow(/MAIL_RETENTION_DAYS/);
  });

  it('signs in to the mailbox by OAuth client credentials only with the whole set, sent over https', () => {
    expect(loadConfig({}).imapOAuth).toBeUndefined();
    const tokenUrl = 'https://login.microsoftonline.com/tenant-id/oauth2/v2.0/token';
    const on = loadConfig({
      IMAP_URL: 'imaps://support%40example.com@outlook.office365.com:993/INBOX',
      IMAP_OAUTH_TOKEN_URL: tokenUrl,
      IMAP_OAUTH_CLIENT_ID: 'app-id',
      IMAP_OAUTH_CLIENT_SECRET: 'secret',
    });
    expect(on.imapOAuth).toEqual({
      tokenUrl,
      clientId: 'app-id',
      clientSecret: 'secret',
      scope: 'https://outlook.office365.com/.default',
    });
    expect(on.supportMailbox).toBe('support@example.com');
    expect(() => loadConfig({ IMAP_OAUTH_TOKEN_URL: tokenUrl })).toThrow(
      /IMAP_OAUTH_CLIENT_ID is required with IMAP_OAUTH_TOKEN_URL[\s\S]*IMAP_OAUTH_CLIENT_SECRET/,
    );
    const plain = { IMAP_OAUTH_CLIENT_ID: 'a', IMAP_OAUTH_CLIENT_SECRET: 'b' };
    expect(() =>
      loadConfig({ ...plain, IMAP_OAUTH_TOKEN_URL: 'http://login.example.com/token' }),
    ).toThrow(/IMAP_OAUTH_TOKEN_URL must be https/);
    expect(
      loadConfig({ ...plain, IMAP_OAUTH_TOKEN_URL: 'http://127.0.0.1:8080/token' }).imapOAuth,
    ).toBeDefined();
  });
});

describe('webhook settings (issue 21)', () => {
  it('refuses private addresses unless WEBHOOKS_ALLOW_PRIVATE=true; https only in production', () => {
    expect(loadConfig({}).webhooksAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'true' }).webhooksAllowPrivate).toBe(true);
    expect(() => loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'yes' })).toThrow(/WEBHOOKS_ALLOW_PRIVATE/);
    expect(loadConfig({}).webhooksHttpsOnly).toBe(false);
    expect(
      loadConfig({ APP_URL: 'https://portal.example.com', SESSION_SECRET: 'n'.repeat(40) })
        .webhooksHttpsOnly,
    ).toBe(true);
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'n'.repeat(40) } as const;
    expect(loadConfig(production).webhooksHttpsOnly).toBe(true);
  });
});

describe('Stripe keys (issue 39 item 3, ADR 067)', () => {
  it('turns online payment on only with both keys, and refuses one without the other', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    const on = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    expect(on.stripe).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1' });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET is required with the other Stripe key/,
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() =>
      loadConfig({
        STRIPE_SECRET_KEY: 'a',
        STRIPE_WEBHOOK_SECRET: 'b',
        STRIPE_API_BASE: 'ftp://x',
      }),
    ).toThrow(/STRIPE_API_BASE/);
  });
});

describe('STORAGE_URL and the S3 settings (issue 41, ADR 076)', () => {
  it('keeps files on disk when unset, and reads a bucket, prefix, endpoint and keys when set', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
    expect(
      loadConfig({
        STORAGE_URL: 's3://meridian-files/prod/files/',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
        AWS_REGION: 'auto',
        AWS_ACCESS_KEY_ID: 'key',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'meridian-files',
      prefix: 'prod/files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    // Without keys, the SDK's own chain (a profile, an instance or task role).
    expect(loadConfig({ STORAGE_URL: 's3://files' }).storage).toMatchObject({
      bucket: 'files',
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('names the variable of a bad bucket, prefix, endpoint or half a key pair', () => {
    for (const url of [
      'https://bucket',
      's3://Bad_Bucket',
      's3://files/a..b',
      's3://files/a%20b',
      's3://u:p@files',
    ]) {
      expect(() => loadConfig({ STORAGE_URL: url }), url).toThrow(/STORAGE_URL must be/);
    }
    expect(() => loadConfig({ STORAGE_URL: 's3://files', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT must be a URL/,
    );
    expect(() => loadConfig({ STORAGE_URL: 's3://files', AWS_ACCESS_KEY_ID: 'key' })).toThrow(
      /AWS_SECRET_ACCESS_KEY is required with the other AWS key/,
    );
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
