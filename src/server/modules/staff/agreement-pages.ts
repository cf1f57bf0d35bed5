import { sql } from 'drizzle-orm';
import type { PagedList } from '../../db/paged-list.ts';
import { agreements } from '../../db/schema.ts';

/**
 * A company's agreements for its staff page (ADR 071, paged by ADR 073): active first, then
 * newest; `q` on the name, `status` to keep one state (the time dialogs' active ones). The page
 * holds ids only: each row's hours come from the draw-down rule in code (`agreementsByIds`).
 */
export const agreementPages: PagedList<{ id: string }, 'status'> = {
  name: 'staff-agreements',
  from: sql`${agreements}`,
  scope: agreements.customerId,
  row: () => ({ id: agreements.id }),
  order: [
    // 'active' sorts before 'ended' as text; as text too in the cursor's comparison.
    { expr: sql`${agreements.status}::text`, type: 'text' },
    { expr: agreements.createdAt, desc: true, type: 'timestamptz' },
    { expr: agreements.id, desc: true, type: 'uuid' },
  ],
  search: [agreements.name],
  filters: { status: sql`${agreements.status}::text` },
};
