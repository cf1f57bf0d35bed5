import type { SessionAccount } from '../../services/current-user.ts';

/** An account as cached: its JSON is written once, on the first "who am I" that needs it. */
export type CachedAccount = SessionAccount & { json?: string };

/**
 * Signed-in accounts of this app server by signed session cookie (checked once, before it
 * is stored), so a signed-in request costs no query and no HMAC (docs/decisions/017-session-cache.md). Everything is forgotten at once on any change to
 * the tables an account is made of; entries are used only while the database says so
 * (`enabled`, i.e. while its change notices can reach us).
 */
export class SessionCache {
  readonly #entries = new Map<string, CachedAccount>();
  #generation = 0;
  #enabled = false;

  constructor(private readonly maxEntries = 10_000) {}

  /** Taken before a database read; `set` refuses the result if anything changed meanwhile. */
  get generation(): number {
    return this.#generation;
  }

  get(cookie: string, now: number): CachedAccount | undefined {
    const entry = this.#entries.get(cookie);
    if (!entry) return undefined;
    if (now < entry.recheckAt) return entry;
    this.#entries.delete(cookie);
    return undefined;
  }

  set(cookie: string, account: CachedAccount, readAt: number): void {
    if (!this.#enabled || readAt !== this.#generation) return;
    // A Map iterates in insertion order: the first key is the oldest entry.
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(cookie, account);
  }

  /** Forgets every account, including reads still under way. */
  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  /** Off while change notices may be missed (the listening connection is down). */
  setEnabled(enabled: boolean): void {
    this.clear();
    this.#enabled = enabled;
  }

  get size(): number {
    return this.#entries.size;
  }
}
