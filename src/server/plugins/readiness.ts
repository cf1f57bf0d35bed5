import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** `draining` turns true at SIGTERM (lifecycle.ts): `/api/ready` then answers 503. */
    readiness: { draining: boolean };
  }
}

export const readinessPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('readiness', { draining: false });
});
