import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JsonText } from '../db/json-list.ts';
import type { Page } from '../db/paged-list.ts';
import { clearOnWrites } from './clear-on-writes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each company's dashboard JSON, read once per change (see `CompanyCache`). */
    dashboards: CompanyCache<JsonText<unknown>>;
    /** A company's unsearched list totals (`X-Total-Count`), counted once per change. */
    listTotals: CompanyCache<number>;
    /** A company's unsearched first pages of the portal's lists, read once per change (ADR 080). */
    firstPages: CompanyCache<Page<unknown>>;
  }
}

export const COMPANY_CHANGED = 'company_changed';

/** The first instant of the next calendar month in UTC: "This Month's Hours" changes then. */
const nextMonthUtc = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);

/**
 * Values read from one company's rows, kept in memory per reader key (a dashboard depends
 * on the reader's role and, for roles that see only their own tickets, on the reader: issue
 * 18), forgotten when the database names the company on `company_changed` (migrations 0008
 * and 0025, the mechanism of docs/decisions/017-session-cache.md), when this server writes,
 * and when `expires` says. Off while notices may be missed.
 */
export class CompanyCache<V> {
  /** Company id -> key -> value. */
  private entries = new Map<string, Map<string, { value: V; until: number }>>();
  private size = 0;
  /** Bumped by every forget: a read that began before one is not kept. */
  private generation = 0;
  private enabled = false;
  private readonly maxEntries: number;

  constructor(
    private readonly options: { maxEntries?: number; expires?: (now: Date) => number } = {},
  ) {
    this.maxEntries = options.maxEntries ?? 5000;
  }

  setEnabled(on: boolean) {
    this.enabled = on;
    this.clear();
  }

  /** Forgets one company's values, or every one (`''`). */
  forget(companyId: string) {
    this.generation += 1;
    if (!companyId) {
      this.entries.clear();
      this.size = 0;
      return;
    }
    this.size -= this.entries.get(companyId)?.size ?? 0;
    this.entries.delete(companyId);
  }

  clear() {
    this.forget('');
  }

  /** The kept value, if any. */
  peek(companyId: string, key: string): V | undefined {
    if (!this.enabled) return undefined;
    const hit = this.entries.get(companyId)?.get(key);
    return hit && hit.until > Date.now() ? hit.value : undefined;
  }

  /** Taken before a read: `keep` drops a value whose read began before a forget. */
  mark(): number {
    return this.generation;
  }

  keep(companyId: string, key: string, value: V, mark: number) {
    if (!this.enabled || mark !== this.generation) return;
    if (this.size >= this.maxEntries) this.forget('');
    const company = this.entries.get(companyId) ?? new Map();
    if (!company.has(key)) this.size += 1;
    company.set(key, { value, until: this.options.expires?.(new Date()) ?? Infinity });
    this.entries.set(companyId, company);
  }

  /** The kept value of `companyId` under `key`, or `read`'s answer (kept unless a change came meanwhile). */
  async get(companyId: string, key: string, read: () => Promise<V>): Promise<V> {
    const hit = this.peek(companyId, key);
    if (hit !== undefined) return hit;
    const mark = this.mark();
    const value = await read();
    this.keep(companyId, key, value, mark);
    return value;
  }
}

export const companyCachesPlugin = fp(async (app: FastifyInstance) => {
  const caches = [
    new CompanyCache<JsonText<unknown>>({ expires: nextMonthUtc }),
    new CompanyCache<number>(),
    // A page holds up to KEPT_PAGE_MAX_CHARS of JSON: fewer entries than the totals.
    new CompanyCache<Page<unknown>>({ maxEntries: 500 }),
  ] as const;
  app.decorate('dashboards', caches[0]);
  app.decorate('listTotals', caches[1]);
  app.decorate('firstPages', caches[2]);
  const unlisten = await app.database.listen(COMPANY_CHANGED, {
    notify: (companyId) => caches.forEach((c) => c.forget(companyId)),
    listening: (on) => caches.forEach((c) => c.setEnabled(on)),
  });
  app.addHook('onClose', unlisten);
  // This server's own writes do not wait for the notice.
  clearOnWrites(app, () => caches.forEach((c) => c.clear()));
});
