// An MSP's webhook receiver over HTTPS (the app sends only to https when APP_URL is https),
// serving the cluster's test certificate. While `holding`, it keeps every answer back, so a
// round's deliveries are all in flight at once and the test can kill their sender mid-round.
import fs from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestCertificates } from '../../../../tests/e2e/tls/certificates.ts';

export type Delivery = {
  id: string;
  body: string;
  senderPort: number;
  /** Its 200 reached the sender's connection. */
  answered: boolean;
  /** The sender's connection is gone (it was killed before the answer). */
  dropped(): boolean;
};

export async function startHookReceiver(certs: TestCertificates) {
  const received: Delivery[] = [];
  const held: Array<{ delivery: Delivery; res: ServerResponse }> = [];
  let holding = true;
  const answer = (delivery: Delivery, res: ServerResponse) => {
    res.once('finish', () => (delivery.answered = true));
    res.end('ok');
  };
  const server = https.createServer(
    { cert: await fs.readFile(certs.cert), key: await fs.readFile(certs.key) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const delivery: Delivery = {
          id: String(req.headers['x-webhook-delivery'] ?? ''),
          body: Buffer.concat(chunks).toString('utf8'),
          senderPort: req.socket.remotePort ?? 0,
          answered: false,
          dropped: () => req.socket.destroyed,
        };
        received.push(delivery);
        if (holding) held.push({ delivery, res });
        else answer(delivery, res);
      });
    },
  );
  // A sender killed mid-request resets its connection: that is the point, not a failure.
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/hook`,
    received,
    /** Answers what it held (to servers still alive) and everything from now on. */
    release() {
      holding = false;
      for (const { delivery, res } of held.splice(0)) {
        if (!delivery.dropped()) answer(delivery, res);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
