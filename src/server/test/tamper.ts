/**
 * The string with its character at `index` (negative counts from the end)
 * replaced by a different one. A fixed replacement ("...AA") leaves the rare
 * signature that already ends that way valid, and the test flaky.
 */
export function flipChar(s: string, index: number): string {
  const i = index < 0 ? s.length + index : index;
  return s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
}
