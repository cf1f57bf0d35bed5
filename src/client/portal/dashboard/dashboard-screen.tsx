import type { QueryClient } from '@tanstack/react-query';
import { Clock, DollarSign, FolderKanban, Ticket } from 'lucide-react';
import { formatCurrency } from '../../../shared/format.ts';
import { useAuth } from '../../lib/auth.ts';
import { can } from '../../../shared/permissions.ts';
import { portalQueries } from '../../lib/portal-queries.ts';
import { showsReadFailure } from '../../lib/query-client.ts';
import { NoCompany, QueryError, ScreenSkeleton } from '../shared/query-state.tsx';
import { StatCard, StatGrid, oddLastCardFillsFromLg } from '../shared/stat-card.tsx';
import { cn } from '../../ui/cn.ts';
import { useCompanyQuery, type PortalCompany } from '../shared/use-company-query.ts';
import {
  ActiveProjectsCard,
  RecentActivityCard,
  RecentInvoicesCard,
  RecentTicketsCard,
} from './dashboard-cards.tsx';

/** What the screen reads first, asked for before it opens (its entry hovered or focused). */
export function prefetchDashboard(client: QueryClient, company: PortalCompany) {
  void client.prefetchQuery(portalQueries.dashboard(company.id));
  void client.prefetchQuery(portalQueries.activities(company.id));
}

export function DashboardScreen() {
  const { user } = useAuth();
  const dashboard = useCompanyQuery(portalQueries.dashboard);
  const activities = useCompanyQuery(portalQueries.activities);
  const company = dashboard.company;

  let content;
  if (!company) content = <NoCompany />;
  else if (dashboard.isPending) content = <ScreenSkeleton rows={8} />;
  else if (dashboard.isError)
    content = (
      <QueryError
        error={dashboard.error}
        what="dashboard"
        onRetry={() => void dashboard.refetch()}
      />
    );
  else {
    const data = dashboard.data;
    // A company with no rows gets zeros from the server: the spec's fallback stats.
    const stats = data.stats;
    content = (
      <div className="grid gap-6">
        <StatGrid>
          {stats.outstandingBalance !== undefined && (
            <StatCard
              label="Outstanding Balance"
              value={formatCurrency(stats.outstandingBalance)}
              icon={DollarSign}
            />
          )}
          <StatCard label="Active Projects" value={stats.activeProjects} icon={FolderKanban} />
          <StatCard label="Open Tickets" value={stats.openTickets} icon={Ticket} />
          <StatCard label="This Month's Hours" value={stats.monthlyHours} icon={Clock} />
        </StatGrid>
        {/* Billing and technical see three cards: the last takes the line. */}
        <div className={cn('grid gap-6 lg:grid-cols-2', oddLastCardFillsFromLg)}>
          {/* Issue 18: a card the role may not see does not come from the server. */}
          {data.recentInvoices && (
            <RecentInvoicesCard invoices={data.recentInvoices} company={company.name} />
          )}
          {data.activeProjects && (
            <ActiveProjectsCard projects={data.activeProjects} company={company.name} />
          )}
          <RecentTicketsCard
            tickets={data.recentTickets}
            company={company.name}
            ownOnly={!can(company.role, 'allTickets')}
          />
          <RecentActivityCard
            activities={activities.data}
            role={company.role}
            company={company.name}
            isPending={activities.isPending}
            failed={showsReadFailure(activities.error)}
            onRetry={() => void activities.refetch()}
          />
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">
          Welcome back, {user?.firstName || 'User'}
        </h1>
        {company && (
          <p className="mt-1 text-sm text-slate-600">Here is an overview of {company.name}.</p>
        )}
      </div>
      {content}
    </div>
  );
}
