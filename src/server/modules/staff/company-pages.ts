import { sql } from 'drizzle-orm';
import type { CompanySummary } from '../../../shared/schemas/staff-customers.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { customers } from '../../db/schema.ts';
import { orEmpty, searchText } from '../../db/search-text.ts';

/**
 * Every company in pages (issue 20), by name. `q` searches name, email and phone (the
 * `customers_search_trgm_idx` expression); `id` narrows to one company for the picker.
 * Counts are per row of the page only, so their cost does not grow with the list.
 */
export const companyPages: PagedList<CompanySummary, 'id'> = {
  name: 'staff-companies',
  scope: 'staff',
  from: sql`${customers}`,
  row: () => ({
    id: customers.id,
    name: customers.name,
    email: customers.email,
    phone: customers.phone,
    address: customers.address,
    currency: customers.currency,
    userCount: sql`(select count(*)::int from customer_users cu where cu.customer_id = ${customers.id})`,
    openTickets: sql`(select count(*)::int from tickets t where t.customer_id = ${customers.id} and t.status <> 'closed')`,
  }),
  order: [
    { expr: customers.name, type: 'text' },
    { expr: customers.id, type: 'uuid' },
  ],
  search: searchText(customers.name, orEmpty(customers.email), orEmpty(customers.phone)),
  searchIndexed: true,
  filters: { id: customers.id },
};
