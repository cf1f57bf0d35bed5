// The fetch rules of spec section 7: cookies always, JSON only when there is a payload,
// any non-OK answer becomes an Error "{status}: {body or statusText}".

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's `{ message }` when the body was JSON. */
    readonly serverMessage?: string,
    /** The whole JSON body, for answers that say more than a message. */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let serverMessage: string | undefined;
  let data: unknown;
  try {
    const parsed: unknown = JSON.parse(text);
    data = parsed;
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const m = (parsed as { message: unknown }).message;
      if (typeof m === 'string') serverMessage = m;
    }
  } catch {
    // Not JSON: the text itself is the message.
  }
  throw new ApiError(res.status, `${res.status}: ${text}`, serverMessage, data);
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/** True for errors that mean "signed out" (spec: "matching a 401 Unauthorized pattern"). */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/** Anything with zod's `parse`: the client reads answers through the shared schemas. */
export type ResponseSchema<T> = { parse: (data: unknown) => T };

/**
 * A schema, or a loader of its module: the read then asks for the schema's code beside the
 * data, so zod and the schemas stay out of a screen's first paint (issue 42).
 */
export type SchemaSource<T> = ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);

/** The schema of `source`, its code asked for now; a failed load is the read's failure. */
export function schemaOf<T>(source: SchemaSource<T>): Promise<ResponseSchema<T>> {
  const schema = typeof source === 'function' ? source() : Promise.resolve(source);
  // Awaited after the fetch: a load failing first must not be an unhandled rejection meanwhile.
  schema.catch(() => undefined);
  return schema;
}

/** A read (spec section 7): GET with cookies, a 401 an error like any non-OK answer, the body parsed. */
export async function getJson<T>(url: string, source: SchemaSource<T>): Promise<T> {
  const schema = schemaOf(source);
  const res = await fetch(url, { credentials: 'include' });
  await throwIfNotOk(res);
  return (await schema).parse(await res.json());
}
