import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { customers, users } from '../db/schema.ts';
import { DEMO_STAFF_EMAIL, DEMO_USERS } from '../seed/demo.ts';
import { sessionCookieFor } from './sign-in.ts';

/**
 * Cookies for the seeded staff member and customer user, the staff member's id, and the two
 * seeded companies' ids.
 */
export async function staffTestContext(app: FastifyInstance) {
  const idOf = async (name: string) => {
    const [row] = await app.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.name, name));
    if (!row) throw new Error(`no company ${name}`);
    return row.id;
  };
  return {
    staffCookie: await sessionCookieFor(app, DEMO_STAFF_EMAIL),
    staffId: (
      await app.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_STAFF_EMAIL))
    )[0]!.id,
    customerCookie: await sessionCookieFor(app, DEMO_USERS.acme),
    acmeId: await idOf('Acme Logistics'),
    globexId: await idOf('Globex Retail'),
  };
}

/** A multipart/form-data body (fields first, then the file) for `app.inject`. */
export async function multipartBody(
  fields: Record<string, string>,
  file: { name: string; type: string; data: Buffer },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}
