import { describe, expect, it } from 'vitest';
import { Poller } from './poller.ts';

const LONG_POLL = 60_000;
const waitFor = async (check: () => boolean) => {
  const until = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

// ADR 044: the one poll loop of the mail, notification and webhook outboxes.
describe('the outbox poller', () => {
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
    await waitFor(() => rounds >= 4);
    // The short round ended the burst: nothing more until the (long) interval.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rounds).toBe(4);
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
    await waitFor(() => rounds === 1);
    // Work committed while the first round was claiming: it must not wait a whole interval.
    poller.kick();
    release();
    await waitFor(() => rounds === 2);
    await waitFor(() => finished === 2);

    let third: () => void = () => {};
    const slow = new Poller({
      pollMs: LONG_POLL,
      batch: 100,
      round: () => new Promise<number>((resolve) => (third = () => resolve(0))),
      onError: () => {},
    });
    slow.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    let stopped = false;
    const stopping = slow.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    third();
    await stopping;
    expect(stopped).toBe(true);
    await poller.stop();
    const after = rounds;
    poller.kick();
    await new Promise((resolve) => setTimeout(resolve, 50));
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
    await waitFor(() => rounds >= 3);
    await poller.stop();
    expect(errors).toHaveLength(1);
    const before = rounds;
    const [a, b] = await Promise.all([poller.flush(), poller.flush()]);
    expect([a, b]).toEqual([0, 0]);
    expect(rounds).toBe(before + 1);
  });
});
