import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * For tests that read the mail they cause: an app on its own database copy that delivers to
 * a real SMTP sink (`app.mail.flush()` sends). Call inside `describe`.
 */
export function appWithMailSink(overrides: Partial<Config> = {}) {
  let t: TestApp | undefined;
  let sink: SmtpSink | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ smtpUrl: sink.url, ...overrides });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (!value) throw new Error('appWithMailSink is used before its beforeAll ran');
    return value;
  };
  return {
    get app() {
      return ready(t).app;
    },
    get config() {
      return ready(t).config;
    },
    get sink() {
      return ready(sink);
    },
  };
}
