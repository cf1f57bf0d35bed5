/**
 * When the islands' code loads (docs/decisions/027-island-code-on-idle.md):
 * - 'interaction': only when a visitor first reaches for an island (pointer, touch, focus,
 *   key); a page nobody touches loads the ~1 KB boot script and nothing else.
 * - 'idle': also after the load event, once the browser is idle, whichever comes first.
 * Hydration itself always waits for the visitor's first reach (src/client/island-boot.ts).
 */
export const ISLAND_CODE_LOADS: 'idle' | 'interaction' = 'interaction';
