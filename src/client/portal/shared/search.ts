/** Spec section 5: a case-insensitive substring match on any of the given fields. */
export function matchesSearch(query: string, ...fields: Array<string | null | undefined>): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((f) => !!f && f.toLowerCase().includes(needle));
}
