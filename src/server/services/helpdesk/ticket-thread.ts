// One mail thread per ticket, in every mail client: each ticket mail gets its own stable
// Message-ID (recorded, so intake can tell which ticket an answer belongs to) and refers to
// the ticket's thread through In-Reply-To and References.
import { randomUUID } from 'node:crypto';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import { ticketMessages } from '../../db/schema.ts';
import type { MailMessage } from '../mail-outbox.ts';

type ThreadConfig = Pick<Config, 'appUrl'>;

/** References grow with the thread; the newest few are enough for every client to thread. */
const MAX_REFERENCES = 10;

const mailHost = (config: ThreadConfig) => new URL(config.appUrl).hostname;

/** The thread's root, the same for every mail of a ticket (never sent itself). */
export const threadRootId = (config: ThreadConfig, ticketId: string) =>
  `<ticket-${ticketId}@${mailHost(config)}>`;

/** The ticket whose thread root an id is, if it is one of ours. */
export function ticketOfRootId(config: ThreadConfig, messageId: string): string | undefined {
  const match = /^<?ticket-(TK-\d+)@([^>]+)>?$/i.exec(messageId.trim());
  return match && match[2]?.toLowerCase() === mailHost(config)
    ? match[1]?.toUpperCase()
    : undefined;
}

/** Records a message of the ticket's thread; a Message-ID seen before is left as it was. */
async function recordTicketMessage(
  tx: Tx,
  ticketId: string,
  messageId: string,
  direction: 'in' | 'out',
) {
  await tx.insert(ticketMessages).values({ messageId, ticketId, direction }).onConflictDoNothing();
}

/** The ticket a mail's references (In-Reply-To, References) name first: ours, recorded or a root. */
export async function ticketOfReferences(
  tx: Tx,
  config: ThreadConfig,
  refersTo: string[],
): Promise<string | undefined> {
  if (refersTo.length === 0) return undefined;
  const known = await tx
    .select({ messageId: ticketMessages.messageId, ticketId: ticketMessages.ticketId })
    .from(ticketMessages)
    .where(inArray(ticketMessages.messageId, refersTo));
  for (const ref of refersTo) {
    const ticketId =
      known.find((k) => k.messageId === ref)?.ticketId ?? ticketOfRootId(config, ref);
    if (ticketId) return ticketId;
  }
  return undefined;
}

/**
 * Gives each message a new Message-ID and the thread's In-Reply-To and References; one that is
 * not `automatic` is a person's words and goes out without `Auto-Submitted` (enqueueMail);
 * records the new ids in the thread. `answering`, the Message-ID of the mail that caused these
 * (intake), joins the thread first, so they answer it.
 */
export async function inTicketThread(
  tx: Tx,
  config: ThreadConfig,
  ticketId: string,
  messages: MailMessage[],
  { automatic, answering }: { automatic: boolean; answering?: string | undefined },
): Promise<MailMessage[]> {
  if (answering) await recordTicketMessage(tx, ticketId, answering, 'in');
  const recent = await tx
    .select({ messageId: ticketMessages.messageId })
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(desc(ticketMessages.createdAt))
    .limit(MAX_REFERENCES);
  const thread = [threadRootId(config, ticketId), ...recent.map((r) => r.messageId).reverse()];
  const headers: Record<string, string> = {
    'In-Reply-To': thread[thread.length - 1] ?? '',
    References: thread.join(' '),
  };
  const threaded = messages.map((m) => ({
    ...m,
    messageId: `<${randomUUID()}@${mailHost(config)}>`,
    headers: { ...m.headers, ...headers },
    personal: !automatic,
  }));
  for (const m of threaded) await recordTicketMessage(tx, ticketId, m.messageId, 'out');
  return threaded;
}
