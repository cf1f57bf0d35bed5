import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateTime } from '../../ui/date-time.tsx';
import type { Webhook, WebhookWithSecret } from '../../../shared/schemas/webhooks.ts';
import { apiRequest } from '../../lib/api.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { ConfirmItemDialog } from '../../ui/alert-dialog.tsx';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { EditDeleteButtons } from '../edit-delete-buttons.tsx';
import { Card, CardHeader } from '../../ui/card.tsx';
import { useStaffMutation } from '../api.ts';
import { PageHeader } from '../layout.tsx';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { QueryState } from '../query-state.tsx';
import { ListCard } from '../list-card.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { SecretShownDialog, WebhookDialog } from './webhook-dialog.tsx';
import { useStaffCan } from '../use-staff-can.ts';

const statusTone: Record<string, BadgeTone> = {
  delivered: 'green',
  pending: 'amber',
  failed: 'red',
};
const statusLabel: Record<string, string> = {
  delivered: 'Delivered',
  pending: 'Retrying',
  failed: 'Failed',
};

/** Issue 21: endpoints that receive the portal's events, and what happened to each delivery. */
export function WebhooksScreen() {
  // Refreshed while open: the last delivery changes as the worker sends.
  const webhooks = useQuery({ ...staffQueries.webhooks(), refetchInterval: 5000 });
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [shown, setShown] = useState<WebhookWithSecret | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const remove = useStaffMutation<Webhook>({
    request: (w) => apiRequest('DELETE', staffUrl(`webhooks/${w.id}`)),
    success: 'Webhook Deleted',
    failure: 'Failed to delete the webhook. Please try again.',
  });
  const test = useStaffMutation<Webhook>({
    request: (w) => apiRequest('POST', staffUrl(`webhooks/${w.id}/test`)),
    success: 'Test Event Sent',
    failure: 'Failed to send the test event. Please try again.',
  });
  // Endpoints are the admins' (ADR 058): the auditor reads them and their deliveries.
  const canManage = useStaffCan('integrations');
  const shownId = selected ?? webhooks.data?.[0]?.id ?? null;
  return (
    <>
      <PageHeader
        title="Webhooks"
        action={canManage && <Button onClick={() => setEditing('new')}>New Webhook</Button>}
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <Card>
          <CardHeader title="Endpoints" />
          <p className="px-5 pt-2 pb-4 text-sm text-slate-600">
            Each event is POSTed as JSON with{' '}
            <code>X-Signature: t=&lt;unix time&gt;,v1=&lt;HMAC-SHA256&gt;</code> over{' '}
            <code>&lt;t&gt;.&lt;body&gt;</code>. Failed deliveries are retried for 24 hours. A
            delivery can arrive twice (a retry after a lost answer, or a server stopped mid-send):
            both carry the same <code>X-Webhook-Delivery</code> id, so a receiver can ignore the
            repeat.
          </p>
          <QueryState query={webhooks} empty="No webhooks yet">
            {(rows) => (
              <DataTable
                caption="Webhook endpoints"
                columns={['URL', 'Events', 'Status', 'Last delivery', 'Actions']}
                wide={['Events']}
              >
                {rows.map((w) => (
                  <DataRow key={w.id} aria-selected={w.id === shownId}>
                    <td className={`${cell} max-w-xs break-all`}>{w.url}</td>
                    <td className={cell}>{w.events.join(', ')}</td>
                    <td className={cell}>
                      <Badge tone={w.active ? 'green' : 'gray'}>
                        {w.active ? 'Active' : 'Paused'}
                      </Badge>
                    </td>
                    <td className={`${cell} whitespace-nowrap`}>
                      {w.lastDelivery
                        ? `${statusLabel[w.lastDelivery.status] ?? w.lastDelivery.status}${w.lastDelivery.responseCode ? ` (${w.lastDelivery.responseCode})` : ''}`
                        : 'None yet'}
                    </td>
                    <td className={cell}>
                      <div className="flex flex-wrap gap-2">
                        {canManage && (
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => test.mutate(w)}
                            aria-label={`Send test event to ${w.url}`}
                          >
                            Send Test Event
                          </Button>
                        )}
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setSelected(w.id)}
                          aria-label={`Show deliveries of ${w.url}`}
                        >
                          Deliveries
                        </Button>
                        {canManage && (
                          <EditDeleteButtons
                            name={w.url}
                            onEdit={() => setEditing(w)}
                            onDelete={() => setDeleting(w)}
                          />
                        )}
                      </div>
                    </td>
                  </DataRow>
                ))}
              </DataTable>
            )}
          </QueryState>
        </Card>
        {shownId && (
          <DeliveryLog webhook={webhooks.data?.find((w) => w.id === shownId)} webhookId={shownId} />
        )}
      </div>
      {editing && (
        <WebhookDialog
          webhook={editing === 'new' ? undefined : editing}
          onCreated={setShown}
          onClose={() => setEditing(null)}
        />
      )}
      {shown && <SecretShownDialog webhook={shown} onClose={() => setShown(null)} />}
      <ConfirmItemDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="Delete this webhook?"
        description={(w) => `Nothing more is sent to ${w.url}, and its delivery log is deleted.`}
        confirmLabel="Delete"
        onConfirm={(w) => remove.mutate(w)}
      />
    </>
  );
}

/**
 * The endpoint's deliveries, newest first, read in pages (issue 20) and refreshed while the
 * screen is open; older ones load as the log scrolls.
 */
function DeliveryLog({ webhookId, webhook }: { webhookId: string; webhook?: Webhook }) {
  const deliveries = usePagedList({
    ...staffQueries.webhookDeliveries(webhookId),
    refetchInterval: 3000,
  });
  return (
    <ListCard
      title="Delivery Log"
      top={
        webhook && <p className="px-5 pt-2 pb-4 text-sm break-all text-slate-600">{webhook.url}</p>
      }
      pages={deliveries}
      empty="No deliveries yet"
      what="deliveries"
    >
      {(rows) => (
        <DataTable
          caption="Deliveries"
          columns={['Event', 'Status', 'Response', 'Time', 'Attempts', 'Queued']}
        >
          {rows.map((d) => (
            <DataRow key={d.id}>
              <td className={cell}>
                <code>{d.type}</code>
              </td>
              <td className={cell}>
                <Badge tone={statusTone[d.status] ?? 'gray'}>
                  {statusLabel[d.status] ?? d.status}
                </Badge>
                {d.lastError && <span className="ml-2 text-xs text-slate-600">{d.lastError}</span>}
              </td>
              <td className={cell}>{d.responseCode ?? '—'}</td>
              <td className={`${cell} whitespace-nowrap`}>
                {d.responseMs === null ? '—' : `${d.responseMs} ms`}
              </td>
              <td className={cell}>{d.attempts}</td>
              <td className={cell}>
                <DateTime value={d.createdAt} />
              </td>
            </DataRow>
          ))}
        </DataTable>
      )}
    </ListCard>
  );
}
