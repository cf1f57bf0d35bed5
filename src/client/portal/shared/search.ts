/** Spec section 5: a case-insensitive substring match on any of the given fields. */
export function matchesSearch(query: string, ...fields: Array<string | null | undefined>): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((f) => !!f && f.toLowerCase().includes(needle));
}

/**
 * The lowercased search text of each row, made once per data set so that a keystroke
 * on a list of thousands only scans strings. A search box cannot hold a line break, so
 * joining the fields with one lets no match span two fields.
 */
export function searchTexts<T>(
  rows: readonly T[],
  fields: (row: T) => Array<string | null | undefined>,
): string[] {
  return rows.map((row) => fields(row).join('\n').toLowerCase());
}
