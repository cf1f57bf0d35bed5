// The magic-link sign-in through nginx as a browser makes it: the form, the mail (from the
// cluster's SMTP sink, sent by whichever server's outbox claimed it), the link's page, its button.
// Each step may reach another app server: the session and CSRF state live in the database.
import { setCookies, type Answer, type RequestOptions } from '../../../../tests/e2e/tls/https.ts';
import type { Cluster } from './cluster.ts';
import { pollUntil } from './poll.ts';

const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

/** A cookie jar reduced to what the sign-in needs. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(answer: Answer) {
    for (const [name, line] of setCookies(answer)) this.cookies.set(name, line.split(';')[0] ?? '');
  }
  header(): string {
    return [...this.cookies.values()].join('; ');
  }
}

function linkIn(c: Cluster, email: string, after: number) {
  const pattern = new RegExp(`${c.origin}/api/login/verify\\?token=[\\w-]+`);
  return pollUntil(`the sign-in mail to ${email}`, 20_000, () => {
    const mail = c.sink.mailsTo(email).slice(after).at(-1);
    return mail ? pattern.exec(mail.text)?.[0] : undefined;
  });
}

/** Signs `email` in through nginx; answers the session's cookie header. */
export async function signInThroughNginx(c: Cluster, email: string): Promise<string> {
  const jar = new Jar();
  const send = async (url: string, init: RequestOptions = {}) => {
    const answer = await c.request(url, {
      ...init,
      headers: { ...init.headers, cookie: jar.header() },
    });
    jar.take(answer);
    return answer;
  };
  const form = (fields: Record<string, string>): RequestOptions => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: c.origin },
    body: new URLSearchParams(fields).toString(),
  });
  const before = c.sink.mailsTo(email).length;
  const page = await send(`${c.origin}/api/login`);
  if (page.status !== 200) throw new Error(`sign-in page: ${page.status}`);
  const asked = await send(
    `${c.origin}/api/login`,
    form({ email, _csrf: hidden(page.body, '_csrf') }),
  );
  if (asked.status !== 200) throw new Error(`sign-in request: ${asked.status} ${asked.body}`);
  const linkPage = await send(await linkIn(c, email, before));
  const session = await send(
    `${c.origin}/api/login/verify`,
    form({ token: hidden(linkPage.body, 'token'), _csrf: hidden(linkPage.body, '_csrf') }),
  );
  if (session.status !== 303) throw new Error(`sign-in link: ${session.status} ${session.body}`);
  return jar.header();
}
