import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import type { FormAnswer } from '../../../shared/islands.ts';
import { paths } from '../../../shared/routes.ts';
import { quoteSchema } from '../../../shared/schemas/quote.ts';
import { serviceIndex } from '../../../shared/service-index.ts';
import {
  fieldErrors,
  formFields,
  formPageRouteOptions,
  submitThroughApi,
} from '../../lib/public-form-page.ts';

const FIELDS = ['name', 'email', 'company', 'phone', 'details'] as const;
/** Spec section 8: the banner's text when the server gives no message. */
const FALLBACK_ERROR = 'Failed to submit quote request. Please try again.';

/**
 * POST /services/{slug}: the quote form posted without JavaScript. The answer is the same
 * page with the form open (its `#request-quote` overlay) showing the messages under the
 * fields, the error banner, or the spec's "Thank you!" view. The service is the page's:
 * the form shows it read-only.
 */
export const quotePageRoutes: FastifyPluginAsync = async (app) => {
  await app.register(formbody);
  for (const { slug, name: service } of serviceIndex) {
    const route = paths.service(slug);
    app.post(route, formPageRouteOptions, async (request, reply) => {
      const answer = (formAnswer: FormAnswer) =>
        app.sendFormPage(request, reply, { route, island: 'quote', answer: formAnswer });
      const values = formFields(request.body, FIELDS);
      const parsed = quoteSchema.safeParse({ ...values, service });
      if (!parsed.success) return answer({ values, errors: fieldErrors(parsed.error) });
      const sent = await submitThroughApi(app, request, '/api/quote', { ...values, service });
      if (sent.status === 201) {
        return answer({
          values: {},
          errors: {},
          notice: { kind: 'success', title: 'Thank you!', text: "We'll get back to you shortly." },
        });
      }
      const text = sent.message ?? FALLBACK_ERROR;
      return answer({
        values,
        errors: {},
        notice: { kind: 'error', title: 'Error', text },
      });
    });
  }
};
