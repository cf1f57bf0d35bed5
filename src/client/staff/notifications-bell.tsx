import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../shared/routes.ts';
import {
  staffNoticeTitle,
  type StaffNotification,
} from '../../shared/schemas/staff-notifications.ts';
import { staffQueries, staffUrl } from '../lib/staff-queries.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { DateTime } from '../ui/date-time.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';
import { sendJson, useStaffMutation } from './api.ts';

/** The sweep runs each minute: the bell asks as often. */
const REFRESH_MS = 60_000;

/**
 * The header's bell (ADR 064): how many SLA notices are unread, and the recent ones in a
 * dialog; opening a notice goes to its ticket's own screen and marks it read.
 */
export function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const notices = useQuery({ ...staffQueries.notifications(), refetchInterval: REFRESH_MS });
  const markRead = useStaffMutation<{ ids: string[] } | { all: true }>({
    request: (body) => sendJson('POST', staffUrl('notifications/read'), body),
    success: 'Notifications Marked Read',
    failure: 'Failed to mark the notifications read. Please try again.',
  });
  const unread = notices.data?.unread ?? 0;
  const items = notices.data?.items ?? [];
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <button
          type="button"
          className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100"
          aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <Bell aria-hidden className="h-5 w-5" />
          {unread > 0 && (
            <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </button>
      </DialogTrigger>
      <DialogContent title="Notifications" description="SLA warnings and breaches of your tickets.">
        {items.length === 0 ? (
          <p className="text-sm text-slate-600">No notifications</p>
        ) : (
          <ul className="-mx-2 grid gap-1" aria-label="Recent notifications">
            {items.map((n) => (
              <NoticeItem
                key={n.id}
                notice={n}
                onOpen={() => {
                  if (!n.readAt) markRead.mutate({ ids: [n.id] });
                  setOpen(false);
                }}
              />
            ))}
          </ul>
        )}
        {unread > 0 && (
          <div className="mt-4">
            <Button
              variant="secondary"
              disabled={markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              Mark All Read
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function NoticeItem({ notice: n, onOpen }: { notice: StaffNotification; onOpen: () => void }) {
  return (
    <li>
      <Link
        href={paths.staffTicket(n.ticketId)}
        onClick={onOpen}
        className={cn(
          'grid gap-1 rounded-md p-2 text-sm hover:bg-slate-50',
          !n.readAt && 'bg-blue-50/60',
        )}
      >
        <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {n.kind === 'breach' ? (
            <Badge tone="red">Breached</Badge>
          ) : (
            <Badge tone="amber">At risk</Badge>
          )}
          {staffNoticeTitle(n)}
        </span>
        <span className="break-words text-slate-700">
          {n.subject} · {n.companyName}
        </span>
        <span className="text-xs text-slate-500">
          Due <DateTime value={n.dueAt} /> · {n.readAt ? 'Read' : 'Unread'}
        </span>
      </Link>
    </li>
  );
}
