import { sql } from 'drizzle-orm';
import type { Lead } from '../../../shared/schemas/staff-leads.ts';
import { isoTimestamp } from '../../db/json-list.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { contactMessages, quoteRequests } from '../../db/schema.ts';

/**
 * Contact messages and quote requests as one list (issue 20): a `union all` of the two
 * tables, newest first. `kind` and `status` are filters; `q` searches who wrote (name,
 * email, company) and what (message, or a quote's service and details). No trigram index:
 * leads arrive by hand through the public forms, thousands at most, and the union's text
 * cannot be indexed as one expression.
 */
const leads = sql`(
  select ${contactMessages.id} as id, 'contact'::text as kind, ${contactMessages.name} as name,
    ${contactMessages.email} as email, ${contactMessages.company} as company,
    ${contactMessages.phone} as phone, null::text as service, ${contactMessages.message} as message,
    ${contactMessages.status}::text as status, ${contactMessages.createdAt} as created_at,
    ${contactMessages.updatedAt} as updated_at
  from ${contactMessages}
  union all
  select ${quoteRequests.id}, 'quote', ${quoteRequests.name}, ${quoteRequests.email},
    ${quoteRequests.company}, ${quoteRequests.phone}, ${quoteRequests.service},
    ${quoteRequests.details}, ${quoteRequests.status}::text, ${quoteRequests.createdAt},
    ${quoteRequests.updatedAt}
  from ${quoteRequests}
) leads`;

const col = (name: string) => sql.raw(`leads.${name}`);

export const leadPages: PagedList<Lead, 'kind' | 'status'> = {
  name: 'staff-leads',
  scope: 'staff',
  from: leads,
  row: () => ({
    id: col('id'),
    kind: col('kind'),
    name: col('name'),
    email: col('email'),
    company: col('company'),
    phone: col('phone'),
    service: col('service'),
    message: col('message'),
    status: col('status'),
    createdAt: isoTimestamp(col('created_at')),
    updatedAt: isoTimestamp(col('updated_at')),
  }),
  order: [
    { expr: col('created_at'), desc: true, type: 'timestamptz' },
    { expr: col('id'), desc: true, type: 'uuid' },
  ],
  search: [
    col('name'),
    col('email'),
    sql`coalesce(leads.company, '')`,
    sql`coalesce(leads.service, '')`,
    col('message'),
  ],
  filters: { kind: col('kind'), status: col('status') },
};
