import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { followUpWindowSchema } from '../../../shared/schemas/follow-up.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  changeFollowUpWindow,
  readFollowUpWindow,
} from '../../services/helpdesk/follow-up-window.ts';
import { messageSchema } from '../route-schemas.ts';

/** The follow-up window (issue 38, ADR 061): every agent reads it; a change is audited. */
export const followUpWindowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/follow-up-window', { schema: { response: { 200: followUpWindowSchema } } }, () =>
    readFollowUpWindow(app.db),
  );

  app.put(
    '/follow-up-window',
    {
      schema: {
        body: followUpWindowSchema,
        response: { 200: followUpWindowSchema, 400: messageSchema },
      },
    },
    (request) => app.write((tx) => changeFollowUpWindow(tx, actorOf(request), request.body)),
  );
};
