import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.ts';

// Third outside attack (issue 35): a body that stopped midway (a Content-Length never met)
// on an upload or a public form got no answer for ten minutes and held its connection. The
// whole request now has requestTimeoutMs (five minutes; one second here) before a 408.
describe('a request body that stops midway', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ requestTimeoutMs: 1000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('is answered 408 and its connection closed', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"name":"half',
    );
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});
