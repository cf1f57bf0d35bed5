import { CheckCircle2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { QUOTE_FORM_ANCHOR, type QuoteIslandProps } from '../../../shared/islands.ts';
import { Button } from '../../ui/button.tsx';
import { HoneypotInput } from '../forms/honeypot-input.tsx';
import { QuoteFields } from './quote-fields.tsx';

// The dialog and its form load when a visitor first points at the button.
const QuoteModal = lazy(() => import('./quote-modal.tsx'));
const BUTTON_ID = 'request-quote-button';

/**
 * "Request a Quote" of the service pages. It is a link to the quote form on the same page
 * (`#request-quote`, shown by CSS `:target` as an overlay), so it works before hydration
 * and without JavaScript; hydrated, the link opens the spec's modal instead.
 */
export default function QuoteIsland({ service, action, answer }: QuoteIslandProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button asChild size="lg" className="bg-white text-brand-900 hover:bg-blue-50">
        <a
          id={BUTTON_ID}
          href={`#${QUOTE_FORM_ANCHOR}`}
          onPointerEnter={() => setWanted(true)}
          onFocus={() => setWanted(true)}
          onClick={(e) => {
            e.preventDefault();
            setWanted(true);
            setOpen(true);
          }}
        >
          Request a Quote
        </a>
      </Button>
      <PlainQuoteForm service={service} action={action} answer={answer} />
      {wanted && (
        <Suspense fallback={null}>
          <QuoteModal service={service} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

/** The quote form as a plain HTML form in a CSS-only overlay: what works without JavaScript. */
function PlainQuoteForm({ service, action, answer }: QuoteIslandProps) {
  const titleId = `${QUOTE_FORM_ANCHOR}-title`;
  const close = (
    <Button asChild variant="secondary">
      <a href={`#${BUTTON_ID}`}>{answer?.notice?.kind === 'success' ? 'Close' : 'Cancel'}</a>
    </Button>
  );
  return (
    <section
      id={QUOTE_FORM_ANCHOR}
      aria-labelledby={titleId}
      className="fixed inset-0 z-50 hidden items-start justify-center overflow-y-auto bg-slate-900/50 p-4 text-left text-slate-900 target:flex sm:items-center"
    >
      <div className="w-full max-w-lg rounded-lg bg-white p-6 shadow-xl">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Request a Quote
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Get a customized quote for {service}. Fill out the form below and we'll get back to you
          within 24 hours.
        </p>
        {answer?.notice?.kind === 'success' ? (
          <div role="status" className="mt-4 grid justify-items-center gap-2 py-8 text-center">
            <CheckCircle2 className="h-12 w-12 text-green-700" aria-hidden />
            <p className="text-xl font-semibold text-slate-900">Thank you!</p>
            <p className="text-slate-600">We'll get back to you shortly.</p>
            <div className="mt-4">{close}</div>
          </div>
        ) : (
          <form
            method="post"
            action={`${action}#${QUOTE_FORM_ANCHOR}`}
            noValidate
            className="relative mt-4 grid gap-4"
          >
            {answer?.notice && (
              <div
                role="alert"
                className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
              >
                {answer.notice.text}
              </div>
            )}
            <QuoteFields
              service={service}
              errors={answer?.errors ?? {}}
              control={(name) => ({ name, defaultValue: answer?.values[name] ?? '' })}
            />
            <HoneypotInput defaultValue="" />
            <div className="flex justify-end gap-2">
              {close}
              <Button type="submit">Submit Request</Button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
