// The floor: a bare node:http server answering the bytes the app answered,
// body and headers alike (the request id is fixed here; the app makes a new one of the same size).
import './exit-with-parent.ts';
import http from 'node:http';

export type BareResponse = { status: number; headers: Record<string, string>; body: string };

process.once('message', (message: BareResponse) => {
  const body = Buffer.from(message.body);
  const server = http.createServer((_req, res) => {
    res.writeHead(message.status, { ...message.headers, 'content-length': body.length });
    res.end(body);
  });
  server.keepAliveTimeout = 72_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
});
process.on('SIGTERM', () => process.exit(0));
