import type { FastifyInstance, onSendHookHandler } from 'fastify';

/**
 * Runs `clear` before the answer of every route of any method but GET/HEAD leaves: this
 * server's own writes empty its caches at once, without waiting for the database's notice
 * (which arrives a moment after the commit). Added per route, so reads pay nothing.
 */
export function clearOnWrites(app: FastifyInstance, clear: () => void) {
  const clearOnSend: onSendHookHandler = (_request, _reply, payload, done) => {
    clear();
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'GET' || m === 'HEAD')) return;
    const own = route.onSend ?? [];
    route.onSend = [...(Array.isArray(own) ? own : [own]), clearOnSend];
  });
}
