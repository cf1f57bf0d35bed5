import { sql } from 'drizzle-orm';
import type { SignInLogEntry } from '../../../shared/schemas/auth.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { signIns, users } from '../../db/schema.ts';
import { signInLogColumns } from '../../services/sign-in-log.ts';

/**
 * Every account's sign-in log in pages (issue 20), newest first; `q` on the person's name
 * and email and the IP address, `event` a filter. No trigram index: the search reads the
 * users' short columns through the join, and staff read recent pages first.
 */
export const signInPages: PagedList<SignInLogEntry, 'event'> = {
  name: 'staff-sign-ins',
  scope: 'staff',
  from: sql`${signIns} inner join ${users} on ${users.id} = ${signIns.userId}`,
  row: () => signInLogColumns,
  order: [
    { expr: signIns.at, desc: true, type: 'timestamptz' },
    { expr: signIns.id, desc: true, type: 'uuid' },
  ],
  search: [
    sql`(${users.firstName} || ' ' || ${users.lastName})`,
    users.email,
    sql`coalesce(${signIns.ip}, '')`,
  ],
  filters: { event: signIns.event },
};
