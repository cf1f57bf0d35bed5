// Reading the paging contract's `Link` header in API tests (docs/decisions/029).

/** The `rel="next"` URL of a `Link` header, or null. */
export const nextOf = (link: unknown) =>
  typeof link === 'string' ? (/^<([^>]+)>; rel="next"$/.exec(link)?.[1] ?? null) : null;

/** The cursor of the next page a `Link` header points to (the header must have one). */
export const cursorOf = (link: unknown) =>
  new URL(nextOf(link)!, 'http://x').searchParams.get('cursor')!;
