// Review N12: ten 64-megapixel images cost about 17 s of server time and 320 MB of memory per
// message, and one user could send several such messages at once. Each user may have this
// many image pixels decoded per minute (IMAGE_MP_PER_MINUTE); a phone photo is 12 MP, so
// ordinary use never meets it.
import { HttpError } from '../lib/errors.ts';
import { imageBudgetSpent } from '../../shared/schemas/ticket-attachments.ts';

const MINUTE = 60_000;

type Window = { start: number; pixels: number };

/** Pixels per user per minute, in fixed one-minute windows; per app server. */
export class ImageBudget {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly pixelsPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts an image of `pixels` against the user's minute before it is decoded; a 429 (and
   * nothing counted) when it would go over. One image may always use a whole minute's budget.
   */
  take(userId: string, pixels: number): void {
    const now = this.now();
    this.forgetEnded(now);
    const window = this.windows.get(userId) ?? { start: now, pixels: 0 };
    if (window.pixels > 0 && window.pixels + pixels > this.pixelsPerMinute) {
      const seconds = Math.max(1, Math.ceil((window.start + MINUTE - now) / 1000));
      throw new HttpError(429, imageBudgetSpent(seconds));
    }
    window.pixels += pixels;
    this.windows.set(userId, window);
  }

  private forgetEnded(now: number) {
    for (const [userId, window] of this.windows) {
      if (now - window.start >= MINUTE) this.windows.delete(userId);
    }
  }
}
