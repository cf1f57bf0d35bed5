// PostgreSQL refuses NUL characters and lone surrogates in text and jsonb: a request holding
// them is a 400 before any handler starts writing, whichever way it was encoded.
const UNSTORABLE = /\0|\p{Cs}/u;

export const UNSTORABLE_TEXT = 'Text contains characters that cannot be stored';

/** True when a string anywhere in `value` (a key too) holds a character the database refuses. */
export function hasUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => UNSTORABLE.test(k) || hasUnstorableText(v));
  }
  return false;
}
