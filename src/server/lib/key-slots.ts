/**
 * At most `perKey` holders at once per key; up to `queue` more wait their turn (first come,
 * first served), the rest are turned away. Process-local: it bounds the work one client has
 * in flight on this server, which a shared counter could not release on a crash anyway.
 */
export type Slot = {
  /** True once the slot is held; false if it was cancelled while waiting. */
  granted: Promise<boolean>;
  /** Gives a held slot back (idempotent); a waiting one leaves the queue. */
  release(): void;
  /** Leaves the queue if still waiting; a held slot stays held until `release`. */
  cancel(): void;
};

type Waiter = (granted: boolean) => void;
type KeyState = { running: number; waiting: Waiter[] };

export class KeySlots {
  private readonly keys = new Map<string, KeyState>();

  constructor(
    private readonly perKey: number,
    private readonly queue: number,
  ) {}

  /** A slot for the key, or null when its holders and its queue are full. */
  take(key: string): Slot | null {
    const state = this.keys.get(key) ?? { running: 0, waiting: [] };
    let status: 'waiting' | 'held' | 'done';
    let wake: Waiter | undefined;
    let granted: Promise<boolean>;
    if (state.running < this.perKey) {
      state.running++;
      status = 'held';
      granted = Promise.resolve(true);
    } else if (state.waiting.length < this.queue) {
      status = 'waiting';
      granted = new Promise<boolean>((resolve) => {
        wake = (ok) => {
          status = ok ? 'held' : 'done';
          resolve(ok);
        };
      });
      state.waiting.push(wake!);
    } else {
      return null;
    }
    this.keys.set(key, state);

    const leaveQueue = () => {
      state.waiting = state.waiting.filter((w) => w !== wake);
      wake?.(false);
      this.forgetIfIdle(key, state);
    };
    return {
      granted,
      release: () => {
        if (status === 'waiting') return leaveQueue();
        if (status !== 'held') return;
        status = 'done';
        const next = state.waiting.shift();
        // The slot passes straight to the next in line: the count stays the same.
        if (next) next(true);
        else state.running--;
        this.forgetIfIdle(key, state);
      },
      cancel: () => {
        if (status === 'waiting') leaveQueue();
      },
    };
  }

  /** Holders of the key's slots right now (tests). */
  inFlight(key: string): number {
    return this.keys.get(key)?.running ?? 0;
  }

  /** Waiting for one of the key's slots right now (tests). */
  queued(key: string): number {
    return this.keys.get(key)?.waiting.length ?? 0;
  }

  private forgetIfIdle(key: string, state: KeyState) {
    if (state.running === 0 && state.waiting.length === 0) this.keys.delete(key);
  }
}
