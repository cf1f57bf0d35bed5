/**
 * The most rows a page of a list holds, whatever `?limit=` asks (issue 20). Kept apart from
 * the paging schema so the client's reads use it without bringing zod into first paint.
 */
export const MAX_PAGE_SIZE = 200;
