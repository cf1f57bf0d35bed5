import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { paths } from '../shared/routes.ts';
import { company } from '../shared/company.ts';
import {
  ticketCategories,
  ticketDepartments,
  type TicketCategory,
  type TicketDepartment,
} from '../shared/schemas/tickets.ts';
import { packageRoot } from './lib/package-root.ts';

const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-in-production';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isUrlWith(v, protocols), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    });

function isUrlWith(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A comma-separated list of secrets, newest first (rotation keeps the older ones readable). */
const secretList = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A whole number of at least 1, for counts and durations read from the environment. */
const positiveInt = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a whole number of at least 1' })
    .int('must be a whole number of at least 1')
    .min(1, 'must be a whole number of at least 1')
    .default(fallback);

const TRUST_PROXY_FORMS =
  "must be a hop count (e.g. 1) or the proxies' addresses/CIDRs (e.g. 10.0.0.5,10.1.0.0/16)";

/** One proxy address or CIDR range, IPv4 or IPv6. */
function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Whom to believe about the client's address: nobody (unset, `false`), the last N proxies
 * (a hop count) or the listed proxies. `true` would believe any X-Forwarded-For a client
 * writes, so every per-address limit could be dodged: refused, with the two safe forms.
 */
const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (!value || value === 'false') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: `must not be true (any client could then choose its own address); it ${TRUST_PROXY_FORMS}`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value) && Number(value) >= 1) return Number(value);
    const list = value.split(',').map((v) => v.trim());
    if (list.every(isAddressOrCidr)) return list;
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORMS });
    return z.NEVER;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ message: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    APP_URL: optionalUrl(['http:', 'https:']),
    SESSION_SECRET: z.string().optional(),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: z
      .string()
      .min(3, 'must be an address such as "Name <no-reply@example.com>"')
      .optional(),
    SALES_EMAIL: z.string().email('must be an e-mail address').default(company.salesEmail),
    SUPPORT_EMAIL: z.string().email('must be an e-mail address').default(company.supportEmail),
    SUPPORT_MAILBOX: z.string().email('must be an e-mail address').optional(),
    IMAP_URL: optionalUrl(['imap:', 'imaps:']),
    IMAP_OAUTH_TOKEN_URL: optionalUrl(['https:', 'http:']),
    IMAP_OAUTH_CLIENT_ID: z.string().trim().min(1).optional(),
    IMAP_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
    IMAP_OAUTH_SCOPE: z.string().trim().min(1).default('https://outlook.office365.com/.default'),
    INTAKE_CATEGORY: z
      .enum(ticketCategories, { message: `must be one of: ${ticketCategories.join(', ')}` })
      .default('Other'),
    INTAKE_DEPARTMENT: z
      .enum(ticketDepartments, { message: `must be one of: ${ticketDepartments.join(', ')}` })
      .default('IT Support'),
    HELP_CENTER_URL: optionalUrl(['http:', 'https:']),
    METRICS_PORT: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce
        .number({ message: 'must be a port number' })
        .int('must be a whole number')
        .min(0, 'must be between 0 and 65535')
        .max(65535, 'must be between 0 and 65535')
        .optional(),
    ),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    SHUTDOWN_DRAIN_SECONDS: z.coerce
      .number({ message: 'must be a number of seconds' })
      .min(0, 'must be between 0 and 300')
      .max(300, 'must be between 0 and 300')
      .default(0),
    REDIS_URL: optionalUrl(['redis:', 'rediss:']),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    TRUST_PROXY: trustProxySchema,
    READ_RATE_LIMIT: positiveInt(600),
    READ_CONCURRENCY: positiveInt(2),
    IMAGE_MP_PER_MINUTE: positiveInt(256),
    WEBHOOKS_ALLOW_PRIVATE: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('false'),
    MAIL_RETENTION_DAYS: positiveInt(14),
    SSO_SECRET_KEY: z.string().trim().min(32, 'must be at least 32 characters').optional(),
    STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
    STRIPE_API_BASE: optionalUrl(['http:', 'https:']),
    STORAGE_URL: optionalUrl(['s3:']),
    S3_ENDPOINT: optionalUrl(['http:', 'https:']),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('false'),
    AWS_REGION: z.string().trim().min(1).default('us-east-1'),
    AWS_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    // Online payment needs both: a checkout whose payments no webhook could record is worse
    // than the staff link.
    if (!env.STRIPE_SECRET_KEY !== !env.STRIPE_WEBHOOK_SECRET) {
      const missing = env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required with the other Stripe key',
      });
    }
    if (env.IMAP_OAUTH_TOKEN_URL) {
      for (const key of ['IMAP_OAUTH_CLIENT_ID', 'IMAP_OAUTH_CLIENT_SECRET'] as const) {
        if (!env[key]) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required with IMAP_OAUTH_TOKEN_URL',
          });
        }
      }
      // A client secret goes only to a token endpoint reached over TLS, except on this machine.
      const url = new URL(env.IMAP_OAUTH_TOKEN_URL);
      if (url.protocol === 'http:' && !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
        ctx.addIssue({
          code: 'custom',
          path: ['IMAP_OAUTH_TOKEN_URL'],
          message: 'must be https (http only to this machine)',
        });
      }
    }
    if (env.STORAGE_URL && !bucketOf(env.STORAGE_URL)) {
      ctx.addIssue({ code: 'custom', path: ['STORAGE_URL'], message: STORAGE_URL_FORM });
    }
    // One key without the other would fall back to another identity without saying so.
    if (!env.AWS_ACCESS_KEY_ID !== !env.AWS_SECRET_ACCESS_KEY) {
      const missing = env.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required with the other AWS key',
      });
    }
    // The development secret is public: a site reached over https is a real deployment,
    // whatever NODE_ENV says.
    const https = env.APP_URL?.startsWith('https:') ?? false;
    const secrets = (env.SESSION_SECRET ?? '').split(',').map((s) => s.trim());
    const weak = !env.SESSION_SECRET || (secrets[0] ?? '').length < 32;
    if (env.NODE_ENV === 'production' && weak) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required in production (at least 32 characters)',
      });
    } else if (https && weak) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required when APP_URL is https (at least 32 random characters)',
      });
    }
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  appUrl: string;
  /** Newest first; the first signs new cookies, all of them verify. */
  sessionSecrets: string[];
  smtpUrl?: string;
  mailFrom: string;
  salesEmail: string;
  supportEmail: string;
  /**
   * The address customers write to and answer ticket mail at (the Reply-To of ticket mail):
   * SUPPORT_MAILBOX, else IMAP_URL's user when it is an address, else SUPPORT_EMAIL.
   */
  supportMailbox: string;
  /** The support mailbox intake reads (`imaps://user:pass@host:993/INBOX`); unset: no intake. */
  imapUrl?: string;
  /**
   * OAuth 2.0 client credentials for the support mailbox (Microsoft 365): with them, intake
   * signs in with an access token from `tokenUrl` instead of IMAP_URL's password.
   */
  imapOAuth?: { tokenUrl: string; clientId: string; clientSecret: string; scope: string };
  /** Category and department of a ticket that arrives by e-mail. */
  intakeCategory: TicketCategory;
  intakeDepartment: TicketDepartment;
  helpCenterUrl: string;
  redisUrl?: string;
  logLevel: string;
  /** Fastify's trustProxy: false (nobody), a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: false | number | string[];
  /** Signed-in reads allowed per session (per address when signed out) per minute. */
  readRateLimit: number;
  /** Reads in flight at once per session, API token or signed-out address (plugins/read-limit.ts). */
  readConcurrency: number;
  /** Image pixels each user may have decoded per minute (IMAGE_MP_PER_MINUTE, services/image-budget.ts). */
  imagePixelsPerMinute: number;
  /** Delivered mail is deleted from the outbox after this many days. */
  mailRetentionDays: number;
  /**
   * A request's whole body must arrive within this time, or it is answered 408 and its
   * connection closed (a body that stops midway waited for ever: outside attack, issue 35).
   * Five minutes: ten 25 MB attachments over a 10 Mbit/s line take under four.
   */
  requestTimeoutMs: number;
  /** Where the built client lives; absent in API-only tests. */
  clientDir?: string;
  /** Rate limits are relaxed (never removed) by tests that send many requests. */
  rateLimitScale: number;
  /** How often the mail outbox is polled, in ms. */
  mailPollMs: number;
  /** Without IDLE, how often the support mailbox is searched (and IDLE's restart interval), in ms. */
  intakePollMs: number;
  /** The port of the `/metrics` listener; unset: no metrics are collected or served. */
  metricsPort?: number;
  metricsHost: string;
  /** After SIGTERM, how long `/api/ready` answers 503 before the listener closes. */
  shutdownDrainMs: number;
  /** Webhook URLs may point at private, loopback and link-local addresses (never in production by default). */
  webhooksAllowPrivate: boolean;
  /** Webhook URLs must be https: in production or when APP_URL is https. */
  webhooksHttpsOnly: boolean;
  /** Root keys of companies' SSO client secrets (newest first): SSO_SECRET_KEY, else SESSION_SECRET. */
  ssoSecretKeys: string[];
  /** An SSO issuer may be http:// on a loopback host outside production (dev, tests). */
  ssoAllowLoopbackHttp: boolean;
  /** How often the webhook outbox is polled, in ms. */
  webhookPollMs: number;
  /**
   * How long a claimed webhook delivery is hidden from the other servers, so how long a killed
   * server's deliveries wait; unset: the outbox's two minutes. The cluster test shortens it.
   */
  webhookLeaseMs?: number;
  /**
   * Online payment (ADR 067): Stripe's secret key, the webhook endpoint's signing secret and,
   * for tests only, another API base (a local stand-in). Unset: the Pay button is the staff link.
   */
  stripe?: StripeConfig;
  /** Where stored files live: DATA_DIR/files or a bucket (STORAGE_URL, ADR 076). */
  storage: StorageConfig;
};

