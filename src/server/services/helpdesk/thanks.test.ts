import { describe, expect, it } from 'vitest';
import { isOnlyThanks } from './thanks.ts';

/** Real-world one-line replies to a closed ticket that say only thank you: kept, no reopen. */
const thanks = [
  'thanks',
  'Thanks!',
  'Thank you',
  'thank you!!',
  'THX',
  'ty',
  'Cheers',
  'Cheers mate',
  'Much appreciated',
  'Much appreciated, thanks.',
  'Great, thanks!',
  'ok thanks',
  'OK, thank you.',
  'Perfect, thank you',
  'Perfect, thanks a lot!',
  'Awesome, thanks so much',
  'Thank you so much for your help!',
  'Thanks for the quick response',
  'Thanks again',
  'Thanks, Dana',
  "Thanks, it's working now",
  'That did the trick, thanks!',
  'Thanks! 🙂',
  'thanks guys',
  'Thank you very much',
  'Brilliant, cheers',
  'All sorted, thanks',
  'Got it, thanks',
  'Thanks for your help.\n\nDana Smith',
  'Thank you!\n\nOn Mon, Nov 23, 2026 at 9:12 AM Support <support@example.com> wrote:\n> Your ticket is closed. Is the printer still jamming?',
  'Thanks!\n> Is there anything else?',
  'Thanks a lot\n--\nDana Smith\nAcme Corp | 555-0101 | Please call if urgent, the VPN is down',
  'Thank you\n\nSent from my iPhone',
];

/** Short replies that ask or report something: they must reopen. */
const notThanks = [
  'still not working',
  'thanks but it is broken again',
  'Thanks, still broken',
  'Thank you, but the printer jams again',
  'not working thanks',
  "doesn't work, thanks",
  'Thanks - can you check the VPN as well?',
  'thanks?',
  'It happened again',
  'The same error is back',
  'Hi, the issue came back this morning',
  'ok',
  'Great',
  'Thanks, will try tomorrow and let you know',
  'thanks, no luck',
  'Thanks, but no',
  'Thanks. Also, Outlook asks for my password every hour now.',
  'Thank you for fixing the printer. Could you also set up the new laptop for Sam next week?',
  '',
  '> thanks',
];

describe('isOnlyThanks (issue 38, ADR 061)', () => {
  it.each(thanks)('keeps %j without reopening', (text) => {
    expect(isOnlyThanks(text)).toBe(true);
  });

  it.each(notThanks)('reopens on %j', (text) => {
    expect(isOnlyThanks(text)).toBe(false);
  });

  it('has at least 30 real-world lines in its fixture', () => {
    expect(thanks.length + notThanks.length).toBeGreaterThanOrEqual(30);
  });
});
