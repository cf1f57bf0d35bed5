import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import type { ProfileInput } from '../../../shared/schemas/profile.ts';

export const EMAIL_TAKEN = 'This email address is already used by another account.';

const isUniqueViolation = (err: unknown) =>
  !!err && typeof err === 'object' && 'code' in err && err.code === '23505';

/** Saves the profile; an address another user has (in any letter case) is a 409. */
export async function updateProfile(db: Db, userId: string, input: ProfileInput) {
  const email = input.email.trim();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)))
    .limit(1);
  if (taken) throw conflict(EMAIL_TAKEN);
  try {
    const [saved] = await db
      .update(users)
      .set({
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning({ firstName: users.firstName, lastName: users.lastName, email: users.email });
    return saved!;
  } catch (err) {
    // Two users claiming one address at the same moment: the unique index decides.
    if (isUniqueViolation(err) || isUniqueViolation((err as { cause?: unknown }).cause)) {
      throw conflict(EMAIL_TAKEN);
    }
    throw err;
  }
}
