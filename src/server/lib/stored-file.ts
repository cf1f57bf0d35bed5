import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { StorageUnavailableError, notFound } from './errors.ts';

/**
 * A stored file's bytes; a row whose file went missing answers 404, logged, never a 500. A
 * store that cannot be reached answers 503 (try again), never a 404 that says the file is gone.
 */
export async function storedFile(
  app: FastifyInstance,
  key: string,
  missing = 'File not found',
): Promise<Readable> {
  try {
    return await app.storage.get(key);
  } catch (err) {
    if (err instanceof StorageUnavailableError) throw err;
    app.log.error({ err, key }, 'file missing from storage');
    throw notFound(missing);
  }
}
