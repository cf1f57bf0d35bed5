import { company } from '../../../shared/company.ts';
import { formatMoney } from '../../../shared/money-format.ts';
import { MailLayout } from '../../mail/layout.tsx';
import { Action, Fields, Note, P } from '../../mail/parts.tsx';
import { renderMail } from '../../mail/render.ts';
import type { MailMessage } from '../mail-outbox.ts';

/**
 * The receipt of an online payment (ADR 067): sent once the verified webhook has recorded it,
 * to the company's billing and admin users, with the balance that is left.
 */
export function paymentReceiptMail(opts: {
  appUrl: string;
  to: string;
  firstName: string;
  companyId: string;
  number: string;
  currency: string;
  amountMinor: number;
  balanceMinor: number;
  method: string;
  reference: string;
  receivedOn: string;
}): MailMessage {
  const paid = formatMoney(opts.amountMinor, opts.currency);
  const balance = formatMoney(opts.balanceMinor, opts.currency);
  return {
    to: opts.to,
    // Not "Payment received…": that is the invoice.paid notice, sent per preferences.
    subject: `Receipt for your payment of ${paid} (invoice ${opts.number})`,
    ...renderMail(
      <MailLayout preview={`We received ${paid} for invoice ${opts.number}`}>
        <P>Hello {opts.firstName},</P>
        <P>
          Thank you: we received your payment for invoice {opts.number}. This e-mail is your
          receipt.
        </P>
        <Fields
          rows={[
            ['Invoice', opts.number],
            ['Amount paid', paid],
            ['Paid by', opts.method === 'direct-debit' ? 'Bank debit' : 'Card'],
            ['Date', opts.receivedOn],
            ['Payment reference', opts.reference],
            ['Balance left', balance],
          ]}
        />
        <Action href={`${opts.appUrl}/portal/invoices?company=${opts.companyId}`}>
          View your invoices
        </Action>
        <Note>
          Questions about this payment? Reply to this e-mail or write to {company.supportEmail}.
        </Note>
      </MailLayout>,
    ),
  };
}
