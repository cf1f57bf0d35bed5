import { describe, expect, it } from 'vitest';
import { KeySlots } from './key-slots.ts';

// Review F4: the reads one key may have in flight, and the few that may wait for them.
describe('KeySlots', () => {
  it('holds perKey slots, queues the next ones in order, refuses past the queue', async () => {
    const slots = new KeySlots(2, 2);
    const [a, b, c, d] = [1, 2, 3, 4].map(() => slots.take('s'));
    expect(slots.take('s')).toBeNull();
    expect(await a!.granted).toBe(true);
    expect(await b!.granted).toBe(true);
    expect(slots.inFlight('s')).toBe(2);
    const order: string[] = [];
    void c!.granted.then(() => order.push('c'));
    void d!.granted.then(() => order.push('d'));
    a!.release();
    a!.release(); // twice is once
    await c!.granted;
    expect(order).toEqual(['c']);
    expect(slots.inFlight('s')).toBe(2);
    b!.release();
    await d!.granted;
    expect(order).toEqual(['c', 'd']);
    c!.release();
    d!.release();
    expect(slots.inFlight('s')).toBe(0);
  });

  it('keeps keys apart', async () => {
    const slots = new KeySlots(1, 0);
    const mine = slots.take('mine');
    expect(slots.take('mine')).toBeNull();
    const other = slots.take('other');
    expect(await other!.granted).toBe(true);
    mine!.release();
    expect(slots.take('mine')).not.toBeNull();
  });

  it('a cancelled waiter leaves the queue; a held slot stays held until released', async () => {
    const slots = new KeySlots(1, 1);
    const held = slots.take('s')!;
    const waiting = slots.take('s')!;
    expect(slots.take('s')).toBeNull();
    waiting.cancel();
    expect(await waiting.granted).toBe(false);
    held.cancel();
    expect(slots.inFlight('s')).toBe(1);
    const next = slots.take('s')!;
    held.release();
    expect(await next.granted).toBe(true);
    waiting.release(); // a cancelled waiter never held a slot
    expect(slots.inFlight('s')).toBe(1);
    next.release();
    expect(slots.inFlight('s')).toBe(0);
  });
});
