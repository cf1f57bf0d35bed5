import path from 'node:path';
import { z } from 'zod';
import { company } from '../shared/company.ts';
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
    TRUST_PROXY: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required in production (at least 32 characters)',
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
  helpCenterUrl: string;
  redisUrl?: string;
  logLevel: string;
  trustProxy: boolean;
  /** Where the built client lives; absent in API-only tests. */
  clientDir?: string;
  /** Rate limits are relaxed (never removed) by tests that send many requests. */
  rateLimitScale: number;
  /** How often the mail outbox is polled, in ms. */
  mailPollMs: number;
  /** The port of the `/metrics` listener; unset: no metrics are collected or served. */
  metricsPort?: number;
  metricsHost: string;
  /** After SIGTERM, how long `/api/ready` answers 503 before the listener closes. */
  shutdownDrainMs: number;
};

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
  return {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appUrl,
    sessionSecrets: (e.SESSION_SECRET ?? DEV_SESSION_SECRET)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${company.name} <no-reply@${new URL(appUrl).hostname}>`,
    salesEmail: e.SALES_EMAIL,
    supportEmail: e.SUPPORT_EMAIL,
    helpCenterUrl: e.HELP_CENTER_URL ?? company.helpCenterUrl,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: e.TRUST_PROXY,
    clientDir: path.join(packageRoot, 'dist/client'),
    rateLimitScale: 1,
    mailPollMs: 5000,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
  };
}
