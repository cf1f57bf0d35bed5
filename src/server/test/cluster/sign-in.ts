// The customer's sign-in through nginx (tests/e2e/tls/sign-in-flow.ts), its mail read from the
// cluster's SMTP sink, sent by whichever server's outbox claimed it.
import { signInByMailLink } from '../../../../tests/e2e/tls/sign-in-flow.ts';
import type { Cluster } from './cluster.ts';
import { pollUntil } from './poll.ts';

/** Signs `email` in through nginx; answers the session's cookie header. */
export async function signInThroughNginx(c: Cluster, email: string): Promise<string> {
  const before = c.sink.mailsTo(email).length;
  const { cookie } = await signInByMailLink(c, email, (pattern) =>
    pollUntil(`the sign-in mail to ${email}`, 20_000, () => {
      const mail = c.sink.mailsTo(email).slice(before).at(-1);
      return mail ? pattern.exec(mail.text)?.[0] : undefined;
    }),
  );
  return cookie;
}
