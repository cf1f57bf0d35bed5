// The pages of a rating link from the mail (issue 17): server-rendered like the sign-in pages,
// no scripts. The GET shows this form; only its button (a POST) records the rating.
import { escapeHtml, layout } from './pages.ts';
import {
  MAX_RATING_COMMENT,
  ticketRatingLabels,
  ticketRatings,
  type TicketRating,
} from '../../../shared/schemas/satisfaction.ts';
import { paths } from '../../../shared/routes.ts';
import { RATE_PATH } from '../../services/helpdesk/satisfaction.ts';

export function ratingFormPage(opts: {
  csrf: string;
  token: string;
  ticket: { id: string; subject: string };
  rating: TicketRating | undefined;
}) {
  const choices = ticketRatings
    .map(
      (r) =>
        `<label class="choice"><input type="radio" name="rating" value="${r}"${
          r === opts.rating ? ' checked' : ''
        } required> ${escapeHtml(ticketRatingLabels[r])}</label>`,
    )
    .join('\n');
  return layout(
    'Rate our help',
    `<h1>How did we do?</h1>
<p>Ticket ${escapeHtml(opts.ticket.id)} "${escapeHtml(opts.ticket.subject)}"</p>
<form method="post" action="${RATE_PATH}">
<input type="hidden" name="_csrf" value="${escapeHtml(opts.csrf)}">
<input type="hidden" name="token" value="${escapeHtml(opts.token)}">
<fieldset>
<legend>Your rating</legend>
${choices}
</fieldset>
<label for="comment">Comment (optional)</label>
<textarea id="comment" name="comment" maxlength="${MAX_RATING_COMMENT}"></textarea>
<button type="submit">Send rating</button>
</form>`,
  );
}

export function ratingThanksPage(rating: TicketRating) {
  return layout(
    'Thank you',
    `<h1>Thank you for your rating</h1>
<p>You rated our help "${escapeHtml(ticketRatingLabels[rating])}". You can change it from the same e-mail or in the portal.</p>
<p><a href="${paths.tickets}">Go to your tickets</a></p>`,
  );
}

export function ratingRefusedPage(message: string) {
  return layout(
    'Rating not possible',
    `<h1>Rating not possible</h1>
<p role="alert">${escapeHtml(message)}</p>
<p><a href="${paths.tickets}">Go to your tickets</a></p>`,
  );
}
