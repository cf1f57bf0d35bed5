import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config.ts';
import { staffTestContext } from './staff-context.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { createTestApp, type TestApp } from './test-app.ts';

type StaffContext = Awaited<ReturnType<typeof staffTestContext>>;

export type StaffTestApp = TestApp & {
  /** The seeded staff member's and Acme user's cookies, Acme's and Globex's ids. */
  ctx: StaffContext;
  /** One call to the app, signed in as the seeded staff member unless another cookie is given. */
  request(
    method: InjectOptions['method'],
    url: string,
    payload?: object,
    cookie?: string,
  ): ReturnType<TestApp['app']['inject']>;
};

/**
 * The one staff test app of a describe block: a private app with its database copy, built in
 * the block's first `beforeAll` and closed in its `afterAll`. The returned object (and its
 * `ctx`) is filled in then, so read its fields inside hooks and tests, never at collection.
 * With `smtpSink`, mail goes to a real SMTP sink the test can read (`sink`); `config` overrides
 * the test configuration.
 */
type Options = { config?: Partial<Config> };
export function useStaffTestApp(
  options: Options & { smtpSink: true },
): StaffTestApp & { sink: SmtpSink };
export function useStaffTestApp(options?: Options & { smtpSink?: false }): StaffTestApp;
export function useStaffTestApp(options: Options & { smtpSink?: boolean } = {}) {
  const ctx = {} as StaffContext;
  const handle = {
    ctx,
    request: (method, url, payload, cookie = ctx.staffCookie) =>
      handle.app.inject({ method, url, payload, headers: { cookie } }),
  } as StaffTestApp & { sink?: SmtpSink };
  beforeAll(async () => {
    if (options.smtpSink) handle.sink = await startSmtpSink();
    const smtp = handle.sink ? { smtpUrl: handle.sink.url } : {};
    Object.assign(handle, await createTestApp({ ...options.config, ...smtp }));
    Object.assign(ctx, await staffTestContext(handle.app));
  });
  afterAll(async () => {
    await handle.close();
    await handle.sink?.close();
  });
  return handle;
}
