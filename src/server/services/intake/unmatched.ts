// The staff side of the unmatched queue: a mail intake could not place becomes a ticket of
// the company an agent chooses (as one of its users or as a new contact), or is discarded.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  customerUsers,
  customers,
  intakeMessages,
  unmatchedMails,
  users,
} from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AttachUnmatched } from '../../../shared/schemas/staff-unmatched-mail.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';
import { addMembership, createCustomerAccount } from '../memberships.ts';
import { openTicket } from '../helpdesk/open-ticket.ts';
import { mailTicketInput, type IntakeConfig } from './ingest.ts';

export const UNMATCHED_NOT_FOUND = 'Mail not found';

/** The open queue row, locked so two agents cannot both place it. */
async function lockOpen(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(unmatchedMails)
    .where(and(eq(unmatchedMails.id, id), eq(unmatchedMails.status, 'open')))
    .for('update');
  if (!row) throw notFound(UNMATCHED_NOT_FOUND);
  return row;
}

export async function attachUnmatched(
  tx: Tx,
  config: IntakeConfig,
  { id, input, agent }: { id: string; input: AttachUnmatched; agent: Actor },
): Promise<string> {
  const mail = await lockOpen(tx, id);
  const [company] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, input.customerId));
  if (!company) throw badRequest('Choose a company');
  const author =
    'userId' in input ? await member(tx, input) : await newContact(tx, mail.fromAddress, input);
  const ticketId = await openTicket(tx, config, author, {
    customerId: input.customerId,
    input: mailTicketInput(config, mail),
    answering: mail.messageId,
    channel: 'e-mail',
  });
  await tx
    .update(unmatchedMails)
    .set({ status: 'attached', ticketId })
    .where(eq(unmatchedMails.id, id));
  await tx
    .update(intakeMessages)
    .set({ outcome: 'ticket', ticketId })
    .where(eq(intakeMessages.messageId, mail.messageId));
  await recordAudit(tx, agent, {
    action: 'unmatched_mail.attach',
    entityType: 'ticket',
    entityId: ticketId,
    customerId: input.customerId,
    details: { unmatchedMailId: id, authorUserId: author.id, newContact: 'newContact' in input },
  });
  return ticketId;
}

export async function discardUnmatched(tx: Tx, { id, agent }: { id: string; agent: Actor }) {
  await lockOpen(tx, id);
  await tx.update(unmatchedMails).set({ status: 'discarded' }).where(eq(unmatchedMails.id, id));
  await recordAudit(tx, agent, {
    action: 'unmatched_mail.discard',
    entityType: 'unmatched-mail',
    entityId: id,
    customerId: null,
  });
}

/** An active user of the chosen company. */
async function member(tx: Tx, input: { customerId: string; userId: string }): Promise<Actor> {
  const [user] = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .innerJoin(customerUsers, eq(customerUsers.userId, users.id))
    .where(
      and(
        eq(users.id, input.userId),
        eq(customerUsers.customerId, input.customerId),
        eq(users.active, true),
        // A member taken off the company (issue 18) no longer writes as one of its users.
        eq(customerUsers.active, true),
      ),
    );
  if (!user) throw badRequest('The contact must be an active user of that company');
  return { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}` };
}

/** The sender becomes a contact of the company (their later mail then opens tickets itself). */
async function newContact(
  tx: Tx,
  email: string,
  input: { customerId: string; newContact: { firstName: string; lastName: string } },
): Promise<Actor> {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (taken) throw conflict('A user with this e-mail address exists: attach the mail to them');
  // One way an account joins a company (services/memberships): a contact made from a mail is
  // a member, whatever the company's admins.
  const user = await createCustomerAccount(tx, { email, ...input.newContact });
  await addMembership(tx, {
    userId: user.id,
    customerId: input.customerId,
    role: 'member',
    invitedByUserId: null,
  });
  return {
    id: user.id,
    email,
    name: `${input.newContact.firstName} ${input.newContact.lastName}`,
  };
}
