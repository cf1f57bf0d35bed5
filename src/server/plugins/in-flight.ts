import { Stream } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors.ts';
import type { KeySlots, Slot } from '../lib/key-slots.ts';

/** A read turned away by the in-flight bound: the slots free up within a read's time. */
function tooManyAtOnce(reply: FastifyReply) {
  reply.header('retry-after', '1');
  return new HttpError(429, 'Too many requests at once. Please wait a moment and try again.');
}

/** The longest a read waits in line for a slot before it is turned away (429). */
const SLOT_WAIT_MS = 15_000;

export type WaitForSlot = (
  request: FastifyRequest,
  reply: FastifyReply,
  slots: KeySlots,
  key: string,
  /** Kept while a streamed answer (a file) is still being sent, not only until it starts. */
  options?: { whileStreaming?: boolean },
) => Promise<void>;

type Held = { slot: Slot; whileStreaming: boolean };

/**
 * Ties slots to Fastify's request lifecycle; returns what an onRequest hook awaits to take
 * one (429 with Retry-After when the key's queue is full). A slot is held until the answer
 * is on its way (onSend: the handler's work is done, whether it answered, failed or its
 * client left) and given back at onResponse at the latest. A `whileStreaming` slot stays
 * held while a file streams, until the stream ends or is cut off, or the connection closes
 * (a pipelined answer that never started has no other end: outside attack, issue 35). A
 * request still waiting when its client leaves gives up its place; one that leaves mid-read
 * keeps its slot until that read ends, or aborting would be a way around the bound.
 */
export function slotsForRequests(app: FastifyInstance): WaitForSlot {
  const heldBy = new WeakMap<FastifyRequest, Held[]>();
  const release = (request: FastifyRequest, which: (held: Held) => boolean) => {
    const all = heldBy.get(request) ?? [];
    for (const held of all.filter(which)) held.slot.release();
    heldBy.set(
      request,
      all.filter((held) => !which(held)),
    );
  };
  const releaseAll = (request: FastifyRequest) => release(request, () => true);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!(payload instanceof Stream)) {
      releaseAll(request);
      return payload;
    }
    release(request, (held) => !held.whileStreaming);
    // Whichever comes first; the others' listeners go with it (a keep-alive socket serves
    // many downloads and must not collect one listener per file).
    const socket = request.raw.socket;
    const done = () => {
      releaseAll(request);
      payload.off('close', done);
      reply.raw.off('close', done);
      socket?.off('close', done);
    };
    payload.on('close', done);
    reply.raw.on('close', done);
    socket?.on('close', done);
    return payload;
  });
  app.addHook('onResponse', async (request) => releaseAll(request));
  app.addHook('onRequestAbort', async (request) => {
    for (const held of heldBy.get(request) ?? []) held.slot.cancel();
  });
  return async (request, reply, slots, key, options = {}) => {
    const slot = slots.take(key);
    if (!slot) throw tooManyAtOnce(reply);
    heldBy.set(request, [
      ...(heldBy.get(request) ?? []),
      { slot, whileStreaming: options.whileStreaming ?? false },
    ]);
    // A wait is bounded: pipelined reads on one connection could otherwise wait for ever. The
    // later ones may take the slots first (their session look-ups finish out of order on
    // PostgreSQL), and their answers queue behind the first one's, which waits for a slot they
    // hold until they are sent (the hang of read-limit-sockets.test.ts on PostgreSQL in CI).
    const timer = setTimeout(() => slot.cancel(), SLOT_WAIT_MS);
    const granted = await slot.granted; // true if granted before the cancel: held as usual
    clearTimeout(timer);
    if (!granted) throw tooManyAtOnce(reply);
  };
}
