import { z } from 'zod';
import { requiredText } from './fields.ts';

/** Issue 17: agents' internal notes on a ticket. Customers never see them, anywhere. */
export const NOTE_MAX = 5000;

export const ticketNoteInputSchema = z.object({
  body: requiredText('Note is required', NOTE_MAX),
});
export type TicketNoteInput = z.input<typeof ticketNoteInputSchema>;

export const ticketNoteSchema = z.object({
  id: z.string(),
  author: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type TicketNote = z.infer<typeof ticketNoteSchema>;
