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
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
