/** An error whose message is safe to show the caller; mapped to its status by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** What a caller is told while the file store cannot be reached: try again (Retry-After). */
export const STORAGE_UNAVAILABLE = 'File storage is unavailable. Please try again shortly.';

/**
 * The file store cannot be used right now (unreachable, refusing, bucket gone): a 503 with a
 * Retry-After hint, never a 404 or a 500. `reason` is one line for the log and for the
 * refusal at start, naming the setting to look at; the caller never sees it.
 */
export class StorageUnavailableError extends HttpError {
  readonly retryAfterSeconds = 10;
  constructor(readonly reason: string) {
    super(503, STORAGE_UNAVAILABLE);
    this.name = 'StorageUnavailableError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = () => new HttpError(401, 'Unauthorized');
export const forbidden = () => new HttpError(403, 'Forbidden');
export const notFound = (message = 'Not Found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** Turns a unique-index violation into a 409 with the given message; rethrows anything else. */
export function rethrowUnique(err: unknown, message: string): never {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') throw conflict(message);
    e = (e as { cause?: unknown }).cause;
  }
  throw err;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

/**
 * The multipart parser's own refusals (no boundary, one over 256 bytes, a body cut off): the caller's bytes, not
 * our fault. Plain Errors from @fastify/busboy, told apart only by their messages.
 */
export function isMalformedMultipart(err: unknown): boolean {
  const message = err instanceof Error ? err.message : '';
  return /^Multipart: Boundary not found$|unexpected end of multipart data$|^The needle cannot have a length bigger than/i.test(
    message,
  );
}

/** True when an error means "the database is not reachable right now" rather than a bug. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== 'object') return false;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|database is closed|Cannot use a pool after calling end|PGlite is closed/i.test(
        message,
      )
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * PostgreSQL refuses some text outright (a NUL character, 22021; an unconvertible
 * character, 22P05). That is the caller's input, not our fault: a 400, never a 500.
 */
export function isUnstorableText(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== 'object') return false;
    const code = (e as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
