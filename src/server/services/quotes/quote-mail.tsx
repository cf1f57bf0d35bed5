import { company } from '../../../shared/company.ts';
import { formatDate } from '../../../shared/format.ts';
import { paths } from '../../../shared/routes.ts';
import { MailLayout } from '../../mail/layout.tsx';
import { Action, Note, P } from '../../mail/parts.tsx';
import { renderMail } from '../../mail/render.ts';
import type { MailMessage } from '../mail-outbox.ts';

/** A quote sent to a company user (ADR 072): a link to the portal, where they sign in to read it. */
export function quoteSentMail(opts: {
  appUrl: string;
  to: string;
  customerId: string;
  quoteId: string;
  number: string;
  title: string;
  validUntil: string;
}): MailMessage {
  const link = `${opts.appUrl}${paths.quote(opts.quoteId)}?company=${opts.customerId}`;
  return {
    to: opts.to,
    subject: `Quote ${opts.number} from ${company.name}: ${opts.title}`,
    ...renderMail(
      <MailLayout preview={`Quote ${opts.number} is ready for your review`}>
        <P>Hello,</P>
        <P>
          {company.name} has sent you quote {opts.number}, “{opts.title}”. Read it in the customer
          portal, where you can accept it with your signature or decline it.
        </P>
        <Action href={link}>Review the quote</Action>
        <Note>The quote is valid until {formatDate(opts.validUntil)}.</Note>
      </MailLayout>,
    ),
  };
}
