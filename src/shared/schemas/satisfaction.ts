import { z } from 'zod';

/** The three one-click ratings of a closed ticket (issue 17). */
export const ticketRatings = ['good', 'okay', 'poor'] as const;
export type TicketRating = (typeof ticketRatings)[number];
export const ticketRatingLabels: Record<TicketRating, string> = {
  good: 'Good',
  okay: 'Okay',
  poor: 'Poor',
};

export const RATING_MESSAGE = 'Rating must be good, okay or poor';
export const MAX_RATING_COMMENT = 2000;

export const rateTicketSchema = z.object({
  rating: z.enum(ticketRatings, { message: RATING_MESSAGE }),
  comment: z
    .string()
    .trim()
    .max(MAX_RATING_COMMENT, `Must be at most ${MAX_RATING_COMMENT} characters`)
    .optional()
    .transform((v) => (v ? v : null)),
});
export type RateTicketInput = z.input<typeof rateTicketSchema>;

/** A ticket's rating as the portal and the staff workspace show it. */
export const ticketRatingSchema = z.object({
  rating: z.enum(ticketRatings),
  comment: z.string().nullable(),
  ratedAt: z.string(),
});
export type TicketRatingOut = z.infer<typeof ticketRatingSchema>;

/** The portal's view of a ticket's rating: the rating, and whether this viewer may give it. */
export const ticketRatingStateSchema = z.object({
  rating: ticketRatingSchema.nullable(),
  canRate: z.boolean(),
});
export type TicketRatingState = z.infer<typeof ticketRatingStateSchema>;

export const ratingMessages = {
  notClosed: 'Only a closed ticket can be rated',
  notAuthor: 'Only the author of a ticket can rate it',
  link: 'This rating link is not valid or has expired',
} as const;

/** Counts and score (share of good ratings, in %; null without ratings) of one group. */
export const satisfactionScoreSchema = z.object({
  good: z.number(),
  okay: z.number(),
  poor: z.number(),
  total: z.number(),
  score: z.number().nullable(),
});
export type SatisfactionScore = z.infer<typeof satisfactionScoreSchema>;

export const satisfactionPeriodSchema = z.object({
  days: z.number(),
  overall: satisfactionScoreSchema,
  agents: z.array(
    satisfactionScoreSchema.extend({ agentUserId: z.string().nullable(), agent: z.string() }),
  ),
});
export const satisfactionReportSchema = z.object({
  periods: z.array(satisfactionPeriodSchema),
});
export type SatisfactionReport = z.infer<typeof satisfactionReportSchema>;
