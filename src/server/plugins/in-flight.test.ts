import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KeySlots } from '../lib/key-slots.ts';
import { slotsForRequests } from './in-flight.ts';

type Answer = { status: number; retryAfter?: string; body: string };

// Review F4: the slots follow Fastify's lifecycle over real sockets: released when the
// answer goes out, when the handler fails, and when a client leaves; never leaked.
describe('reads in flight per key (slotsForRequests)', () => {
  const slots = new KeySlots(2, 2);
  /** Handlers waiting for the test to let them finish, by request name. */
  const running = new Map<string, (outcome: 'ok' | 'fail') => void>();
  /** Requests whose client closed the connection, as the server saw it. */
  const left = new Set<string>();
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = Fastify();
    const waitForSlot = slotsForRequests(app);
    app.get(
      '/read',
      {
        onRequest: (request, reply) =>
          waitForSlot(request, reply, slots, String(request.headers['x-key'])),
      },
      async (request) => {
        const name = String(request.headers['x-name']);
        request.raw.socket.once('close', () => left.add(name));
        const outcome = await new Promise<'ok' | 'fail'>((resolve) => running.set(name, resolve));
        running.delete(name);
        if (outcome === 'fail') throw new Error('the read failed');
        return { name };
      },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  /** A real request; `abort()` closes its socket. */
  function read(key: string, name: string) {
    const req = http.get({
      port,
      host: '127.0.0.1',
      path: '/read',
      headers: { 'x-key': key, 'x-name': name },
    });
    const answer = new Promise<Answer>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body }),
        );
      });
      req.on('error', reject);
    });
    return { answer, abort: () => req.destroy() };
  }
  const finish = async (name: string, outcome: 'ok' | 'fail' = 'ok') => {
    await vi.waitFor(() => expect(running.has(name)).toBe(true));
    running.get(name)!(outcome);
  };

  it('runs two at once per key, queues two, answers 429 with Retry-After past that', async () => {
    const a = read('s1', 'a');
    const b = read('s1', 'b');
    await vi.waitFor(() => expect([...running.keys()].sort()).toEqual(['a', 'b']));
    const c = read('s1', 'c');
    const d = read('s1', 'd');
    await vi.waitFor(() => expect(slots.queued('s1')).toBe(2));
    const other = read('s2', 'other');
    // Another key is not held up by s1's reads.
    await finish('other');
    expect((await other.answer).status).toBe(200);
    // c and d wait without running; the fifth is refused at once.
    const e = await read('s1', 'e').answer;
    expect(e.status).toBe(429);
    expect(e.retryAfter).toBe('1');
    expect(JSON.parse(e.body)).toMatchObject({
      message: 'Too many requests at once. Please wait a moment and try again.',
    });
    expect([...running.keys()].sort()).toEqual(['a', 'b']);
    await finish('a');
    expect((await a.answer).status).toBe(200);
    await finish('c');
    await finish('b', 'fail');
    expect((await b.answer).status).toBe(500);
    await finish('d');
    expect((await c.answer).status).toBe(200);
    expect((await d.answer).status).toBe(200);
    await vi.waitFor(() => expect(slots.inFlight('s1')).toBe(0));
  });

  it('a client that leaves while waiting gives up its place', async () => {
    const a = read('s3', 'a');
    const b = read('s3', 'b');
    await vi.waitFor(() => expect(slots.inFlight('s3')).toBe(2));
    const left1 = read('s3', 'left1');
    const left2 = read('s3', 'left2');
    left1.answer.catch(() => {});
    left2.answer.catch(() => {});
    await vi.waitFor(() => expect(slots.queued('s3')).toBe(2));
    left1.abort();
    left2.abort();
    // Their places are free again without any read having finished.
    await vi.waitFor(() => expect(slots.queued('s3')).toBe(0));
    const c = read('s3', 'c');
    const d = read('s3', 'd');
    await vi.waitFor(() => expect(slots.queued('s3')).toBe(2));
    await finish('a');
    await finish('b');
    await finish('c');
    await finish('d');
    for (const r of [a, b, c, d]) expect((await r.answer).status).toBe(200);
    expect(running.has('left1') || running.has('left2')).toBe(false);
    await vi.waitFor(() => expect(slots.inFlight('s3')).toBe(0));
  });

  it('a client that leaves mid-read keeps the slot until that read ends, then frees it', async () => {
    const gone = read('s4', 'gone');
    gone.answer.catch(() => {});
    const stays = read('s4', 'stays');
    await vi.waitFor(() => expect([...running.keys()].sort()).toEqual(['gone', 'stays']));
    gone.abort();
    await vi.waitFor(() => expect(left.has('gone')).toBe(true));
    // Leaving does not make room for more work while the read still runs.
    const next = read('s4', 'next');
    const queued = read('s4', 'queued');
    await vi.waitFor(() => expect(slots.queued('s4')).toBe(2));
    expect((await read('s4', 'refused').answer).status).toBe(429);
    expect(slots.inFlight('s4')).toBe(2);
    await finish('gone');
    // The aborted read's end passes its slot on.
    await finish('next');
    expect((await next.answer).status).toBe(200);
    await finish('stays');
    await finish('queued');
    expect((await stays.answer).status).toBe(200);
    expect((await queued.answer).status).toBe(200);
    await vi.waitFor(() => expect(slots.inFlight('s4')).toBe(0));
  });
});