/**
 * Where stored files live (ADR 076): `DATA_DIR/files`, or a bucket named by STORAGE_URL
 * (`s3://bucket/prefix`) on AWS S3 or any S3-protocol store (S3_ENDPOINT). Credentials: the
 * AWS_* keys when set, else the SDK's own chain (a profile, an instance or task role).
 */
export type StorageConfig = { kind: 'disk' } | S3StorageConfig;
export type S3StorageConfig = {
  kind: 's3';
  bucket: string;
  /** Key prefix inside the bucket, without slashes at either end; '' for the whole bucket. */
  prefix: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

const STORAGE_URL_FORM =
  'must be s3://bucket or s3://bucket/prefix (a bucket name, then letters, digits, . _ - and /)';
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[a-zA-Z0-9][a-zA-Z0-9._/-]*$/;

/** STORAGE_URL's bucket and prefix, or undefined when it is not of the accepted form. */
function bucketOf(url: string): { bucket: string; prefix: string } | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  const prefix = parsed.pathname.replace(/^\/+|\/+$/g, '');
  const validPrefix = prefix === '' || (PREFIX.test(prefix) && !prefix.includes('..'));
  if (!BUCKET_NAME.test(parsed.hostname) || !validPrefix || parsed.search || parsed.username) {
    return undefined;
  }
  return { bucket: parsed.hostname, prefix };
}

