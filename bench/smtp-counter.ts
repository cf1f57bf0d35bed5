// The webhooks bench's SMTP server: a real smtp-server that keeps what a relay keeps of each
// mail, its envelope recipients and its Message-ID, without parsing the MIME body. The tests'
// sink (src/server/test/smtp-sink.ts) parses every mail with mailparser; in the bench that
// parse ran on the same two cores as the app and cost more CPU per mail than the app's own
// sending (bench/RESULTS.md, 2026-11-27).
import { SMTPServer } from 'smtp-server';

export type CountedMail = { to: string[]; messageId: string };

const HEADER_END = Buffer.from('\r\n\r\n');

/** The Message-ID of a raw header block (folded lines unfolded), '' when absent. */
export function messageIdOf(header: string): string {
  const unfolded = header.replace(/\r\n[ \t]+/g, ' ');
  return /^message-id:[ \t]*(.*)$/im.exec(unfolded)?.[1]?.trim() ?? '';
}

export async function startSmtpCounter() {
  const received: CountedMail[] = [];
  /** Waiters for a count of mails, told as each mail arrives (no polling). */
  const waiters = new Set<{ count: number; done: (reached: boolean) => void }>();
  const arrived = () => {
    for (const w of waiters) if (received.length >= w.count) w.done(true);
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const end = raw.indexOf(HEADER_END);
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          messageId: messageIdOf(raw.subarray(0, end < 0 ? raw.length : end).toString('latin1')),
        });
        arrived();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A sender killed mid-message resets its connection: its failure, not the server's.
  server.on('error', () => {});
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  /** Resolves true once `count` mails have arrived, false if `withinMs` passes first. */
  const whenReceived = (count: number, withinMs: number) =>
    new Promise<boolean>((resolve) => {
      const waiter = {
        count,
        done: (reached: boolean) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => waiter.done(false), withinMs);
      waiters.add(waiter);
      arrived();
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    whenReceived,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
