import { Stream } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors.ts';
import type { KeySlots, Slot } from '../lib/key-slots.ts';

/** A read turned away by the in-flight bound: the slots free up within a read's time. */
function tooManyAtOnce(reply: FastifyReply) {
  reply.header('retry-after', '1');
  return new HttpError(429, 'Too many requests at once. Please wait a moment and try again.');
}

export type WaitForSlot = (
  request: FastifyRequest,
  reply: FastifyReply,
  slots: KeySlots,
  key: string,
) => Promise<void>;

/**
 * Ties slots to Fastify's request lifecycle; returns what an onRequest hook awaits to take
 * one (429 with Retry-After when the key's queue is full). A slot is held until the answer
 * is on its way (onSend: the handler's work is done, whether it answered, failed or its
 * client left; a streamed file until it is sent or cut off), and given back at onResponse at
 * the latest. A request still waiting when
 * its client leaves gives up its place; one that leaves mid-read keeps its slot until that
 * read ends, or aborting would be a way around the bound.
 */
export function slotsForRequests(app: FastifyInstance): WaitForSlot {
  const slotsOf = new WeakMap<FastifyRequest, Slot[]>();
  const releaseSlots = (request: FastifyRequest) => {
    for (const slot of slotsOf.get(request) ?? []) slot.release();
    slotsOf.delete(request);
  };
  app.addHook('onSend', async (request, reply, payload) => {
    // A file still streams after its headers: its slot goes when the response closes (sent
    // or cut off), or one session could stream any number at once (outside attack, issue 35).
    if (payload instanceof Stream) reply.raw.once('close', () => releaseSlots(request));
    else releaseSlots(request);
    return payload;
  });
  app.addHook('onResponse', async (request) => releaseSlots(request));
  app.addHook('onRequestAbort', async (request) => {
    for (const slot of slotsOf.get(request) ?? []) slot.cancel();
  });
  return async (request, reply, slots, key) => {
    const slot = slots.take(key);
    if (!slot) throw tooManyAtOnce(reply);
    slotsOf.set(request, [...(slotsOf.get(request) ?? []), slot]);
    if (!(await slot.granted)) throw tooManyAtOnce(reply);
  };
}
