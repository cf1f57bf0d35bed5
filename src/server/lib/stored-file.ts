import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { notFound } from './errors.ts';

/** A stored file's bytes; a row whose file went missing answers 404, logged, never a 500. */
export async function storedFile(app: FastifyInstance, key: string): Promise<Readable> {
  try {
    return await app.storage.get(key);
  } catch (err) {
    app.log.error({ err, key }, 'file missing from storage');
    throw notFound('File not found');
  }
}
