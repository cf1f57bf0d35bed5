import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerUsers, documents, users } from '../../db/schema.ts';
import { sessionCookieFor } from '../sign-in.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { tenants, type Tenant } from './api-catalog.ts';

type Answer = { status: number; retryAfter?: string; type?: string };

/** Company A's invoice PDF and invoice list, whose handlers the test holds until it lets them go. */
const HELD = /^\/api\/customers\/:customerId\/invoices(\/:invoiceId\/pdf)?$/;

// Review F4 retest: "45 simultaneous invoice-PDF or list reads from one session were all 200".
// Over real sockets, with the reads really in flight together (their handlers wait for the
// test), one session runs READ_CONCURRENCY (2) at once, queues 8 and is refused the rest; a
// held read keeps its slot until its answer is sent; another company reads meanwhile.
describe('reads in flight over a listening server (READ_CONCURRENCY 2, 8 may wait)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let port: number;
  /** Company A's held handlers running now, and the most at once. */
  const running = { now: 0, most: 0 };
  let letGo: () => void = () => {};
  let gate = Promise.resolve();
  const held = (handler: RouteHandlerMethod): RouteHandlerMethod =>
    async function (this: FastifyInstance, request, reply) {
      if ((request.params as { customerId: string }).customerId !== a.customerId) {
        return handler.call(this, request, reply);
      }
      running.most = Math.max(running.most, ++running.now);
      try {
        await gate;
        return await handler.call(this, request, reply);
      } finally {
        running.now--;
      }
    };

  beforeAll(async () => {
    t = await createTestApp(
      { readConcurrency: 2 },
      {
        onRoute: (route) => {
          if (HELD.test(route.url)) route.handler = held(route.handler);
        },
      },
    );
    ({ a, b } = await tenants(t.app.db));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** A real request on a connection of its own. */
  const read = (path: string, cookie: string, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request({
        port,
        host: '127.0.0.1',
        path,
        method,
        agent: false,
        headers: { cookie },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'],
            type: res.headers['content-type'],
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  /** Fires 45 reads of one session at once and checks the bound while they are held. */
  async function burst(paths: { path: string; method?: string }[]) {
    const cookie = await sessionCookieFor(t.app, a.email);
    const other = await sessionCookieFor(t.app, b.email);
    running.most = 0;
    gate = new Promise<void>((resolve) => (letGo = resolve));
    const answers: Answer[] = [];
    const all = paths.map(({ path, method }) =>
      read(path, cookie, method).then((answer) => (answers.push(answer), answer)),
    );
    try {
      // Two run, eight wait: the other 35 are refused while those ten are still in flight.
      await vi.waitFor(() => expect(answers.length).toBe(35), { timeout: 10_000 });
      expect(answers.every((r) => r.status === 429 && r.retryAfter === '1')).toBe(true);
      expect(running.now).toBe(2);
      // Another company is not held up by them.
      expect((await read(`/api/customers/${b.customerId}/invoices`, other)).status).toBe(200);
    } finally {
      letGo();
    }
    const statuses = (await Promise.all(all)).map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(35).fill(429)]);
    expect(running.most).toBe(2);
  }

  it('bounds 45 simultaneous invoice PDF reads, GET and HEAD, of one session', async () => {
    const pdf = `/api/customers/${a.customerId}/invoices/${await a.idFor('invoiceId')}/pdf`;
    await burst(
      Array.from({ length: 45 }, (_, i) => ({ path: pdf, method: i % 3 === 0 ? 'HEAD' : 'GET' })),
    );
  });

  it('bounds 45 simultaneous reads of the invoice list of one session', async () => {
    const list = `/api/customers/${a.customerId}/invoices?limit=200`;
    await burst(Array.from({ length: 45 }, () => ({ path: list })));
  });

  /** A document of company A bigger than the loopback's buffers: an unread answer stays open. */
  let bigDocument: Promise<string> | undefined;
  const bigDocumentId = () =>
    (bigDocument ??= (async () => {
      const key = `customers/${a.customerId}/big-download`;
      await t.app.storage.put(key, Readable.from([Buffer.alloc(48 * 1024 * 1024)]));
      const [doc] = await t.app.db
        .insert(documents)
        .values({
          customerId: a.customerId,
          name: 'big.bin',
          type: 'bin',
          contentType: 'application/octet-stream',
          size: 48 * 1024 * 1024,
          category: 'other',
          storageKey: key,
          uploadedBy: 'Test',
        })
        .returning({ id: documents.id });
      return doc!.id;
    })());
  const downloadPath = async () =>
    `/api/customers/${a.customerId}/documents/${await bigDocumentId()}/download`;
  /** Starts a download and stops reading once its headers arrive. */
  const stalled = async (cookie: string) => {
    const path = await downloadPath();
    return new Promise<http.ClientRequest>((resolve, reject) => {
      const req = http.request({
        port,
        host: '127.0.0.1',
        path,
        agent: false,
        headers: { cookie },
      });
      // No 'data' listener: the answer stays unread.
      req.on('response', (res) => {
        expect(res.statusCode).toBe(200);
        resolve(req);
      });
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
      req.end();
    });
  };
  /** A new admin of company A: users count apart (the bound is per user). */
  const colleague = async () => {
    const email = `reader.${randomUUID()}@acme-logistics.example`;
    const [user] = await t.app.db
      .insert(users)
      .values({ email, firstName: 'Rea', lastName: 'Der' })
      .returning({ id: users.id });
    await t.app.db
      .insert(customerUsers)
      .values({ userId: user!.id, customerId: a.customerId, role: 'admin' });
    return sessionCookieFor(t.app, email);
  };
  const list = () => `/api/customers/${a.customerId}/documents`;

  // Second outside attack (issue 35): a download gave its slot back when its headers left,
  // so one session could have any number of files streaming at once.
  it('a download keeps its reader’s slot while the file streams, and gives it back when the client leaves', async () => {
    const cookie = await colleague();
    const downloads = [await stalled(cookie), await stalled(cookie)];
    const answers: Answer[] = [];
    const reads = Array.from({ length: 9 }, () =>
      read(list(), cookie).then((answer) => (answers.push(answer), answer)),
    );
    try {
      // Both slots stream files: eight reads wait, the ninth is refused.
      await vi.waitFor(
        () => expect(answers).toEqual([{ status: 429, retryAfter: '1', type: expect.any(String) }]),
        { timeout: 10_000 },
      );
    } finally {
      for (const download of downloads) download.destroy();
    }
    const statuses = (await Promise.all(reads)).map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(8).fill(200), 429]);
  });

  // Third outside attack (issue 35): downloads held the company's slots too, so a member's
  // slow downloads stopped every colleague's reads of the company.
  it('streaming downloads hold no company slot: five members’ ten stalled files leave a colleague reading', async () => {
    const downloads: http.ClientRequest[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const cookie = await colleague();
        downloads.push(await stalled(cookie), await stalled(cookie));
      }
      expect((await read(list(), await colleague())).status).toBe(200);
    } finally {
      for (const download of downloads) download.destroy();
    }
  });

  // Third outside attack (issue 35): pipelined downloads on one connection, then a close,
  // kept their slots for ever (the answers that never started had no end of their own).
  it('pipelined downloads on a connection that closes give every slot back', async () => {
    const cookie = await colleague();
    const path = await downloadPath();
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = new Promise((resolve) => socket.once('data', resolve));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\n\r\n`.repeat(5));
    await started;
    socket.destroy();
    await vi.waitFor(
      async () => {
        const answers = await Promise.all([read(list(), cookie), read(list(), cookie)]);
        expect(answers.map((r) => r.status)).toEqual([200, 200]);
      },
      { timeout: 10_000 },
    );
  });

  // Review of the change: each streamed answer listened for its socket's close; a keep-alive
  // connection serving many downloads collected one listener per file.
  it('a keep-alive connection serving twelve downloads holds no listener per download', async () => {
    const cookie = await colleague();
    const path = `/api/customers/${a.customerId}/documents/${await a.idFor('documentId')}/download`;
    const sockets: net.Socket[] = [];
    const track = (socket: net.Socket) => sockets.push(socket);
    t.app.server.on('connection', track);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 12; i++) {
        await new Promise<void>((resolve, reject) => {
          const req = http.request({ port, host: '127.0.0.1', path, agent, headers: { cookie } });
          req.on('response', (res) => {
            expect(res.statusCode).toBe(200);
            res.resume();
            res.on('end', resolve);
          });
          req.on('error', reject);
          req.end();
        });
      }
      expect(sockets).toHaveLength(1);
      expect(sockets[0]!.listenerCount('close')).toBeLessThan(10);
    } finally {
      t.app.server.off('connection', track);
      agent.destroy();
    }
  });
});
