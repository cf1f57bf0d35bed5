import { company } from '../../../shared/company.ts';
import { formatMoney } from '../../../shared/money-format.ts';
import { MailLayout } from '../../mail/layout.tsx';
import { Note, P } from '../../mail/parts.tsx';
import { renderMail } from '../../mail/render.ts';
import type { MailMessage } from '../mail-outbox.ts';

/**
 * An online payment, or its part, that could not be applied and was refunded (ADR 067): the
 * customer learns at once why the card was charged and what comes back.
 */
export function unappliedRefundMail(opts: {
  to: string;
  firstName: string;
  number: string;
  currency: string;
  amountMinor: number;
  reason: string;
}): MailMessage {
  const refunded = formatMoney(opts.amountMinor, opts.currency);
  return {
    to: opts.to,
    subject: `We refunded ${refunded} of your payment (invoice ${opts.number})`,
    ...renderMail(
      <MailLayout preview={`We refunded ${refunded}: invoice ${opts.number} ${opts.reason}`}>
        <P>Hello {opts.firstName},</P>
        <P>
          We refunded {refunded}: invoice {opts.number} {opts.reason}. Your bank shows the refund
          within a few days.
        </P>
        <Note>Questions? Reply to this e-mail or write to {company.supportEmail}.</Note>
      </MailLayout>,
    ),
  };
}
