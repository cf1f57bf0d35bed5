import { CheckCircle2, Download, FolderKanban } from 'lucide-react';
import { useState } from 'react';
import { Link, useRoute } from 'wouter';
import { agreementTermsLines } from '../../../shared/agreement-terms.ts';
import { formatDate, formatDateTime } from '../../../shared/format.ts';
import { documentTotals } from '../../../shared/invoice-decimal-totals.ts';
import { formatAmount } from '../../../shared/money-format.ts';
import { paths } from '../../../shared/routes.ts';
import { QUOTE_CHANGED, type Quote } from '../../../shared/schemas/quotes.ts';
import { InvoiceLines, InvoiceTotalsList } from '../../invoices/invoice-breakdown.tsx';
import { ApiError } from '../../lib/api.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input, Textarea } from '../../ui/input.tsx';
import { QueryError, ScreenSkeleton } from '../shared/query-state.tsx';
import { useCompanyHref, useCurrentCompany } from '../shared/use-company-query.ts';
import { quotePdfUrl, signedQuotePdfUrl, useQuote, useQuoteDecision } from './quote-api.ts';
import { QuoteStatusBadge } from '../../quotes/quote-status-badge.tsx';
import { SignatureField } from './signature-field.tsx';

/**
 * A quote to read and sign (issue 40 item 4, ADR 072), reached from its mail. The document
 * first, then the decision: the typed name, then the signature, which is the last step before
 * the button. Admin and billing users only (the `quotes` permission).
 */
export function QuoteScreen() {
  const [, params] = useRoute(paths.quotePattern);
  const company = useCurrentCompany();
  const quoteId = params?.quoteId ?? '';
  const query = useQuote(company?.id, quoteId);
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      {query.data ? (
        <QuoteDocument quote={query.data} companyId={company?.id ?? ''} />
      ) : query.isError ? (
        <QueryError error={query.error} what="quote" onRetry={() => void query.refetch()} />
      ) : (
        <ScreenSkeleton cards={0} rows={6} />
      )}
    </div>
  );
}

