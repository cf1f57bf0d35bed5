// The magic-link sign-in over HTTPS as a browser makes it: the form, the mail, the link's page,
// its button. Each step may reach another app server: the session and CSRF state live in the
// database. The TLS deployment test reads the mail from DATA_DIR/mail, the cluster test
// (ADR 077) from its SMTP sink: each passes its own way to the link.
import { setCookies, type Answer, type RequestOptions } from './https.ts';

/** A browser's cookie jar, reduced to what the sign-in needs. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(answer: Answer) {
    for (const [name, line] of setCookies(answer)) this.cookies.set(name, line.split(';')[0] ?? '');
  }
  header(): string {
    return [...this.cookies.values()].join('; ');
  }
}

const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

export type SignInRoute = {
  origin: string;
  request: (url: string, options?: RequestOptions) => Promise<Answer>;
  /** Every request leaves from this address and carries these headers (the TLS test's checks). */
  localAddress?: string;
  headers?: Record<string, string>;
};

export type SignIn = { session: Answer; cookie: string };

/**
 * Signs `email` in; `linkIn(pattern)` waits for the newest sign-in mail sent after the call
 * began and answers the link in it that `pattern` finds. Throws at a step's unexpected status.
 */
export async function signInByMailLink(
  route: SignInRoute,
  email: string,
  linkIn: (pattern: RegExp) => Promise<string>,
): Promise<SignIn> {
  const jar = new Jar();
  const send = async (url: string, init: RequestOptions = {}) => {
    const answer = await route.request(url, {
      ...init,
      localAddress: route.localAddress,
      headers: { ...route.headers, ...init.headers, cookie: jar.header() },
    });
    jar.take(answer);
    return answer;
  };
  const expectStatus = (step: string, answer: Answer, status: number) => {
    if (answer.status !== status)
      throw new Error(`sign-in ${step}: ${answer.status} (not ${status}) ${answer.body}`);
  };
  const form = (fields: Record<string, string>): RequestOptions => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: route.origin },
    body: new URLSearchParams(fields).toString(),
  });
  const page = await send(`${route.origin}/api/login`);
  expectStatus('page', page, 200);
  const asked = await send(
    `${route.origin}/api/login`,
    form({ email, _csrf: hidden(page.body, '_csrf') }),
  );
  expectStatus('request', asked, 200);
  const link = await linkIn(new RegExp(`${route.origin}/api/login/verify\\?token=[\\w-]+`));
  const linkPage = await send(link);
  expectStatus('link page', linkPage, 200);
  const session = await send(
    `${route.origin}/api/login/verify`,
    form({ token: hidden(linkPage.body, 'token'), _csrf: hidden(linkPage.body, '_csrf') }),
  );
  expectStatus('link', session, 303);
  return { session, cookie: jar.header() };
}
