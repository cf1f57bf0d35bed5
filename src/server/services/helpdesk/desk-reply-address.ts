// Where the support desk answers a ticket's desk mail, and the proof that a staff mail is such
// an answer (review N7). A desk mail's Reply-To is the support mailbox with a plus-part,
// `support+r-<token>@host`: the token is an HMAC of the ticket and the mail's recipient (the
// desk address), keyed from SESSION_SECRET, so nothing is stored and no one who did not receive
// that desk mail can name it. The token is in Reply-To only, never in a Message-ID: customers'
// ticket mails carry the thread's Message-IDs in References, so an id is no secret.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';

type ReplyConfig = Pick<Config, 'supportMailbox' | 'supportEmail' | 'sessionSecrets'>;

const keyFrom = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'desk-reply-address', 'hmac-sha256', 32));

/** 128 bits in lower-case hex: mail servers may fold the case of an address's local part. */
const token = (secret: string, ticketId: string, recipient: string) =>
  createHmac('sha256', keyFrom(secret))
    .update(`${ticketId.toUpperCase()}:${recipient.toLowerCase()}`)
    .digest('hex')
    .slice(0, 32);

const plusAddress = (mailbox: string, tag: string) => {
  const at = mailbox.lastIndexOf('@');
  return `${mailbox.slice(0, at)}+r-${tag}${mailbox.slice(at)}`;
};

/** The desk's answer to this ticket's desk mail goes here (signed with the newest secret). */
export const deskReplyAddress = (config: ReplyConfig, ticketId: string) =>
  plusAddress(
    config.supportMailbox,
    token(config.sessionSecrets[0] ?? '', ticketId, config.supportEmail),
  );

/** Whether one of a mail's recipient addresses is this ticket's desk reply address. */
export function answersDeskMail(
  config: ReplyConfig,
  ticketId: string,
  recipients: string[],
): boolean {
  const given = recipients.map((r) => Buffer.from(r.toLowerCase()));
  return config.sessionSecrets.some((secret) => {
    const expected = Buffer.from(
      plusAddress(
        config.supportMailbox,
        token(secret, ticketId, config.supportEmail),
      ).toLowerCase(),
    );
    return given.some((g) => g.length === expected.length && timingSafeEqual(g, expected));
  });
}