function QuoteDocument({ quote, companyId }: { quote: Quote; companyId: string }) {
  const totals = documentTotals(quote.lines, quote.discountRate, quote.amount, quote.currency);
  const creates = [
    quote.projectName ? `starts the project “${quote.projectName}”` : null,
    quote.agreementPlan ? `starts the agreement “${quote.agreementPlan.name}” below` : null,
    quote.createInvoice ? 'drafts an invoice of these lines' : null,
  ].filter(Boolean);
  return (
    <>
      <Card>
        <CardBody className="grid gap-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="text-sm text-slate-600">
                Quote {quote.number} · version {quote.version}
              </p>
              <h1 className="text-xl font-bold break-words text-slate-900">{quote.title}</h1>
            </div>
            <QuoteStatusBadge status={quote.status} />
          </div>
          <dl className="grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-slate-600">Total</dt>
              <dd className="text-lg font-bold text-slate-900">
                {formatAmount(quote.amount, quote.currency)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Valid until</dt>
              <dd className="text-slate-900">{formatDate(quote.validUntil)}</dd>
            </div>
          </dl>
          <InvoiceLines
            lines={quote.lines}
            amounts={totals?.lines ?? []}
            currency={quote.currency}
          />
          {totals && (
            <InvoiceTotalsList
              totals={totals}
              discountPercent={quote.discountRate}
              currency={quote.currency}
            />
          )}
          <section aria-labelledby="quote-terms" className="grid gap-1 text-sm">
            <h2 id="quote-terms" className="font-semibold text-slate-900">
              Terms
            </h2>
            <p className="whitespace-pre-line text-slate-700">
              {quote.terms || 'No further terms.'}
            </p>
            {creates.length > 0 && (
              <p className="text-slate-600">Accepting it {creates.join(' and ')}.</p>
            )}
          </section>
          {quote.agreementPlan && (
            <section aria-labelledby="quote-agreement" className="grid gap-1 text-sm">
              <h2 id="quote-agreement" className="font-semibold text-slate-900">
                Agreement on acceptance
              </h2>
              <ul className="list-disc pl-5 text-slate-700">
                {agreementTermsLines(quote.agreementPlan, quote.currency).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" asChild>
              <a href={quotePdfUrl(companyId, quote.id)} target="_blank" rel="noreferrer">
                <Download className="h-4 w-4" aria-hidden />
                Quote PDF
              </a>
            </Button>
            {quote.evidence && (
              <Button variant="secondary" asChild>
                <a href={signedQuotePdfUrl(companyId, quote.id)} target="_blank" rel="noreferrer">
                  <Download className="h-4 w-4" aria-hidden />
                  Signed PDF
                </a>
              </Button>
            )}
          </div>
        </CardBody>
      </Card>
      {quote.status === 'sent' && <Decision quote={quote} companyId={companyId} />}
      {quote.status === 'accepted' && <Accepted quote={quote} />}
      {quote.status === 'declined' && (
        <Card>
          <CardBody className="text-sm text-slate-700">
            You declined this quote: {quote.declineReason}
          </CardBody>
        </Card>
      )}
      {quote.status === 'expired' && (
        <Card>
          <CardBody className="text-sm text-slate-700">
            This quote has expired. Ask us for a new one if you still want the work done.
          </CardBody>
        </Card>
      )}
    </>
  );
}

function Accepted({ quote }: { quote: Quote }) {
  const href = useCompanyHref();
  const e = quote.evidence;
  return (
    <Card>
      <CardBody className="grid gap-3 text-sm">
        <p className="flex items-center gap-2 font-semibold text-green-800">
          <CheckCircle2 className="h-5 w-5" aria-hidden />
          Accepted{e ? ` by ${e.typedName} on ${formatDateTime(e.signedAt)}` : ''}
        </p>
        {quote.projectName && quote.createdProjectId && (
          <p className="text-slate-700">
            The project “{quote.projectName}” has been created.{' '}
            <Link
              href={href(paths.projects)}
              className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
            >
              <FolderKanban className="h-4 w-4" aria-hidden />
              See your projects
            </Link>
          </p>
        )}
        {quote.agreementPlan && quote.createdAgreementId && (
          <p className="text-slate-700">
            The agreement “{quote.agreementPlan.name}” has started: its hours show on your invoices.
          </p>
        )}
      </CardBody>
    </Card>
  );
}

const messageOf = (err: unknown) =>
  err instanceof ApiError && err.serverMessage
    ? err.serverMessage
    : 'Something went wrong. Please try again.';

function Decision({ quote, companyId }: { quote: Quote; companyId: string }) {
  const { accept, decline, reload } = useQuoteDecision(companyId, quote.id);
  const [name, setName] = useState('');
  const [mode, setMode] = useState<'drawn' | 'typed'>('drawn');
  const [png, setPng] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const nameError = tried && !name.trim() ? 'Type your full name to sign' : undefined;
  const signatureError =
    tried && mode === 'drawn' && !png ? 'Draw your signature in the box' : undefined;
  const failure = accept.error ?? decline.error;

  const submit = () => {
    setTried(true);
    if (!name.trim() || (mode === 'drawn' && !png)) return;
    accept.mutate(
      {
        documentSha256: quote.documentSha256 ?? '',
        typedName: name.trim(),
        signature: mode === 'drawn' ? { kind: 'drawn', png: png ?? '' } : { kind: 'typed' },
      },
      {
        onError: (err) => {
          if (messageOf(err) === QUOTE_CHANGED) void reload();
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader title="Accept or decline" />
      <CardBody className="grid gap-4">
        <FormField label="Your full name" required error={nameError}>
          <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
        </FormField>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Signature</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="signature-kind"
                checked={mode === 'drawn'}
                onChange={() => setMode('drawn')}
              />
              Draw it
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="signature-kind"
                checked={mode === 'typed'}
                onChange={() => setMode('typed')}
              />
              Use my typed name
            </label>
          </div>
          {mode === 'drawn' ? (
            <SignatureField onChange={setPng} />
          ) : (
            <p
              aria-label="Typed signature"
              className="flex h-40 items-center rounded-md border border-slate-300 bg-white px-4 font-serif text-3xl text-slate-900 italic"
            >
              {name.trim() || 'Your name'}
            </p>
          )}
          {signatureError && (
            <p className="text-sm text-red-700" role="alert">
              {signatureError}
            </p>
          )}
        </fieldset>
        <p className="text-xs text-slate-600">
          By signing you accept quote {quote.number}, version {quote.version}, as shown above and in
          its PDF (SHA-256 <span className="break-all">{quote.documentSha256}</span>). We record
          your name, the time, your IP address and browser with your signature.
        </p>
        {failure && (
          <p className="text-sm text-red-700" role="alert">
            {messageOf(failure)}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeclining((d) => !d)}>
            Decline
          </Button>
          <Button onClick={submit} disabled={accept.isPending}>
            Sign and accept
          </Button>
        </div>
        {declining && (
          <div className="grid gap-3 border-t border-slate-200 pt-4">
            <FormField label="Why do you decline?" required>
              <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} />
            </FormField>
            <div className="flex justify-end">
              <Button
                variant="destructive"
                disabled={!reason.trim() || decline.isPending}
                onClick={() => decline.mutate(reason.trim())}
              >
                Decline quote
              </Button>
            </div>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
