import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import type { FormAnswer } from '../../../shared/islands.ts';
import { paths } from '../../../shared/routes.ts';
import { contactSchema } from '../../../shared/schemas/contact.ts';
import {
  fieldErrors,
  formFields,
  formPageRouteOptions,
  submitThroughApi,
} from '../../lib/public-form-page.ts';

const FIELDS = ['name', 'email', 'company', 'phone', 'message'] as const;

/** Spec sections 4 and 8: the texts the toasts show when JavaScript runs. */
const SENT: FormAnswer['notice'] = {
  kind: 'success',
  title: 'Message sent!',
  text: "We'll get back to you within 24 hours.",
};
const FAILED: FormAnswer['notice'] = {
  kind: 'error',
  title: 'Error',
  text: 'Failed to send message. Please try again.',
};

/**
 * POST / and POST /contact: the contact form posted without JavaScript. The answer is the
 * same page with the messages under the fields, or the outcome above an empty form.
 */
export const contactPageRoutes: FastifyPluginAsync = async (app) => {
  // Form bodies are accepted in this plugin only; every JSON endpoint keeps refusing them.
  await app.register(formbody);
  for (const route of [paths.home, paths.contact]) {
    app.post(route, formPageRouteOptions, async (request, reply) => {
      const answer = (formAnswer: FormAnswer) =>
        app.sendFormPage(request, reply, {
          route,
          island: 'contact-form',
          answer: formAnswer,
        });
      const values = formFields(request.body, FIELDS);
      const parsed = contactSchema.safeParse(values);
      if (!parsed.success) return answer({ values, errors: fieldErrors(parsed.error) });
      const sent = await submitThroughApi(app, request, '/api/contact', values);
      if (sent.status === 201) return answer({ values: {}, errors: {}, notice: SENT });
      return answer({ values, errors: {}, notice: FAILED });
    });
  }
};
