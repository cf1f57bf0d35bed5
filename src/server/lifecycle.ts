import type { FastifyInstance } from 'fastify';

/**
 * SIGTERM/SIGINT: `/api/ready` answers 503 at once while everything else is served as before
 * for `drainMs` (SHUTDOWN_DRAIN_SECONDS), so a load balancer takes this server out before it
 * stops; then stop accepting connections, let in-flight requests finish (new ones on
 * kept-alive sockets get 503), close the database, exit 0.
 */
export function installGracefulShutdown(
  app: FastifyInstance,
  { drainMs = 0, timeoutMs = 25_000 }: { drainMs?: number; timeoutMs?: number } = {},
): void {
  let closing = false;
  const close = () => {
    app.log.info('shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    // Kept-alive sockets turn idle as their last response ends; close them as they do.
    const reap = setInterval(() => app.server.closeIdleConnections(), 100);
    reap.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.readiness.draining = true;
    app.log.info({ signal, drainMs }, 'shutting down: /api/ready answers 503 from now on');
    if (drainMs > 0) setTimeout(close, drainMs);
    else close();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
