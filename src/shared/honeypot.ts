/**
 * The public forms' honeypot: a field hidden from people and assistive technology that
 * only bots fill in. Its name looks worth filling to a bot.
 */
export const HONEYPOT_FIELD = 'website';
