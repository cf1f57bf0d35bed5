import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../shared/routes.ts';
import {
  staffNoticeText,
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
 * The header's bell (ADRs 064, 075): how many notices are unread, and the recent ones in a
 * dialog; opening a notice goes to its ticket's own screen (or its company's page, for an
 * agreement or a quote) and marks it read.
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
      <DialogContent
        title="Notifications"
        description="SLA warnings of your tickets, agreements' hours and renewals, and quotes decided."
      >
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

/** Where a notice opens: its ticket's screen (ADR 064), or the company page that keeps its agreement or quote. */
function hrefOf(n: StaffNotification) {
  return n.about === 'ticket' ? paths.staffTicket(n.ticketId) : paths.staffCustomer(n.customerId);
}

function NoticeBadge({ notice: n }: { notice: StaffNotification }) {
  switch (n.kind) {
    case 'breach':
      return <Badge tone="red">Breached</Badge>;
    case 'warning':
      return <Badge tone="amber">At risk</Badge>;
    case 'agreement-used-80':
      return <Badge tone="amber">Hours low</Badge>;
    case 'agreement-used-100':
      return <Badge tone="red">Hours used up</Badge>;
    case 'agreement-renewal':
      return <Badge tone="blue">Renewal due</Badge>;
    case 'quote-accepted':
      return <Badge tone="green">Quote accepted</Badge>;
    case 'quote-declined':
      return <Badge tone="gray">Quote declined</Badge>;
  }
}

/** The notice's second line: what it is about, and whose. */
function aboutOf(n: StaffNotification) {
  switch (n.about) {
    case 'ticket':
      return n.subject;
    case 'agreement':
      return 'Agreement';
    case 'quote':
      return n.quoteTitle;
  }
}

function NoticeItem({ notice: n, onOpen }: { notice: StaffNotification; onOpen: () => void }) {
  return (
    <li>
      <Link
        href={hrefOf(n)}
        onClick={onOpen}
        className={cn(
          'grid gap-1 rounded-md p-2 text-sm hover:bg-slate-50',
          !n.readAt && 'bg-blue-50/60',
        )}
      >
        <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <NoticeBadge notice={n} />
          {staffNoticeText(n)}
        </span>
        <span className="break-words text-slate-700">
          {aboutOf(n)} · {n.companyName}
        </span>
        <span className="text-xs text-slate-500">
          {n.about === 'ticket' ? (
            <>
              Due <DateTime value={n.dueAt} />
            </>
          ) : (
            <DateTime value={n.createdAt} />
          )}{' '}
          · {n.readAt ? 'Read' : 'Unread'}
        </span>
      </Link>
    </li>
  );
}
