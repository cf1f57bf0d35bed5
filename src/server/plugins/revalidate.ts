import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendJsonText, type JsonText } from '../db/json-list.ts';

/**
 * The entity tag of a signed-in JSON answer: a hash of the user, the body and the headers
 * that describe it. The user is part of it, so one user's tag never validates another
 * user's copy, and a tag reveals nothing to whoever did not get the body
 * (docs/decisions/029-paged-lists.md, threat model).
 */
export function entityTag(userId: string, parts: readonly string[]) {
  const hash = createHash('sha256').update(userId);
  for (const part of parts) hash.update('\n').update(part);
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

/** True when `If-None-Match` names `tag` (a list of tags or `*`, weak comparison). */
function matches(header: string | undefined, tag: string) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = tag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/**
 * Sends JSON text with an `ETag`, or a bodiless 304 when the browser's copy is current.
 * `Vary: Cookie` keeps any cache from answering one session with another's copy.
 */
export function sendRevalidatedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  text: JsonText<unknown>,
  headers: readonly string[] = [],
) {
  const tag = entityTag(request.user?.id ?? '', [text, ...headers]);
  reply.header('etag', tag).header('vary', 'Cookie');
  if (matches(request.headers['if-none-match'], tag)) return reply.code(304).send();
  return sendJsonText(reply, text);
}
