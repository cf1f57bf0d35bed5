import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics } from 'prom-client';
import type { Config } from '../../config.ts';
import { appIdentity } from '../../lib/app-identity.ts';
import { Metrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
    /** Where `/metrics` is served once the app is ready; null while metrics are off. */
    metricsAddress(): AddressInfo | null;
  }
}

/**
 * `app.metrics` for every plugin to add readings to. With METRICS_PORT set, it also times
 * every request, samples the process (event-loop delay, memory, CPU, GC) and serves
 * `GET /metrics` on a listener of its own (METRICS_HOST, loopback by default), so the
 * numbers never reach the public port. Off by default: then nothing here runs per request.
 */
export const metricsPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  const metrics = new Metrics(app.log.child({ module: 'metrics' }));
  app.decorate('metrics', metrics);
  let server: http.Server | null = null;
  app.decorate('metricsAddress', () => (server?.address() as AddressInfo | null) ?? null);
  if (config.metricsPort === undefined) return;

  collectDefaultMetrics({ register: metrics.registry });
  const { version } = appIdentity();
  metrics.gauge({
    name: 'app_info',
    help: 'Always 1; its labels say which version runs on which Node and database',
    labelNames: ['version', 'node_version', 'database'],
    read: () => [
      { labels: { version, node_version: process.version, database: app.database.kind }, value: 1 },
    ],
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requests.record(
      request.routeOptions.url,
      request.method,
      reply.statusCode,
      reply.elapsedTime,
    );
    done();
  });

  const serve = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found\n');
      return;
    }
    const body = await metrics.registry.metrics();
    res.writeHead(200, { 'content-type': metrics.registry.contentType });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  // Opened when the app is ready, so a port already taken stops the start instead of
  // leaving a server without its metrics.
  app.addHook('onReady', async () => {
    server = http.createServer((req, res) => {
      serve(req, res).catch((err: unknown) => {
        app.log.error({ err }, 'metrics: scrape failed');
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(config.metricsPort, config.metricsHost, () => resolve());
    });
    const address = server.address() as AddressInfo;
    app.log.info(`metrics on http://${address.address}:${address.port}/metrics`);
  });
  app.addHook('onClose', async () => {
    const listening = server;
    if (!listening) return;
    await new Promise<void>((resolve) => {
      listening.close(() => resolve());
      listening.closeAllConnections();
    });
  });
});
