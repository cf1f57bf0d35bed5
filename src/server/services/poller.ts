// The poll loop the outboxes share (mail, notifications, webhooks; ADR 044): a round every
// `pollMs`, and at once again while there is work (a full batch, or a kick that came in
// during a round: its rows may have committed after the round claimed).

export type PollerOptions = {
  pollMs: number;
  /** A round that handled this many rows probably left more: the next starts at once. */
  batch: number;
  /** One round; returns how many rows it handled. Its errors are its own to log. */
  round: () => Promise<number>;
  /** Before each timed round (sweeps, purges that check their own hour); never throws. */
  housekeeping?: () => Promise<void>;
  onError: (err: unknown) => void;
};

export class Poller {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;
  private kicked = false;

  constructor(private readonly options: PollerOptions) {}

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  /** No new round starts; resolves once the one under way has finished. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => 0);
  }

  /** Ask for a round soon (new work committed); a no-op when the loop is not running. */
  kick() {
    if (this.stopped) return;
    if (this.running) this.kicked = true;
    else this.schedule(0);
  }

  /** One round now, shared with any round already under way. */
  flush(): Promise<number> {
    this.running ??= this.options.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick() {
    let handled = 0;
    try {
      await this.options.housekeeping?.();
      handled = await this.flush();
    } catch (err) {
      this.options.onError(err);
    }
    if (this.stopped) return;
    const again = this.kicked || handled >= this.options.batch;
    this.kicked = false;
    this.schedule(again ? 0 : this.options.pollMs);
  }
}
