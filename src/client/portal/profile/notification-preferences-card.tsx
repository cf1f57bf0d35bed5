import { useId, useState } from 'react';
import { can, type CompanyRole, type Permission } from '../../../shared/permissions.ts';
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

type Item = { key: Key; label: string; hint: string };

const invoices: Item = {
  key: 'emailInvoices',
  label: 'Invoices',
  hint: 'New invoices and payment reminders',
};
const projects: Item = {
  key: 'emailProjects',
  label: 'Projects',
  hint: 'Milestones and project status changes',
};
/** The projects switch as a role without projects knows it: it announces only documents. */
const documents: Item = {
  key: 'emailProjects',
  label: 'Documents',
  hint: 'New compliance, training and other documents',
};
const otherEmails: Item[] = [
  { key: 'emailTickets', label: 'Tickets', hint: 'Replies and status changes on your tickets' },
  { key: 'emailMaintenance', label: 'Maintenance', hint: 'Scheduled maintenance windows' },
  // No SMS sender is configured (ADR 079): urgent alerts go by e-mail, and the text-message
  // switches stay hidden (the whole set is still saved, with the values the server holds).
  { key: 'smsUrgent', label: 'Urgent alerts', hint: 'Critical incidents affecting your sites' },
];

/**
 * The switches that mean something to someone of these roles (the roles of all their
 * companies: the switches are the user's). Mails of a kind go only to roles that see it
 * (ADR 034): invoice mails to admin and billing, and to a role without projects the projects
 * switch announces only the documents everyone sees (review V11).
 */
function groupsFor(roles: readonly CompanyRole[]): Array<{ title: string; items: Item[] }> {
  const anyRole = (permission: Permission) => roles.some((r) => can(r, permission));
  const email = [
    ...(anyRole('invoices') ? [invoices] : []),
    anyRole('projects') ? projects : documents,
    ...otherEmails,
  ];
  return [{ title: 'Email Notifications', items: email }];
}

/**
 * The e-mail switches (the SMS ones hidden: no SMS sender, ADR 079); each toggle saves at once
 * with the whole set of six (spec section 4).
 * A failed save puts the switch back to the value the server holds.
 */
export function NotificationPreferencesCard({
  saved,
  roles,
}: {
  saved: NotificationPreferences;
  roles: readonly CompanyRole[];
}) {
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
        {groupsFor(roles).map((g) => (
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
            {g.title === 'Email Notifications' && (
              <DigestRow kinds={g.items.map((i) => i.label.toLowerCase())} />
            )}
          </fieldset>
        ))}
      </CardBody>
    </Card>
  );
}

/** Issue 21: invoice, project and maintenance mails gathered into one mail a day. */
function DigestRow({ kinds }: { kinds: string[] }) {
  const delivery = useNotificationDelivery();
  const update = useUpdateNotificationDelivery();
  if (!delivery.data) return null;
  return (
    <PreferenceRow
      label="Daily digest"
      hint={`One e-mail a day instead of one per ${digestKinds(kinds)} update`}
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

/**
 * The digest gathers invoice, project (or document) and maintenance mails, not tickets nor
 * urgent alerts (those never wait).
 */
function digestKinds(labels: string[]): string {
  const words = labels
    .filter((l) => l !== 'tickets' && l !== 'urgent alerts')
    .map((l) => (l.endsWith('s') ? l.slice(0, -1) : l));
  return words.length > 1
    ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`
    : (words[0] ?? '');
}
