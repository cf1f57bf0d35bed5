import { sql } from 'drizzle-orm';
import type { QuoteListItem } from '../../../shared/schemas/quotes.ts';
import { isoTimestamp } from '../../db/json-list.ts';
import { minorAsDecimal } from '../../db/minor-units.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { quotes } from '../../db/schema.ts';

/**
 * A company's quotes, newest first, for the staff company page (ADR 072); `q` on the number and
 * the title. A sent quote past its last valid day anywhere on Earth (UTC−12) reads `expired`,
 * the rule of `quoteExpired` in SQL.
 */
export const quotePages: PagedList<QuoteListItem> = {
  name: 'staff-quotes',
  from: sql`${quotes}`,
  scope: quotes.customerId,
  row: () => ({
    id: quotes.id,
    number: quotes.number,
    version: quotes.version,
    title: quotes.title,
    status: sql`case when ${quotes.state} = 'sent' and now() >= ${quotes.validUntil}::timestamp at time zone 'UTC' + interval '36 hours' then 'expired' else ${quotes.state}::text end`,
    currency: quotes.currency,
    amount: sql`${minorAsDecimal('total_minor')}`,
    validUntil: quotes.validUntil,
    createdAt: isoTimestamp(quotes.createdAt),
  }),
  order: [
    { expr: quotes.createdAt, desc: true, type: 'timestamptz' },
    { expr: quotes.id, desc: true, type: 'uuid' },
  ],
  search: [quotes.number, quotes.title],
  filters: {},
};
