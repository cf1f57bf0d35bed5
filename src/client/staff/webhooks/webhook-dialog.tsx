import {
  domainEventTypes,
  webhookInputSchema,
  type Webhook,
  type WebhookWithSecret,
} from '../../../shared/schemas/webhooks.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import { ShownOnceDialog } from '../shown-once.tsx';

/** A new endpoint (`webhook` absent) or an edit of one; a new one's secret goes to `onCreated`. */
export function WebhookDialog({
  webhook,
  onCreated,
  onClose,
}: {
  webhook?: Webhook;
  onCreated?: (created: WebhookWithSecret) => void;
  onClose: () => void;
}) {
  return (
    <FormDialog
      title={webhook ? 'Edit webhook' : 'New Webhook'}
      description="Each event is sent as a signed JSON POST to this URL."
      schema={webhookInputSchema}
      defaultValues={{
        url: webhook?.url ?? '',
        events: (webhook?.events ?? []) as (typeof domainEventTypes)[number][],
        active: webhook?.active ?? true,
      }}
      request={(body) =>
        webhook
          ? sendJson<Webhook & { secret?: string }>('PUT', staffUrl(`webhooks/${webhook.id}`), body)
          : sendJson<WebhookWithSecret>('POST', staffUrl('webhooks'), body)
      }
      success={webhook ? 'Webhook Saved' : 'Webhook Created'}
      failure="Failed to save the webhook. Please try again."
      onSaved={(saved) => {
        if (saved.secret) onCreated?.({ ...saved, secret: saved.secret });
      }}
      submitLabel={webhook ? 'Save' : 'Create Webhook'}
      onClose={onClose}
    >
      {({ register, formState: { errors } }) => (
        <>
          <FormField label="URL" required error={errors.url?.message}>
            <Input placeholder="https://example.com/webhooks/portal" {...register('url')} />
          </FormField>
          <fieldset aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-700">Events</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {domainEventTypes.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" value={type} className="h-4 w-4" {...register('events')} />
                  <code>{type}</code>
                </label>
              ))}
            </div>
            {errors.events && (
              <p id="webhook-events-error" className="mt-1 text-sm text-red-700">
                {errors.events.message}
              </p>
            )}
          </fieldset>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="h-4 w-4" {...register('active')} />
            Active: send events to this endpoint
          </label>
        </>
      )}
    </FormDialog>
  );
}

/** The signing secret, once: receivers need it to verify `X-Signature`. */
export function SecretShownDialog({
  webhook,
  onClose,
}: {
  webhook: WebhookWithSecret;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog
      title="Copy the Signing Secret"
      description="This is the only time it is shown. The receiver checks each delivery's X-Signature with it."
      label={`Secret for ${webhook.url}`}
      secret={webhook.secret}
      onClose={onClose}
    />
  );
}
