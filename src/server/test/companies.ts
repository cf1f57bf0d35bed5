import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { customers } from '../db/schema.ts';

/** The id of a seeded company, looked up by name. */
export async function companyIdOf(app: FastifyInstance, name: string): Promise<string> {
  const [row] = await app.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.name, name))
    .limit(1);
  if (!row) throw new Error(`no company ${name}`);
  return row.id;
}
