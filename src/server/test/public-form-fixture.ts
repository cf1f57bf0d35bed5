import { expect } from 'vitest';
import { appWithMailSink } from './mail-app.ts';

/**
 * For the tests of one public form route: an app that delivers to a real SMTP sink, with
 * sales mail going to `salesEmail`, and `post` to send a submission. Call inside `describe`.
 */
export function publicFormFixture(url: `/api/${string}`, salesEmail: string) {
  const t = appWithMailSink({ salesEmail });

  // Each call comes from a new address unless a test names one: the rate limit counts per IP.
  let nextIp = 1;
  const post = (
    payload: unknown,
    ip = `10.9.${Math.floor(nextIp / 250)}.${nextIp++ % 250}`,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  /**
   * Sends a submission that puts spam in every free-text field, and checks that the
   * acknowledgement to the typed-in address repeats none of it (issue 13, item 7).
   */
  async function acknowledgementEchoing(spam: Record<string, string>, typed: string[]) {
    const res = await post(spam);
    expect(res.statusCode).toBe(201);
    await t.app.mail.flush();
    const [ack] = t.sink.mailsTo(spam.email ?? '');
    expect(ack).toBeDefined();
    const whole = `${ack?.subject}\n${ack?.text}\n${ack?.html ?? ''}`;
    for (const text of typed) expect(whole).not.toContain(text);
    return { ack: ack!, reference: res.json<{ id: string }>().id.slice(0, 8).toUpperCase() };
  }

  return {
    acknowledgementEchoing,
    get app() {
      return t.app;
    },
    get sink() {
      return t.sink;
    },
    post,
  };
}
