import { afterAll, beforeAll } from 'vitest';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * For the tests of one public form route: an app that delivers to a real SMTP sink, with
 * sales mail going to `salesEmail`, and `post` to send a submission. Call inside `describe`.
 */
export function publicFormFixture(url: `/api/${string}`, salesEmail: string) {
  let t: TestApp | undefined;
  let sink: SmtpSink | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ smtpUrl: sink.url, salesEmail });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (!value) throw new Error('publicFormFixture is used before its beforeAll ran');
    return value;
  };

  // Each call comes from a new address unless a test names one: the rate limit counts per IP.
  let nextIp = 1;
  const post = (
    payload: unknown,
    ip = `10.9.${Math.floor(nextIp / 250)}.${nextIp++ % 250}`,
    headers: Record<string, string> = {},
  ) =>
    ready(t).app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  return {
    get app() {
      return ready(t).app;
    },
    get sink() {
      return ready(sink);
    },
    post,
  };
}
