// From a raw message to what intake needs: who wrote, what it answers, the clean text, or
// why it cannot be placed (quarantine) or must not be answered (loop guards).
import { createHash } from 'node:crypto';
import EmailReplyParser from 'email-reply-parser';
import { convert } from 'html-to-text';
import { simpleParser, type HeaderValue, type ParsedMail } from 'mailparser';

/** Larger messages are quarantined unread (the limit). */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

export type QuarantineReason = 'too-large' | 'malformed-mime' | 'unknown-charset';
export type LoopReason = 'auto-submitted' | 'precedence' | 'x-autoreply' | 'own-address';

export type IncomingMail = {
  messageId: string;
  fromAddress: string;
  fromName: string;
  subject: string;
  /** The new words only: quoted history and signature cut. */
  text: string;
  /** In-Reply-To and References, newest first. */
  refersTo: string[];
  /** Every address it was sent to (To, Cc, Delivered-To, X-Original-To), lower case. */
  recipients: string[];
  /** The topmost `Authentication-Results` header: the receiving server's verdict, if it gave one. */
  authenticationResults?: string;
  /** Set when this is mail no one may answer or ticket. */
  loop?: LoopReason;
  quarantine?: QuarantineReason;
  /** Files attached to the message (issue 17), as mailparser decoded them; inline parts too. */
  attachments: { name: string; content: Buffer }[];
};

/** A message without a Message-ID still gets a stable one: the same bytes, the same id. */
const contentId = (raw: Buffer) =>
  `<${createHash('sha256').update(raw).digest('hex')}@no-message-id>`;

/** The key its .eml is kept under in storage. */
export const emlKeyOf = (raw: Buffer) =>
  `mail/${createHash('sha256').update(raw).digest('hex')}.eml`;

const headerText = (value: HeaderValue | undefined): string => {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(String).join(' ');
  if (typeof value === 'object' && 'value' in value) return String(value.value);
  return String(value);
};

/** The header block only (for a message too large to parse or keep whole). */
export function headerBlock(raw: Buffer): Buffer {
  const end = raw.indexOf('\r\n\r\n');
  const endLf = raw.indexOf('\n\n');
  const cut = end >= 0 ? end : endLf >= 0 ? endLf : Math.min(raw.length, 64 * 1024);
  return Buffer.concat([raw.subarray(0, Math.min(cut, 64 * 1024)), Buffer.from('\r\n\r\n')]);
}

/** Every charset a part declares, read from the raw headers (mailparser decodes silently). */
function declaredCharsets(raw: Buffer): string[] {
  const text = raw.toString('latin1');
  return [...text.matchAll(/content-type:[^\n]*(?:\n[ \t][^\n]*)*/gi)]
    .flatMap((m) => [...m[0].matchAll(/charset\s*=\s*"?([^";\s]+)"?/gi)])
    .map((m) => (m[1] ?? '').toLowerCase());
}

function knownCharset(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

/** A multipart body must name its boundary and contain it. */
function malformedMultipart(parsed: ParsedMail, raw: Buffer): boolean {
  const type = parsed.headers.get('content-type');
  if (!type || typeof type !== 'object' || !('value' in type)) return false;
  if (!String(type.value).toLowerCase().startsWith('multipart/')) return false;
  const boundary = 'params' in type ? type.params.boundary : undefined;
  return !boundary || !raw.includes(`--${boundary}`);
}

function loopReason(
  parsed: ParsedMail,
  ownAddresses: string[],
  from: string,
): LoopReason | undefined {
  const auto = headerText(parsed.headers.get('auto-submitted')).trim().toLowerCase();
  if (auto && auto !== 'no') return 'auto-submitted';
  const precedence = headerText(parsed.headers.get('precedence')).trim().toLowerCase();
  if (['bulk', 'junk', 'list', 'auto_reply'].includes(precedence)) return 'precedence';
  if (parsed.headers.has('x-autoreply') || parsed.headers.has('x-autorespond'))
    return 'x-autoreply';
  if (ownAddresses.includes(from)) return 'own-address';
  return undefined;
}

/** The words the sender wrote this time: HTML-only mail through html-to-text, then quotes and signature cut. */
function cleanText(parsed: ParsedMail): string {
  const body =
    parsed.text?.trim() ||
    (typeof parsed.html === 'string' ? convert(parsed.html, { wordwrap: false }) : '');
  const visible = new EmailReplyParser().parseReply(body.replace(/\r\n/g, '\n')).trim();
  return visible || body.trim();
}

const recipientHeaders = ['to', 'cc', 'delivered-to', 'x-original-to'];

/** Unfolded header values in the order they stand in the message. */
const headerValues = (parsed: ParsedMail, keys: string[]) =>
  parsed.headerLines
    .filter((h) => keys.includes(h.key))
    .map((h) =>
      h.line
        .slice(h.line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    );

const addressesIn = (value: string) =>
  [...value.matchAll(/[^\s<>,;:"()]+@[^\s<>,;:"()]+/g)].map((m) => m[0].toLowerCase());

const ids = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : []).filter(Boolean);

export async function readMessage(raw: Buffer, ownAddresses: string[]): Promise<IncomingMail> {
  const tooLarge = raw.length > MAX_MESSAGE_BYTES;
  const parsed = await simpleParser(tooLarge ? headerBlock(raw) : raw, {
    skipImageLinks: true,
    skipTextToHtml: true,
  });
  const from = parsed.from?.value[0];
  const fromAddress = (from?.address ?? '').trim().toLowerCase();
  const mail: IncomingMail = {
    messageId: parsed.messageId?.trim() || contentId(raw),
    fromAddress,
    fromName: (from?.name ?? '').trim(),
    subject: (parsed.subject ?? '').replace(/\s+/g, ' ').trim(),
    text: '',
    refersTo: [...ids(parsed.inReplyTo), ...ids(parsed.references).reverse()],
    recipients: headerValues(parsed, recipientHeaders).flatMap(addressesIn),
    authenticationResults: headerValues(parsed, ['authentication-results'])[0],
    attachments: [],
  };
  const quarantine: QuarantineReason | undefined = tooLarge
    ? 'too-large'
    : !fromAddress || malformedMultipart(parsed, raw)
      ? 'malformed-mime'
      : declaredCharsets(raw).some((c) => !knownCharset(c))
        ? 'unknown-charset'
        : undefined;
  if (quarantine) return { ...mail, quarantine };
  return {
    ...mail,
    text: cleanText(parsed),
    loop: loopReason(parsed, ownAddresses, fromAddress),
    attachments: parsed.attachments.map((a, i) => ({
      name: a.filename?.trim() || `attachment-${i + 1}`,
      content: a.content,
    })),
  };
}
