import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { HONEYPOT_FIELD } from '../../../shared/honeypot.ts';
import { CONTACT_FORM_ANCHOR, type ContactIslandProps } from '../../../shared/islands.ts';
import { apiRequest } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input, Textarea } from '../../ui/input.tsx';
import { FormNotice } from '../forms/form-notice.tsx';
import { HoneypotInput } from '../forms/honeypot-input.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';

const empty = { name: '', email: '', company: '', phone: '', message: '', [HONEYPOT_FIELD]: '' };
type Field = keyof typeof empty;

const loadSchema = () => import('../../../shared/schemas/contact.ts').then((m) => m.contactSchema);

/**
 * Spec sections 4, 5 and 8: idle, "Sending..." (disabled), then a success toast and a
 * reset form, or a destructive toast with the entered data kept. Before its island is
 * hydrated (or without JavaScript) it is a plain form posted to the page, which the
 * server answers with the page, the messages and the outcome (`answer`).
 */
export function ContactForm({ rows, action, answer }: ContactIslandProps) {
  const form = useSchemaForm<Field, Record<string, unknown>>(loadSchema, empty, answer);
  const [notice, setNotice] = useState(answer?.notice);
  const send = useMutation({
    mutationFn: (body: Record<string, unknown>) => apiRequest('POST', '/api/contact', body),
    onSuccess: () => {
      toast({ title: 'Message sent!', description: "We'll get back to you within 24 hours." });
      form.reset();
    },
    meta: { failureToast: 'Failed to send message. Please try again.' },
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(undefined);
    const body = await form.validate();
    if (body) send.mutate(body);
  };

  const field = (name: Field) => ({
    name,
    value: form.values[name],
    onChange: (e: { target: { value: string } }) => form.setField(name, e.target.value),
    disabled: send.isPending,
  });

  return (
    <form
      id={CONTACT_FORM_ANCHOR}
      method="post"
      action={`${action}#${CONTACT_FORM_ANCHOR}`}
      noValidate
      data-live-form
      onSubmit={onSubmit}
      onFocus={form.prepare}
      className="relative grid scroll-mt-24 gap-4"
    >
      <FormNotice notice={notice} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" required error={form.errors.name}>
          <Input autoComplete="name" {...field('name')} />
        </FormField>
        <FormField label="Email" required error={form.errors.email}>
          <Input type="email" autoComplete="email" {...field('email')} />
        </FormField>
        <FormField label="Company" error={form.errors.company}>
          <Input autoComplete="organization" {...field('company')} />
        </FormField>
        <FormField label="Phone" error={form.errors.phone}>
          <Input type="tel" autoComplete="tel" {...field('phone')} />
        </FormField>
      </div>
      <FormField label="Message" required error={form.errors.message}>
        <Textarea rows={rows} {...field('message')} />
      </FormField>
      <HoneypotInput
        value={form.values[HONEYPOT_FIELD]}
        onChange={(v) => form.setField(HONEYPOT_FIELD, v)}
      />
      <div>
        <Button type="submit" size="lg" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
