import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { headers: http.IncomingHttpHeaders; body: string; at: number };
type Handler = (req: Received, res: http.ServerResponse) => void;

/** A real local HTTP server standing in for an MSP's webhook receiver. */
export async function startReceiver(handler: Handler = (_r, res) => res.end('ok')) {
  const received: Received[] = [];
  let current = handler;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = {
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(entry);
      current(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    respond(next: Handler) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
