import type { FastifyInstance } from 'fastify';

/**
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish
 * (new ones on kept-alive sockets get 503), close the database, exit 0.
 */
export function installGracefulShutdown(app: FastifyInstance, timeoutMs = 25_000): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
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
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
