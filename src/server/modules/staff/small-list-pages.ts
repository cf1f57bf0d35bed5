import { and, eq, sql } from 'drizzle-orm';
import type { SavedReply } from '../../../shared/schemas/saved-replies.ts';
import type { StaffMember } from '../../../shared/schemas/staff-customers.ts';
import type { StaffRole } from '../../../shared/staff-permissions.ts';
import { isoTimestamp } from '../../db/json-list.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { savedReplies, staffAvailability, users } from '../../db/schema.ts';

/**
 * Lists small by nature (docs/decisions/043): the same paging contract, but their query's
 * default `limit` is the maximum page (200), so the screens and pickers that read them whole
 * read one page, and the answer stays bounded if they grow.
 */
const staffName = sql`${users.firstName} || ' ' || ${users.lastName}`;

/** The active staff members (assignee pickers), by name; `q` on name and email. */
export const staffMemberPages: PagedList<StaffMember> = {
  name: 'staff-members',
  scope: 'staff',
  from: sql`${users}`,
  // The check constraint makes every staff row name a role (migration 0032).
  row: () => ({
    id: users.id,
    name: staffName,
    email: users.email,
    // No row is available (ADR 063).
    available: sql`coalesce((select ${staffAvailability.available} from ${staffAvailability}
      where ${staffAvailability.userId} = ${users.id}), true)`,
    role: sql<StaffRole>`${users.staffRole}`,
  }),
  order: [
    { expr: users.firstName, type: 'text' },
    { expr: users.lastName, type: 'text' },
    { expr: users.id, type: 'uuid' },
  ],
  search: [staffName, users.email],
  filters: {},
};
export const activeStaff = and(eq(users.role, 'staff'), eq(users.active, true));

/** The help desk's saved replies, by title; `q` on title and text. */
export const savedReplyPages: PagedList<SavedReply> = {
  name: 'staff-saved-replies',
  scope: 'staff',
  from: sql`${savedReplies}`,
  row: () => ({
    id: savedReplies.id,
    title: savedReplies.title,
    body: savedReplies.body,
    updatedBy: savedReplies.updatedByName,
    updatedAt: isoTimestamp(savedReplies.updatedAt),
  }),
  order: [
    { expr: savedReplies.title, type: 'text' },
    { expr: savedReplies.id, type: 'uuid' },
  ],
  search: [savedReplies.title, savedReplies.body],
  filters: {},
};
