import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.ts';

type RawResponse = { status: number; headers: Record<string, string>; body: string };

/** Sends bytes on a real socket and reads the answer until the server ends it or it is complete. */
function raw(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    const done = () => {
      socket.destroy();
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    };
    socket.on('data', (chunk: Buffer) => {
      data += chunk.toString('latin1');
      const length = /\r\ncontent-length: (\d+)/i.exec(data)?.[1];
      const bodyStart = data.indexOf('\r\n\r\n');
      if (length && bodyStart > 0 && data.length - bodyStart - 4 >= Number(length)) done();
    });
    socket.on('end', done);
    socket.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ECONNRESET' && data ? done() : reject(err),
    );
    socket.write(request);
  });
}

// Issue 13, item 12: what the framework refuses before routing gets the one error shape and the headers.
describe('framework errors on a real socket', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => t.close());

  const get = (target: string, extraHeaders = '') =>
    raw(
      port,
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extraHeaders}Connection: close\r\n\r\n`,
    );

  function expectOneShape(res: RawResponse, status: number, echo?: string) {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(res.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['message']);
    expect(typeof body.message).toBe('string');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBeDefined();
    if (echo) expect(res.body).not.toContain(echo);
  }

  it('414 for a path parameter over the limit, without echoing the path', async () => {
    const long = 'a'.repeat(150);
    expectOneShape(await get(`/api/customers/${long}/invoices`), 414, long);
  });

  it('400 for a path that is not valid percent-encoding, without echoing it', async () => {
    expectOneShape(await get('/api/customers/%E0%A4%A/invoices?<script>'), 400, '%E0%A4%A');
  });

  it('431 for headers over the size limit, and for a request line over it', async () => {
    expectOneShape(await get('/api/health', `X-Big: ${'b'.repeat(20_000)}\r\n`), 431);
    expectOneShape(await get(`/${'c'.repeat(100_000)}`), 431);
  });

  it('400 for bytes that are not HTTP', async () => {
    expectOneShape(await raw(port, 'HELLO\r\n\r\n'), 400);
  });

  it('400 for a smuggling attempt (Content-Length with Transfer-Encoding), no internal code', async () => {
    const res = await raw(
      port,
      'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n',
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectOneShape(res, res.status);
    expect(res.body).not.toMatch(/FST_|statusCode|"error"/);
  });
});
