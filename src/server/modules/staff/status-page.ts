import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  componentInputSchema,
  incidentInputSchema,
  incidentListQuerySchema,
  incidentRowSchema,
  incidentSchema,
  incidentUpdateInputSchema,
  maintenanceInputSchema,
  maintenanceListQuerySchema,
  maintenanceSchema,
  statusComponentSchema,
  statusSettingsSchema,
  statusSiteOptionSchema,
} from '../../../shared/schemas/status-page.ts';
import { pageQuerySchema } from '../../../shared/schemas/paging.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  createComponent,
  deleteComponent,
  listComponents,
  updateComponent,
} from '../../services/status-page/components.ts';
import {
  openIncident,
  readIncident,
  updateIncident,
} from '../../services/status-page/incidents.ts';
import { scheduleMaintenance } from '../../services/status-page/maintenance.ts';
import { setStatusEnabled, statusEnabled } from '../../services/status-page/views.ts';
import { idParam, messageSchema } from '../route-schemas.ts';
import { staffIncidentPages, staffMaintenancePages, staffSitePages } from './status-page-pages.ts';

/** The status page's components, incidents, maintenance and switch (ADR 079), `/api/staff/status`. */
export const statusPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/status/settings',
    { schema: { response: { 200: statusSettingsSchema } } },
    async () => ({
      enabled: await statusEnabled(app.db),
    }),
  );

  app.put(
    '/status/settings',
    { schema: { body: statusSettingsSchema, response: { 200: statusSettingsSchema } } },
    (request) => app.write((tx) => setStatusEnabled(tx, actorOf(request), request.body.enabled)),
  );

  app.get(
    '/status/sites',
    {
      schema: {
        querystring: pageQuerySchema({}),
        response: { 200: z.array(statusSiteOptionSchema), 400: messageSchema },
      },
    },
    async (request, reply) =>
      app.sendPage(request, reply, staffSitePages, { query: request.query }),
  );

  app.get(
    '/status/components',
    { schema: { response: { 200: z.array(statusComponentSchema) } } },
    () => listComponents(app.db),
  );

  app.post(
    '/status/components',
    {
      schema: {
        body: componentInputSchema,
        response: { 201: statusComponentSchema, 400: messageSchema },
      },
    },
    async (request, reply) => {
      const made = await app.write((tx) => createComponent(tx, actorOf(request), request.body));
      return reply.status(201).send(made);
    },
  );

  app.put(
    '/status/components/:id',
    {
      schema: {
        params: idParam('id'),
        body: componentInputSchema,
        response: { 200: statusComponentSchema, 400: messageSchema, 404: messageSchema },
      },
    },
    (request) =>
      app.write((tx) => updateComponent(tx, actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/status/components/:id',
    { schema: { params: idParam('id'), response: { 204: z.null(), 404: messageSchema } } },
    async (request, reply) => {
      await app.write((tx) => deleteComponent(tx, actorOf(request), request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/status/incidents',
    {
      schema: {
        querystring: incidentListQuerySchema,
        response: { 200: z.array(incidentRowSchema), 400: messageSchema },
      },
    },
    async (request, reply) =>
      app.sendPage(request, reply, staffIncidentPages, { query: request.query }),
  );

  app.post(
    '/status/incidents',
    {
      schema: {
        body: incidentInputSchema,
        response: { 201: incidentSchema, 400: messageSchema },
      },
    },
    async (request, reply) => {
      const made = await app.write((tx) => openIncident(tx, actorOf(request), request.body));
      return reply.status(201).send(made);
    },
  );

  app.get(
    '/status/incidents/:id',
    { schema: { params: idParam('id'), response: { 200: incidentSchema, 404: messageSchema } } },
    (request) => readIncident(app.db, request.params.id),
  );

  app.post(
    '/status/incidents/:id/updates',
    {
      schema: {
        params: idParam('id'),
        body: incidentUpdateInputSchema,
        response: {
          201: incidentSchema,
          400: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const updated = await app.write((tx) =>
        updateIncident(tx, actorOf(request), request.params.id, request.body),
      );
      return reply.status(201).send(updated);
    },
  );

  app.get(
    '/status/maintenance',
    {
      schema: {
        querystring: maintenanceListQuerySchema,
        response: { 200: z.array(maintenanceSchema), 400: messageSchema },
      },
    },
    async (request, reply) =>
      app.sendPage(request, reply, staffMaintenancePages, { query: request.query }),
  );

  app.post(
    '/status/maintenance',
    {
      schema: {
        body: maintenanceInputSchema,
        response: { 201: maintenanceSchema, 400: messageSchema },
      },
    },
    async (request, reply) => {
      const made = await app.write((tx) => scheduleMaintenance(tx, actorOf(request), request.body));
      return reply.status(201).send(made);
    },
  );
};
