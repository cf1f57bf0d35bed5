import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { tickets } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import type { createCsrf } from './csrf.ts';
import {
  mayRate,
  RATE_PATH,
  rateTicket,
  verifyRatingToken,
} from '../../services/helpdesk/satisfaction.ts';
import {
  MAX_RATING_COMMENT,
  RATING_MESSAGE,
  ratingMessages,
  ticketRatings,
  type TicketRating,
} from '../../../shared/schemas/satisfaction.ts';
import { ratingFormPage, ratingRefusedPage, ratingThanksPage } from './rating-pages.ts';

const html = z.string().describe('HTML page');
const formText = (max: number) => z.string().max(max).optional().default('');
const EXPIRED = 'This page has expired. Open the link from your e-mail again.';

type Options = {
  config: Config;
  csrf: ReturnType<typeof createCsrf>;
  page: (reply: FastifyReply, status: number, body: string) => FastifyReply;
};

const asRating = (value: string): TicketRating | undefined =>
  (ticketRatings as readonly string[]).includes(value) ? (value as TicketRating) : undefined;

/**
 * The rating links of the closing mail (issue 17, ADR 036): no sign-in, a signed token bound
 * to the ticket and its author. The GET only shows the form (mail scanners open links and
 * must not vote); the POST, with the page's CSRF pair, records the rating.
 */
export const ratingPageRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { config, csrf, page },
) => {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('referrer-policy', 'no-referrer');
    done();
  });

  app.get(
    RATE_PATH,
    {
      logLevel: 'warn',
      schema: {
        querystring: z.object({ token: formText(200), rating: formText(10) }),
        response: { 200: html, 400: html, 403: html, 409: html },
      },
    },
    async (request, reply) => {
      const claims = verifyRatingToken(config, request.query.token);
      if (!claims) return page(reply, 400, ratingRefusedPage(ratingMessages.link));
      const [ticket] = await app.db
        .select({
          id: tickets.id,
          customerId: tickets.customerId,
          subject: tickets.subject,
          status: tickets.status,
          author: tickets.createdByUserId,
        })
        .from(tickets)
        .where(eq(tickets.id, claims.ticketId));
      if (!ticket || !(await mayRate(app.db, ticket, claims.userId)))
        return page(reply, 403, ratingRefusedPage(ratingMessages.notAuthor));
      if (ticket.status !== 'closed')
        return page(reply, 409, ratingRefusedPage(ratingMessages.notClosed));
      const form = {
        csrf: csrf.issue(request, reply),
        token: request.query.token,
        ticket,
        rating: asRating(request.query.rating),
      };
      return page(reply, 200, ratingFormPage(form));
    },
  );

  app.post(
    RATE_PATH,
    {
      logLevel: 'warn',
      schema: {
        body: z.object({
          token: formText(200),
          rating: formText(10),
          comment: formText(MAX_RATING_COMMENT + 100),
          _csrf: formText(200),
        }),
        response: { 200: html, 400: html, 403: html, 404: html, 409: html },
      },
    },
    async (request, reply) => {
      const { token, comment, _csrf } = request.body;
      if (!csrf.verify(request, _csrf)) return page(reply, 403, ratingRefusedPage(EXPIRED));
      const claims = verifyRatingToken(config, token);
      if (!claims) return page(reply, 400, ratingRefusedPage(ratingMessages.link));
      const rating = asRating(request.body.rating);
      if (!rating) return page(reply, 400, ratingRefusedPage(RATING_MESSAGE));
      const text = comment.trim();
      if (text.length > MAX_RATING_COMMENT)
        return page(
          reply,
          400,
          ratingRefusedPage(`Comment must be at most ${MAX_RATING_COMMENT} characters`),
        );
      try {
        await app.write((tx) => rateTicket(tx, { ...claims, rating, comment: text || null }));
      } catch (err) {
        if (err instanceof HttpError && err.statusCode < 500)
          return page(reply, err.statusCode, ratingRefusedPage(err.message));
        throw err;
      }
      return page(reply, 200, ratingThanksPage(rating));
    },
  );
};