/** The bucket and prefix as STORAGE_URL names them, for messages and backup manifests. */
export const bucketUrl = (s: S3StorageConfig) =>
  `s3://${s.bucket}${s.prefix ? `/${s.prefix}` : ''}`;

function storageConfig(e: z.output<typeof envSchema>): StorageConfig {
  const where = e.STORAGE_URL ? bucketOf(e.STORAGE_URL) : undefined;
  if (!where) return { kind: 'disk' };
  return {
    kind: 's3',
    ...where,
    endpoint: e.S3_ENDPOINT,
    region: e.AWS_REGION,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
        : undefined,
  };
}

export type StripeConfig = { secretKey: string; webhookSecret: string; apiBase?: string };

/** IMAP_URL's user when it is an e-mail address (`imaps://support%40x.com:...`). */
function imapUser(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const user = decodeURIComponent(new URL(url).username);
  return z.string().email().safeParse(user).success ? user : undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])} ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const port = e.PORT;
  const appUrl = (e.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const sessionSecrets = secretList(e.SESSION_SECRET ?? DEV_SESSION_SECRET);
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appUrl,
    sessionSecrets,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${company.name} <no-reply@${new URL(appUrl).hostname}>`,
    salesEmail: e.SALES_EMAIL,
    supportEmail: e.SUPPORT_EMAIL,
    supportMailbox: e.SUPPORT_MAILBOX ?? imapUser(e.IMAP_URL) ?? e.SUPPORT_EMAIL,
    imapUrl: e.IMAP_URL,
    imapOAuth:
      e.IMAP_OAUTH_TOKEN_URL && e.IMAP_OAUTH_CLIENT_ID && e.IMAP_OAUTH_CLIENT_SECRET
        ? {
            tokenUrl: e.IMAP_OAUTH_TOKEN_URL,
            clientId: e.IMAP_OAUTH_CLIENT_ID,
            clientSecret: e.IMAP_OAUTH_CLIENT_SECRET,
            scope: e.IMAP_OAUTH_SCOPE,
          }
        : undefined,
    intakeCategory: e.INTAKE_CATEGORY,
    intakeDepartment: e.INTAKE_DEPARTMENT,
    // The configured external help desk, else our own help center (issue 43, ADR 078).
    helpCenterUrl: e.HELP_CENTER_URL ?? `${appUrl}${paths.help}`,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: e.TRUST_PROXY,
    readRateLimit: e.READ_RATE_LIMIT,
    readConcurrency: e.READ_CONCURRENCY,
    imagePixelsPerMinute: e.IMAGE_MP_PER_MINUTE * 1_000_000,
    mailRetentionDays: e.MAIL_RETENTION_DAYS,
    requestTimeoutMs: 300_000,
    clientDir: path.join(packageRoot, 'dist/client'),
    rateLimitScale: 1,
    mailPollMs: 5000,
    intakePollMs: 60_000,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === 'true',
    webhooksHttpsOnly: e.NODE_ENV === 'production' || appUrl.startsWith('https:'),
    ssoSecretKeys: e.SSO_SECRET_KEY ? secretList(e.SSO_SECRET_KEY) : sessionSecrets,
    ssoAllowLoopbackHttp: e.NODE_ENV !== 'production',
    webhookPollMs: 5000,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : undefined,
    storage: storageConfig(e),
  };
}
