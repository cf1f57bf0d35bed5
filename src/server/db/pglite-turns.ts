import type { PGlite } from '@electric-sql/pglite';

/** The entry points of every statement: drizzle calls `query` and `transaction`, the ping `exec`. */
const ENTRY_POINTS = ['query', 'exec', 'transaction'] as const;

/** How long operations may follow each other before the event loop gets a turn. */
const SLICE_MS = 5;

/**
 * Runs the embedded database's operations one at a time, in arrival order, and gives the
 * event loop a turn (a `setImmediate`) whenever they have followed each other for `SLICE_MS`.
 *
 * PGlite computes in this thread and hands its lock from one queued statement to the next
 * in promise callbacks, so a busy server ran every queued statement without polling its
 * sockets, and libuv accepts one new connection per poll: under load a new connection
 * waited seconds, past a client's timeout (docs/decisions/018-pglite-turns.md).
 * PGlite already runs these entry points one at a time (its transaction lock), so this
 * queue adds no wait of its own beyond the turns; statements inside a transaction go
 * through the transaction's own object and are not queued here.
 */
export function takeTurns(client: PGlite): { busy(): boolean; waiting(): number } {
  const waiting: Array<() => void> = [];
  let running = false;
  let sliceEnd = 0;
  let turnPending = false;

  const start = () => {
    running = true;
    waiting.shift()?.();
  };
  const startNext = () => {
    if (running || turnPending || waiting.length === 0) return;
    if (performance.now() < sliceEnd) return start();
    turnPending = true;
    setImmediate(() => {
      turnPending = false;
      sliceEnd = performance.now() + SLICE_MS;
      start();
    });
  };
  const myTurn = () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      startNext();
    });

  for (const name of ENTRY_POINTS) {
    const run: (...args: never[]) => Promise<unknown> = client[name];
    Object.defineProperty(client, name, {
      configurable: true,
      value: async (...args: never[]) => {
        await myTurn();
        try {
          return await run.apply(client, args);
        } finally {
          running = false;
          startNext();
        }
      },
    });
  }
  return { busy: () => running, waiting: () => waiting.length };
}
