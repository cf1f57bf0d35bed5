import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.ts';

/**
 * One turn of the event loop, no clock: every promise callback queued so far (and those they
 * queue) has run when it resolves. A write that awaits it spans a turn, as a database's does.
 */
const tick = () => new Promise((resolve) => setImmediate(resolve));

// ADR 044 addendum: the outboxes write their results in groups, each result at most one write late.
describe('group commit', () => {
  it('writes the first item at once and the ones that came during that write together', async () => {
    const writes: number[][] = [];
    let release: () => void = () => {};
    const group = new GroupCommit<number>({
      write: async (items) => {
        writes.push(items);
        if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      onError: (err) => {
        throw err;
      },
    });
    const first = group.push(1);
    const later = [2, 3, 4].map((n) => group.push(n));
    // Whatever the pushes set off has run by now: still only the first write.
    await tick();
    expect(writes).toEqual([[1]]);
    release();
    await Promise.all([first, ...later]);
    expect(writes).toEqual([[1], [2, 3, 4]]);
  });

  it('resolves only once its own group is written', async () => {
    const written = new Set<number>();
    const group = new GroupCommit<number>({
      write: async (items) => {
        await tick();
        for (const n of items) written.add(n);
      },
      onError: () => {},
    });
    await Promise.all(
      [1, 2, 3].map(async (n) => {
        await group.push(n);
        expect(written.has(n)).toBe(true);
      }),
    );
  });

  it('reports a failed write with its items, resolves them, and goes on with the next group', async () => {
    const failed: number[][] = [];
    const writes: number[][] = [];
    const group = new GroupCommit<number>({
      write: async (items) => {
        writes.push(items);
        if (items.includes(1)) throw new Error('database gone');
      },
      onError: (_err, items) => failed.push(items),
    });
    const pushed = [group.push(1), group.push(2)];
    await Promise.all(pushed);
    expect(failed).toEqual([[1]]);
    expect(writes).toEqual([[1], [2]]);
  });

  it('writes every item exactly once, in order, in groups no larger than the maximum', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 7 }),
        async (delays, max) => {
          const writes: number[][] = [];
          const group = new GroupCommit<number>({
            write: async (items) => {
              writes.push(items);
              await tick();
            },
            onError: (err) => {
              throw err;
            },
            max,
          });
          const pushed: Promise<void>[] = [];
          for (const [i, delay] of delays.entries()) {
            pushed.push(group.push(i));
            for (let d = 0; d < delay; d++) await Promise.resolve();
          }
          await Promise.all(pushed);
          expect(writes.flat()).toEqual(delays.map((_, i) => i));
          expect(Math.max(...writes.map((w) => w.length))).toBeLessThanOrEqual(max);
        },
      ),
      { numRuns: 50 },
    );
  });
});
