// Group commit for the outboxes' results (issue 21, ADR 044): a result pushed while no write
// is under way is written at once; results that come in during that write wait for it and
// are then written together, in one statement. A round of 50 deliveries thus costs a few
// statements instead of 50 (PGlite's cost is per statement), while a result still waits no
// longer than one write: a worker killed mid-round resends about as few rows as before.

export type GroupCommitOptions<T> = {
  /** Writes one group; a rejection is reported to `onError` and the group counted as done. */
  write: (items: T[]) => Promise<void>;
  onError: (err: unknown, items: T[]) => void;
  /** Most items in one statement. */
  max?: number;
};

type Waiting<T> = { item: T; done: () => void };

export class GroupCommit<T> {
  private queue: Waiting<T>[] = [];
  private draining = false;
  private readonly max: number;

  constructor(private readonly options: GroupCommitOptions<T>) {
    this.max = options.max ?? 500;
  }

  /** Resolves once the item's group has been written (or its failure reported); never rejects. */
  push(item: T): Promise<void> {
    return new Promise((done) => {
      this.queue.push({ item, done });
      if (!this.draining) void this.drain();
    });
  }

  private async drain() {
    this.draining = true;
    while (this.queue.length > 0) {
      const group = this.queue.splice(0, this.max);
      const items = group.map((w) => w.item);
      try {
        await this.options.write(items);
      } catch (err) {
        this.options.onError(err, items);
      }
      for (const w of group) w.done();
    }
    this.draining = false;
  }
}
