import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Activity, ActivityType, DashboardTicket } from '../../../shared/schemas/dashboard.ts';
import type { Invoice } from '../../../shared/schemas/invoices.ts';
import type { Project } from '../../../shared/schemas/projects.ts';
import type { CompanyRole } from '../../../shared/permissions.ts';
import {
  formatCurrency,
  formatDate,
  formatDateTime,
  formatProjectStart,
} from '../../../shared/format.ts';
import { paths } from '../../../shared/routes.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
import { cn } from '../../ui/cn.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { sampleInvoices } from '../shared/sample-invoices.ts';
import { sampleProjects } from '../shared/sample-projects.ts';
import { ProgressBar } from '../shared/progress-bar.tsx';
import { SampleNotice, rowsOrSample } from '../shared/sample-notice.tsx';
import { useCompanyHref } from '../shared/use-company-query.ts';
import { sampleActivitiesFor, sampleTickets } from '../shared/sample-dashboard.ts';

function ViewLink({ href, children }: { href: string; children: string }) {
  // Keeps the chosen company (issue 18).
  const hrefOf = useCompanyHref();
  return (
    <Link href={hrefOf(href)} className="text-sm font-medium text-brand-700 hover:underline">
      {children}
    </Link>
  );
}

/**
 * One dashboard list: the company's rows, or the marked sample rows when it has none.
 * `what` names the rows in the sample notice.
 */
function ListCard<T extends { id: string }>({
  title,
  link,
  rows: realRows,
  sample,
  company,
  what,
  itemClassName,
  renderItem,
  empty,
}: {
  title: string;
  link: { href: string; label: string };
  rows: readonly T[];
  sample: readonly T[];
  company: string;
  what: string;
  itemClassName: string;
  renderItem: (row: T) => ReactNode;
  /** Said when there are no rows and no sample to show. */
  empty?: string;
}) {
  const { rows, isSample } = rowsOrSample(realRows, sample);
  return (
    <Card>
      <CardHeader title={title} action={<ViewLink href={link.href}>{link.label}</ViewLink>} />
      <CardBody className="grid gap-3">
        {isSample && <SampleNotice compact company={company} what={what} />}
        {rows.length === 0 && empty && <p className="text-sm text-slate-600">{empty}</p>}
        <ul className="divide-y divide-slate-100">
          {rows.map((row) => (
            <li key={row.id} className={itemClassName}>
              {renderItem(row)}
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

const rowItem = 'flex items-center justify-between gap-3 py-2';

export function RecentInvoicesCard({
  invoices,
  company,
}: {
  invoices: Invoice[];
  company: string;
}) {
  return (
    <ListCard
      title="Recent Invoices"
      link={{ href: paths.invoices, label: 'View All' }}
      rows={invoices}
      sample={sampleInvoices}
      company={company}
      what="invoices"
      itemClassName={rowItem}
      renderItem={(inv) => (
        <>
          <div>
            <p className="text-sm font-medium text-slate-900">{inv.number}</p>
            <p className="text-xs text-slate-600">Due {formatDate(inv.dueDate)}</p>
          </div>
          <div className="flex items-center gap-3">
            <span className="text-sm font-semibold">{formatCurrency(inv.amount)}</span>
            <StatusBadge kind="invoice" value={inv.status} />
          </div>
        </>
      )}
    />
  );
}

/** The card lists active projects only, real or sample (the server's list is in-progress ones). */
const sampleActiveProjects = sampleProjects.filter((p) => p.status === 'in-progress');

export function ActiveProjectsCard({
  projects,
  company,
}: {
  projects: Project[];
  company: string;
}) {
  return (
    <ListCard
      title="Active Projects"
      link={{ href: paths.projects, label: 'View All' }}
      rows={projects}
      sample={sampleActiveProjects}
      company={company}
      what="active projects"
      itemClassName="grid gap-2 py-3"
      renderItem={(p) => (
        <>
          <div className="flex items-center justify-between gap-3">
            <div>
              <p className="text-sm font-medium text-slate-900">{p.name}</p>
              <p className="text-xs text-slate-600">{formatProjectStart(p.startDate)}</p>
            </div>
            <StatusBadge kind="project" value={p.status} />
          </div>
          <ProgressBar value={p.progress} label={`${p.name} progress`} />
        </>
      )}
    />
  );
}

export function RecentTicketsCard({
  tickets,
  company,
  ownOnly = false,
}: {
  tickets: DashboardTicket[];
  company: string;
  /** Issue 18: the reader sees only their own tickets, so "the company has none" is not so. */
  ownOnly?: boolean;
}) {
  return (
    <ListCard
      title="Recent Tickets"
      link={{ href: paths.tickets, label: 'New Ticket' }}
      rows={tickets}
      sample={ownOnly ? [] : sampleTickets}
      empty="You have no tickets yet. Raise one whenever you need help."
      company={company}
      what="tickets"
      itemClassName={rowItem}
      renderItem={(t) => (
        <>
          <div>
            <p className="text-sm font-medium text-slate-900">{t.subject}</p>
            <p className="text-xs text-slate-600">
              {t.id.toUpperCase()} · {formatDateTime(t.createdAt)}
            </p>
          </div>
          <StatusBadge kind="priority" value={t.priority} />
        </>
      )}
    />
  );
}

const dotColor: Record<ActivityType, string> = {
  payment: 'bg-green-600',
  milestone: 'bg-blue-600',
  ticket: 'bg-amber-500',
  document: 'bg-purple-600',
  other: 'bg-slate-400',
};

export function RecentActivityCard({
  activities,
  role,
  company,
  isPending,
  failed,
  onRetry,
}: {
  activities: Activity[] | undefined;
  role: CompanyRole;
  company: string;
  isPending: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { rows, isSample } = rowsOrSample(activities, sampleActivitiesFor(role));
  return (
    <Card>
      <CardHeader title="Recent Activity" />
      <CardBody className="grid gap-3">
        {isPending ? (
          <Skeleton className="h-24" />
        ) : failed ? (
          <div role="alert" className="flex items-center justify-between gap-3 text-sm">
            <span>We couldn't load the recent activity.</span>
            <Button size="sm" variant="secondary" onClick={onRetry}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            {isSample && <SampleNotice compact company={company} what="activity" />}
            <ul className="grid gap-3">
              {rows.map((a) => (
                <li key={a.id} className="flex items-start gap-3">
                  <span
                    className={cn('mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full', dotColor[a.type])}
                    data-type={a.type}
                    aria-hidden
                  />
                  <div>
                    <p className="text-sm text-slate-900">
                      <span className="sr-only">{a.type}: </span>
                      {a.title}
                    </p>
                    <p className="text-xs text-slate-600">{formatDate(a.createdAt)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardBody>
    </Card>
  );
}
