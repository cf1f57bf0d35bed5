import pg from 'pg';

export type ChannelEvents = {
  /** A notice arrived on the channel, with its payload ('' when none). */
  notify(payload: string): void;
  /** True once notices flow; false when some may be missed (the connection is down). */
  listening(on: boolean): void;
};

const RETRY_MS = [250, 1000, 2000, 5000];

/**
 * LISTEN on a connection of its own, outside the pool: reconnects after the server or the
 * network drops it, and says so through `listening`, since notices sent meanwhile are lost.
 */
export function listenPostgres(url: string, channel: string, events: ChannelEvents) {
  let client: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    events.listening(false);
    c.end().catch(() => {});
    if (stopped) return;
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
    failures += 1;
    retry = setTimeout(() => void connect(), wait);
    retry.unref();
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    client = c;
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (message) => {
      if (message.channel === channel) events.notify(message.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      lost(c);
      return;
    }
    if (client !== c) return;
    failures = 0;
    events.listening(true);
  };

  return {
    /** Resolves after the first attempt, connected or not (later attempts run on their own). */
    start: connect,
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      if (c) {
        events.listening(false);
        await c.end().catch(() => {});
      }
    },
  };
}
