import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  startTimerSchema,
  staffTimerSchema,
  staffTimerStateSchema,
  timerLogSchema,
} from '../../../shared/schemas/staff-timer.ts';
import { staffTimeEntrySchema } from '../../../shared/schemas/time-entries.ts';
import { noBodyExpected } from '../../plugins/json-body.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  currentTimer,
  discardTimer,
  logTimer,
  pauseTimer,
  resumeTimer,
  startTimer,
} from '../../services/staff-timers.ts';
import { messageSchema } from '../route-schemas.ts';

const refusals = { 400: messageSchema, 404: messageSchema, 409: messageSchema };
const answer = { 200: staffTimerSchema, ...refusals };

/** The member's own timer on a ticket (services/staff-timers.ts, ADR 074). */
export const staffTimerRoutes: FastifyPluginAsyncZod<{ appUrl: string }> = async (
  app,
  { appUrl },
) => {
  app.get('/timer', { schema: { response: { 200: staffTimerStateSchema } } }, async (request) => ({
    timer: await currentTimer(app.db, actorOf(request).id),
  }));

  app.post(
    '/timer',
    { schema: { body: startTimerSchema, response: { 201: staffTimerSchema, ...refusals } } },
    async (request, reply) => {
      const timer = await app.write((tx) =>
        startTimer(tx, actorOf(request), request.body.ticketId),
      );
      return reply.status(201).send(timer);
    },
  );

  // No body: an empty one sent as JSON is accepted too.
  app.post(
    '/timer/pause',
    { preParsing: noBodyExpected, schema: { response: answer } },
    async (request) => app.write((tx) => pauseTimer(tx, actorOf(request))),
  );

  app.post(
    '/timer/resume',
    { preParsing: noBodyExpected, schema: { response: answer } },
    async (request) => app.write((tx) => resumeTimer(tx, actorOf(request))),
  );

  // Stop: the Log Time dialog's entry, logged on the timer's ticket; the timer ends with it.
  app.post(
    '/timer/log',
    { schema: { body: timerLogSchema, response: { 201: staffTimeEntrySchema, ...refusals } } },
    async (request, reply) => {
      const entry = await app.write((tx) => logTimer(tx, actorOf(request), request.body, appUrl));
      return reply.status(201).send(entry);
    },
  );

  app.delete(
    '/timer',
    { preParsing: noBodyExpected, schema: { response: { 204: z.null(), ...refusals } } },
    async (request, reply) => {
      await app.write((tx) => discardTimer(tx, actorOf(request)));
      return reply.status(204).send(null);
    },
  );
};
