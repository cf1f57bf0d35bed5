import { useId, useState } from 'react';
import type { NotificationPreferences } from '../../../shared/schemas/auth.ts';
import { toast } from '../../lib/toast.ts';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
import { Switch } from '../../ui/switch.tsx';
import {
  useNotificationDelivery,
  useUpdateNotificationDelivery,
  useUpdateNotifications,
} from './api.ts';

type Key = keyof NotificationPreferences;

const groups: Array<{ title: string; items: Array<{ key: Key; label: string; hint: string }> }> = [
  {
    title: 'Email Notifications',
    items: [
      { key: 'emailInvoices', label: 'Invoices', hint: 'New invoices and payment reminders' },
      { key: 'emailProjects', label: 'Projects', hint: 'Milestones and project status changes' },
      { key: 'emailTickets', label: 'Tickets', hint: 'Replies and status changes on your tickets' },
      { key: 'emailMaintenance', label: 'Maintenance', hint: 'Scheduled maintenance windows' },
    ],
  },
  {
    title: 'SMS Notifications',
    items: [
      { key: 'smsUrgent', label: 'Urgent alerts', hint: 'Critical incidents affecting your sites' },
      { key: 'smsTickets', label: 'Ticket updates', hint: 'Text messages when a ticket changes' },
    ],
  },
];

/**
 * Six switches; each toggle saves at once with the whole set (spec section 4).
 * A failed save puts the switch back to the value the server holds.
 */
export function NotificationPreferencesCard({ saved }: { saved: NotificationPreferences }) {
  const [prefs, setPrefs] = useState(saved);
  const update = useUpdateNotifications();

  const toggle = (key: Key, value: boolean) => {
    const next = { ...prefs, [key]: value };
    setPrefs(next);
    update.mutate(next, {
      onSuccess: () => toast({ title: 'Settings Updated' }),
      onError: () => setPrefs((current) => ({ ...current, [key]: saved[key] })),
    });
  };

  return (
    <Card role="region" aria-label="Notification Preferences">
      <CardHeader title="Notification Preferences" />
      <CardBody className="grid gap-6">
        {groups.map((g) => (
          <fieldset key={g.title} className="grid gap-4">
            <legend className="mb-2 text-sm font-semibold text-slate-900">{g.title}</legend>
            {g.items.map((item) => (
              <PreferenceRow
                key={item.key}
                label={item.label}
                hint={item.hint}
                checked={prefs[item.key]}
                onChange={(value) => toggle(item.key, value)}
              />
            ))}
            {g.title === 'Email Notifications' && <DigestRow />}
          </fieldset>
        ))}
      </CardBody>
    </Card>
  );
}

/** Issue 21: invoice, project and maintenance mails gathered into one mail a day. */
function DigestRow() {
  const delivery = useNotificationDelivery();
  const update = useUpdateNotificationDelivery();
  if (!delivery.data) return null;
  return (
    <PreferenceRow
      label="Daily digest"
      hint="One e-mail a day instead of one per invoice, project or maintenance update"
      checked={(update.isPending ? update.variables : delivery.data.delivery) === 'daily'}
      onChange={(value) =>
        update.mutate(value ? 'daily' : 'each', {
          onSuccess: () => toast({ title: 'Settings Updated' }),
        })
      }
    />
  );
}

function PreferenceRow(props: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {props.label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {props.hint}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-hint`}
        checked={props.checked}
        onCheckedChange={props.onChange}
      />
    </div>
  );
}
