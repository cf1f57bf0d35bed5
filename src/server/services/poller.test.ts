import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Poller } from './poller.ts';

const LONG_POLL = 60_000;

// ADR 044: the one poll loop of the mail, notification and webhook outboxes.
// The poller's schedule runs on fake timers: each test steps the clock itself, so "at once",
// "not before the interval" and "never again" are exact statements, not timing windows.
// (The async advance also lets every promise a round leaves behind settle between timers.)
describe('the outbox poller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drains at once while rounds come back full, then waits for the poll interval', async () => {
    const backlog = [3, 3, 3, 1];
    let rounds = 0;
    const poller = new Poller({
      pollMs: LONG_POLL,
      batch: 3,
      round: async () => backlog[rounds++] ?? 0,
      onError: (err) => {
        throw err;
      },
    });
    poller.start();
    // The burst: four rounds back to back (fake timers put a zero delay set during a tick
    // 1 ms later, so the burst takes 4 ms of the fake clock, not an interval).
    await vi.advanceTimersByTimeAsync(10);
    expect(rounds).toBe(4);
    // The short round ended the burst: nothing more until the (long) interval...
    await vi.advanceTimersByTimeAsync(LONG_POLL - 100);
    expect(rounds).toBe(4);
    // ...which brings the next round.
    await vi.advanceTimersByTimeAsync(100);
    expect(rounds).toBe(5);
    await poller.stop();
  });

  it('runs again at once when kicked during a round, and stop waits for the round under way', async () => {
    let rounds = 0;
    let release: () => void = () => {};
    let finished = 0;
    const poller = new Poller({
      pollMs: LONG_POLL,
      batch: 100,
      round: async () => {
        rounds++;
        if (rounds === 1) await new Promise<void>((resolve) => (release = resolve));
        finished++;
        return 1;
      },
      onError: () => {},
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds).toBe(1);
    // Work committed while the first round was claiming: it must not wait a whole interval.
    poller.kick();
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds).toBe(2);
    expect(finished).toBe(2);

    let third: () => void = () => {};
    let started = false;
    const slow = new Poller({
      pollMs: LONG_POLL,
      batch: 100,
      round: () =>
        new Promise<number>((resolve) => {
          started = true;
          third = () => resolve(0);
        }),
      onError: () => {},
    });
    slow.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toBe(true);
    let stopped = false;
    const stopping = slow.stop().then(() => (stopped = true));
    // Two whole intervals pass and every promise settles: stop still waits for the round.
    await vi.advanceTimersByTimeAsync(2 * LONG_POLL);
    expect(stopped).toBe(false);
    third();
    await stopping;
    expect(stopped).toBe(true);
    await poller.stop();
    const after = rounds;
    poller.kick();
    // A kick after stop starts nothing, however long one waits.
    await vi.advanceTimersByTimeAsync(2 * LONG_POLL);
    expect(rounds).toBe(after);
  });

  it('shares one round between concurrent flushes and keeps polling after a failed round', async () => {
    let rounds = 0;
    const errors: unknown[] = [];
    const poller = new Poller({
      pollMs: 10,
      batch: 100,
      round: async () => {
        rounds++;
        if (rounds === 1) throw new Error('database away');
        return 0;
      },
      onError: (err) => errors.push(err),
    });
    poller.start();
    // Rounds at 0 (fails), 10 and 20 ms: the failure did not stop the loop.
    await vi.advanceTimersByTimeAsync(20);
    expect(rounds).toBe(3);
    await poller.stop();
    expect(errors).toHaveLength(1);
    const before = rounds;
    const [a, b] = await Promise.all([poller.flush(), poller.flush()]);
    expect([a, b]).toEqual([0, 0]);
    expect(rounds).toBe(before + 1);
  });
});
