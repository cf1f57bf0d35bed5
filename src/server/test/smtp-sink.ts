import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
  receivedAt: string;
  replyTo: string;
  messageId: string;
  inReplyTo: string;
  /** The References header's ids, oldest first. */
  references: string[];
  autoSubmitted: string;
  /** Raw header values (RFC 8058 one-click unsubscribe), '' when absent. */
  listUnsubscribe: string;
  listUnsubscribePost: string;
};

/** A header's raw value: mailparser turns List-* headers into objects. */
const rawHeader = (lines: readonly { key: string; line: string }[], key: string) =>
  lines
    .find((l) => l.key === key)
    ?.line.slice(key.length + 1)
    .trim() ?? '';

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/**
 * A real SMTP server for tests: every accepted message is parsed and kept in
 * memory and, when `dir` is given, written there as JSON for another process to read.
 */
export async function startSmtpSink(opts: { port?: number; dir?: string } = {}) {
  const received: ReceivedMail[] = [];
  if (opts.dir) await fs.mkdir(opts.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const toField = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
          const mail: ReceivedMail = {
            to: toField.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase())),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            receivedAt: new Date().toISOString(),
            replyTo: parsed.replyTo?.value[0]?.address ?? '',
            messageId: parsed.messageId ?? '',
            inReplyTo: parsed.inReplyTo ?? '',
            references:
              typeof parsed.references === 'string'
                ? [parsed.references]
                : (parsed.references ?? []),
            autoSubmitted: String(parsed.headers.get('auto-submitted') ?? ''),
            listUnsubscribe: rawHeader(parsed.headerLines, 'list-unsubscribe'),
            listUnsubscribePost: rawHeader(parsed.headerLines, 'list-unsubscribe-post'),
          };
          received.push(mail);
          if (opts.dir) {
            const file = `${Date.now()}-${Math.random().toString(36).slice(2)}.json`;
            // Written aside, then renamed: a reader never sees half a file.
            const target = path.join(opts.dir, file);
            await fs.writeFile(`${target}.part`, JSON.stringify(mail));
            await fs.rename(`${target}.part`, target);
          }
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  // Once listening, a client's broken connection (a sender killed mid-message, as the
  // webhooks bench does) is that client's failure: the sink keeps serving the others.
  server.on('error', () => {});
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Mails to an address, oldest first. */
    mailsTo: (to: string) => received.filter((m) => m.to.includes(to.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
