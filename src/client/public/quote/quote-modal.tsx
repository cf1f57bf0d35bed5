import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { HONEYPOT_FIELD } from '../../../shared/honeypot.ts';
import { quoteSchema } from '../../../shared/schemas/quote.ts';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogActions, DialogContent } from '../../ui/dialog.tsx';
import { HoneypotInput } from '../forms/honeypot-input.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { QuoteFields, type QuoteField } from './quote-fields.tsx';

/** Spec section 9: the success view closes the modal after 3000 ms. */
export const QUOTE_SUCCESS_CLOSE_MS = 3000;
const FALLBACK_ERROR = 'Failed to submit quote request. Please try again.';
const loadSchema = async () => quoteSchema;

/**
 * The quote modal of the service pages (spec sections 2, 4 and 8): form, "Submitting..."
 * with every button disabled, then the "Thank you!" view or an inline error banner.
 */
export default function QuoteModal({
  service,
  open,
  onOpenChange,
}: {
  service: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useSchemaForm(loadSchema, {
    name: '',
    email: '',
    company: '',
    phone: '',
    service,
    details: '',
    [HONEYPOT_FIELD]: '',
  });
  const [succeeded, setSucceeded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: (body: Record<string, unknown>) => apiRequest('POST', '/api/quote', body),
    onSuccess: () => {
      setSucceeded(true);
      form.reset();
    },
    onError: (err) => setError((err instanceof ApiError && err.serverMessage) || FALLBACK_ERROR),
  });
  const pending = submit.isPending;

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => {
      setSucceeded(false);
      onOpenChange(false);
    }, QUOTE_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [succeeded, onOpenChange]);

  // Cancel, Escape, the close button and a click outside all land here.
  const handleOpenChange = (next: boolean) => {
    if (next) return onOpenChange(true);
    if (pending) return;
    setSucceeded(false);
    setError(null);
    form.reset();
    onOpenChange(false);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const body = await form.validate();
    if (body) submit.mutate(body);
  };

  const field = (name: QuoteField) => ({
    name,
    value: form.values[name],
    onChange: (e: { target: { value: string } }) => form.setField(name, e.target.value),
    disabled: pending,
  });

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        closeDisabled={pending}
        title="Request a Quote"
        description={`Get a customized quote for ${service}. Fill out the form below and we'll get back to you within 24 hours.`}
      >
        {succeeded ? (
          <div role="status" className="grid justify-items-center gap-2 py-8 text-center">
            <CheckCircle2 className="h-12 w-12 text-green-700" aria-hidden />
            <p className="text-xl font-semibold text-slate-900">Thank you!</p>
            <p className="text-slate-600">We'll get back to you shortly.</p>
          </div>
        ) : (
          <form noValidate onSubmit={onSubmit} className="relative grid gap-4">
            {error && (
              <div
                role="alert"
                className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
              >
                {error}
              </div>
            )}
            <QuoteFields service={service} errors={form.errors} control={field} />
            <HoneypotInput
              value={form.values[HONEYPOT_FIELD]}
              onChange={(v) => form.setField(HONEYPOT_FIELD, v)}
            />
            <DialogActions>
              <Button
                type="button"
                variant="secondary"
                disabled={pending}
                onClick={() => handleOpenChange(false)}
              >
                Cancel
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? 'Submitting...' : 'Submit Request'}
              </Button>
            </DialogActions>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
