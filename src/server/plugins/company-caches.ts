import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { JsonText } from '../db/json-list.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each company's dashboard JSON, read once per change (see `DashboardCache`). */
    dashboards: DashboardCache;
  }
}

export const COMPANY_CHANGED = 'company_changed';

/** The first instant of the next calendar month in UTC: "This Month's Hours" changes then. */
const nextMonthUtc = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);

/**
 * Companies' dashboards in memory, one per reader (what a dashboard holds depends on the
 * reader's role and, for roles that see only their own tickets, on the reader: issue 18),
 * forgotten when the database names the company on
 * `company_changed` (migration 0008, the mechanism of docs/decisions/017-session-cache.md),
 * when this server writes, and at the turn of the month. Off while notices may be missed.
 */
export class DashboardCache {
  /** Company id -> reader key -> dashboard. */
  private entries = new Map<string, Map<string, { json: JsonText<unknown>; until: number }>>();
  private size = 0;
  /** Bumped by every forget: a read that began before one is not stored. */
  private generation = 0;
  private enabled = false;

  constructor(private readonly maxEntries = 5000) {}

  setEnabled(on: boolean) {
    this.enabled = on;
    this.clear();
  }

  /** Forgets one company's dashboard, or every one (`''`). */
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

  /**
   * The cached dashboard of `companyId` as `reader` (role and user) sees it, or `read`'s
   * answer (stored unless a change came meanwhile).
   */
  async get<T>(
    companyId: string,
    reader: string,
    read: () => Promise<JsonText<T>>,
  ): Promise<JsonText<T>> {
    const now = Date.now();
    const hit = this.enabled ? this.entries.get(companyId)?.get(reader) : undefined;
    if (hit && hit.until > now) return hit.json as JsonText<T>;
    const startedAt = this.generation;
    const json = await read();
    if (this.enabled && startedAt === this.generation) {
      if (this.size >= this.maxEntries) this.forget('');
      const company = this.entries.get(companyId) ?? new Map();
      if (!company.has(reader)) this.size += 1;
      company.set(reader, { json, until: nextMonthUtc(new Date(now)) });
      this.entries.set(companyId, company);
    }
    return json;
  }
}

export const dashboardCachePlugin = fp(async (app: FastifyInstance) => {
  const cache = new DashboardCache();
  app.decorate('dashboards', cache);
  const unlisten = await app.database.listen(COMPANY_CHANGED, {
    notify: (companyId) => cache.forget(companyId),
    listening: (on) => cache.setEnabled(on),
  });
  app.addHook('onClose', unlisten);
  // This server's own writes do not wait for the notice: any route but GET/HEAD forgets
  // every dashboard before its answer leaves (as the session cache does).
  const clearOnSend: onSendHookHandler = (_request, _reply, payload, done) => {
    cache.clear();
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    const own = route.onSend ?? [];
    route.onSend = [...(Array.isArray(own) ? own : [own]), clearOnSend];
  });
});
