import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ticketNoteInputSchema, ticketNoteSchema } from '../../../shared/schemas/ticket-notes.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { addNote, listTicketNotes } from '../../services/helpdesk/ticket-notes.ts';
import { messageSchema, ticketParams } from '../route-schemas.ts';

/** Agents' internal notes on a ticket (issue 17): staff only, never in a customer's answer. */
export const ticketNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tickets/:ticketId/notes',
    {
      schema: {
        params: ticketParams,
        response: { 200: z.array(ticketNoteSchema), 404: messageSchema },
      },
    },
    async (request) => listTicketNotes(app.db, request.params.ticketId.toUpperCase()),
  );

  app.post(
    '/tickets/:ticketId/notes',
    {
      schema: {
        params: ticketParams,
        body: ticketNoteInputSchema,
        response: { 201: ticketNoteSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      const ticketId = request.params.ticketId.toUpperCase();
      const note = await app.write((tx) =>
        addNote(tx, actorOf(request), { ticketId, body: request.body.body }),
      );
      return reply.status(201).send(note);
    },
  );
};
