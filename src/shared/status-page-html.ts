// The live `/system-status` page (issue 43 item 3, ADR 079): HTML the server writes into the
// prerendered public template (the help center's, ADR 078) on each request, so it reads without
// JavaScript and always shows the state the database holds.
import { company } from './company.ts';
import { escapeHtml, type HelpPage } from './help-center.ts';
import { paths } from './routes.ts';
import { zonedTime } from './zoned-time.ts';
import {
  componentStateLabels,
  incidentImpactLabels,
  incidentStatusLabels,
  type ComponentState,
  type Incident,
  type Maintenance,
  type StatusComponent,
} from './schemas/status-page.ts';

export type StatusView = {
  overall: ComponentState;
  components: StatusComponent[];
  openIncidents: Incident[];
  maintenance: Maintenance[];
  pastIncidents: Incident[];
  pastMaintenance: Maintenance[];
  historyDays: number;
};

const headline: Record<ComponentState, string> = {
  operational: 'All Systems Operational',
  maintenance: 'Maintenance in Progress',
  degraded: 'Some Systems Degraded',
  'partial-outage': 'Partial Outage',
  'major-outage': 'Major Outage',
};

/** Text and background per state: the colour is never the only sign (the label says it). */
const tone: Record<ComponentState, string> = {
  operational: 'bg-green-50 text-green-800 border-green-200',
  maintenance: 'bg-blue-50 text-blue-800 border-blue-200',
  degraded: 'bg-amber-50 text-amber-900 border-amber-200',
  'partial-outage': 'bg-orange-50 text-orange-900 border-orange-200',
  'major-outage': 'bg-red-50 text-red-800 border-red-200',
};

const officeTime = (iso: string) => zonedTime(iso, company.businessHours.timeZone);
const time = (iso: string, text: string) =>
  `<time datetime="${escapeHtml(iso)}">${escapeHtml(text)}</time>`;

const section = (title: string, inner: string) =>
  `<section class="grid gap-4" aria-labelledby="status-${title.toLowerCase().replace(/\W+/g, '-')}"><h2 id="status-${title.toLowerCase().replace(/\W+/g, '-')}" class="text-2xl font-bold text-slate-900">${escapeHtml(title)}</h2>${inner}</section>`;

function componentList(components: readonly StatusComponent[]): string {
  return `<ul class="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">${components
    .map(
      (c) => `
  <li class="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
    <div class="min-w-0"><p class="font-medium text-slate-900">${escapeHtml(c.name)}</p>${
      c.description ? `<p class="text-sm text-slate-600">${escapeHtml(c.description)}</p>` : ''
    }</div>
    <span class="rounded-full border px-2.5 py-0.5 text-sm font-medium ${tone[c.state]}">${componentStateLabels[c.state]}</span>
  </li>`,
    )
    .join('')}
</ul>`;
}

function incidentCard(incident: Incident): string {
  const updates = incident.updates
    .map(
      (u) => `
    <li class="grid gap-0.5">
      <p><strong>${incidentStatusLabels[u.status]}</strong>: ${escapeHtml(u.message)}</p>
      <p class="text-sm text-slate-600">${time(u.createdAt, officeTime(u.createdAt))}</p>
    </li>`,
    )
    .join('');
  return `<article class="grid gap-3 rounded-lg border border-slate-200 bg-white p-4">
  <h3 class="text-lg font-semibold text-slate-900">${escapeHtml(incident.title)}</h3>
  <p class="text-sm text-slate-700">${incidentImpactLabels[incident.impact]} impact · ${incidentStatusLabels[incident.status]}${
    incident.components ? ` · Affects ${escapeHtml(incident.components)}` : ''
  }</p>
  <ol class="grid gap-3 border-l-2 border-slate-200 pl-4">${updates}</ol>
</article>`;
}

function maintenanceCard(window: Maintenance): string {
  return `<article class="grid gap-2 rounded-lg border border-slate-200 bg-white p-4">
  <h3 class="text-lg font-semibold text-slate-900">${escapeHtml(window.title)}</h3>
  <p class="text-sm text-slate-700">${time(window.startsAt, zonedTime(window.startsAt, window.timeZone))} to ${time(window.endsAt, zonedTime(window.endsAt, window.timeZone))}${
    window.components ? ` · Affects ${escapeHtml(window.components)}` : ''
  }</p>
  <p class="text-slate-800">${escapeHtml(window.message)}</p>
</article>`;
}

const list = (items: string[], empty: string) =>
  items.length
    ? `<div class="grid gap-4">${items.join('')}</div>`
    : `<p class="text-slate-700">${empty}</p>`;

/** The live page: overall state, components, open incidents, planned work and the history. */
export function statusPage(view: StatusView): HelpPage {
  const summary = `<p role="status" class="rounded-lg border px-4 py-4 text-xl font-semibold ${tone[view.overall]}">${headline[view.overall]}</p>`;
  const body = [
    summary,
    section('Components', componentList(view.components)),
    section(
      'Current Incidents',
      list(view.openIncidents.map(incidentCard), 'No incidents right now.'),
    ),
    section(
      'Scheduled Maintenance',
      list(view.maintenance.map(maintenanceCard), 'No maintenance is planned.'),
    ),
    section(
      `Past ${view.historyDays} Days`,
      list(
        [...view.pastIncidents.map(incidentCard), ...view.pastMaintenance.map(maintenanceCard)],
        `No incidents or maintenance in the past ${view.historyDays} days.`,
      ),
    ),
  ].join('');
  return {
    status: 200,
    title: `System Status | ${company.name}`,
    description: `The live state of ${company.name}'s customer portal, help desk and services: incidents and planned maintenance.`,
    path: paths.systemStatus,
    content: `<section class="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
  <div class="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
    <h1 class="text-4xl font-bold tracking-tight sm:text-5xl">System Status</h1>
    <p class="mt-6 max-w-2xl text-lg text-blue-100">The live state of our customer portal, help desk and the services we run for you.</p>
  </div>
</section><section class="py-12 sm:py-16"><div class="mx-auto grid max-w-3xl gap-10 px-4 sm:px-6 lg:px-8">${body}</div></section>`,
  };
}
