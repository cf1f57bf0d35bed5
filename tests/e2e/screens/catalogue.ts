// Every screen of the product and the dialogs a person opens on it, for the tests that look at
// them (legibility.spec.ts) and for `npm run screenshots`. Portal screens are seen as a customer
// with data (Acme), staff screens as the seeded staff member.
import { expect, type Page } from '@playwright/test';
import { paths, publicRoutes } from '../../../src/shared/routes.ts';
import type { StaffArea } from '../../../src/shared/staff-permissions.ts';
import { e2ePorts } from '../ports.ts';

export type ScreenState = {
  name: string;
  /** Brings the state about on the loaded screen (opens a dialog, a form, a page by a link). */
  open: (page: Page) => Promise<void>;
  /** Back to the screen; by default Escape closes the dialog. */
  close?: (page: Page) => Promise<void>;
  /** Only at these widths (e.g. a phone's menu). */
  widths?: readonly number[];
  /** A staff state that writes (ADR 058): offered only to the roles that write this area. */
  writes?: StaffArea;
};

export type Screen = {
  name: string;
  path: string;
  /** Waits until the screen shows its content (hydrated, data loaded). */
  ready: (page: Page) => Promise<void>;
  states?: readonly ScreenState[];
  /** A staff screen's area (ADR 058): only the roles that read it open the screen. */
  reads?: StaffArea;
};

export const WIDTHS = [1280, 390] as const;

export const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

export async function openDialog(
  page: Page,
  button: ReturnType<Page['getByRole']>,
  name: string | RegExp,
) {
  await button.click();
  await expect(dialog(page, name)).toBeVisible();
}

/** Public pages are prerendered HTML: ready once shown (islands hydrate on first use). */
export async function hydrated(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Signed-in screens are ready once no skeleton or loading status is left. */
export async function loaded(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
}

/** Mail intake could not place, as it arrives (fixed Message-IDs: a second visit adds nothing). */
const sampleUnmatchedMail = [
  [
    'Dana Whitfield <dana.whitfield@northwind-traders.example>',
    'New laptop for our accountant',
    'Hello, we would like to order a laptop for our new accountant, starting Monday. Can you quote one with a docking station?',
  ],
  [
    'MAILER-DAEMON@mx.unknown-host.example',
    'Re: [TK-1001] Undeliverable: Printer offline',
    'Your message could not be delivered to one or more recipients.',
  ],
  [
    'sam.rivera@globex-retail.example',
    'Fwd: invoice question',
    'See below, can you check the March invoice?',
  ],
] as const;

/** The unmatched mail screen with mail in it: the samples handed to intake, then the list. */
async function unmatchedLoaded(page: Page) {
  for (const [i, [from, subject, body]] of sampleUnmatchedMail.entries()) {
    const raw = [
      `From: ${from}`,
      'To: support@example.com',
      `Subject: ${subject}`,
      `Message-ID: <screens-sample-${i}@sender.example>`,
      // The third is not UTF-8 as it claims: a charset no decoder knows, so it waits with that reason.
      `Content-Type: text/plain; charset=${i === 2 ? 'x-unknown-8' : 'utf-8'}`,
      '',
      body,
      '',
    ].join('\r\n');
    await fetch(`http://127.0.0.1:${e2ePorts.sessions}/mail`, { method: 'POST', body: raw });
  }
  await page.reload();
  await loaded(page);
}

async function notFound(page: Page) {
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Back to/ })).toBeVisible();
}

const publicMenu: ScreenState = {
  name: 'menu',
  widths: [390],
  open: async (page) => {
    await page.locator('header summary[aria-label="Menu"]').click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  },
};

export const publicScreens: readonly Screen[] = [
  ...publicRoutes.map((path): Screen => ({
    name: path === paths.home ? 'home' : path.slice(1),
    path,
    ready: hydrated,
    states:
      path === paths.home
        ? [publicMenu]
        : path === paths.service('cloud-solutions')
          ? [
              {
                name: 'quote form',
                open: (page) =>
                  openDialog(
                    page,
                    page.getByRole('link', { name: 'Request a Quote' }),
                    'Request a Quote',
                  ),
              },
            ]
          : [],
  })),
  { name: 'unknown path', path: '/no-such-page', ready: notFound },
];

export const portalScreens: readonly Screen[] = [
  {
    name: 'dashboard',
    path: paths.dashboard,
    ready: loaded,
    states: [
      {
        name: 'menu',
        widths: [390],
        open: (page) =>
          openDialog(page, page.getByRole('button', { name: 'Open menu' }), 'Portal menu'),
      },
    ],
  },
  {
    name: 'invoices',
    path: paths.invoices,
    ready: loaded,
    states: [
      {
        name: 'invoice detail',
        open: (page) =>
          openDialog(
            page,
            page.getByRole('button', { name: 'View invoice INV-2026-1003' }),
            'Invoice INV-2026-1003',
          ),
      },
    ],
  },
  {
    name: 'projects',
    path: paths.projects,
    ready: loaded,
    states: [
      {
        name: 'project details',
        open: (page) =>
          openDialog(
            page,
            page.getByRole('button', { name: 'View Details of Warehouse Wi-Fi 6 Upgrade' }),
            'Warehouse Wi-Fi 6 Upgrade',
          ),
      },
    ],
  },
  {
    name: 'tickets',
    path: paths.tickets,
    ready: loaded,
    states: [
      {
        name: 'new ticket',
        open: (page) =>
          openDialog(page, page.getByRole('button', { name: 'New Ticket' }), 'Create New Ticket'),
      },
      {
        name: 'ticket detail',
        open: async (page) => {
          await page
            .getByRole('button', { name: /^View ticket/ })
            .first()
            .click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
      },
    ],
  },
  { name: 'documents', path: paths.documents, ready: loaded },
  {
    name: 'profile',
    path: paths.profile,
    ready: loaded,
    states: [
      {
        name: 'logout confirmation',
        open: async (page) => {
          await page.getByRole('button', { name: 'Logout from all sessions' }).click();
          await expect(page.getByRole('alertdialog')).toBeVisible();
        },
      },
      {
        name: 'edit forms',
        open: async (page) => {
          await page.getByRole('button', { name: 'Edit', exact: true }).click();
          await page.getByRole('button', { name: 'Add Site' }).click();
          await expect(page.getByRole('form', { name: 'Add site' })).toBeVisible();
        },
        close: async () => {},
      },
    ],
  },
  // Issue 18: the colleagues screen (the seeded user is their company's admin).
  { name: 'team', path: paths.team, ready: loaded },
  { name: 'unknown path', path: '/portal/no-such-page', ready: notFound },
];

export const staffScreens: readonly Screen[] = [
  {
    name: 'help desk',
    path: paths.staff,
    ready: loaded,
    reads: 'helpdesk',
    states: [
      {
        name: 'ticket',
        open: async (page) => {
          await page
            .getByRole('button', { name: /^Open tk-/i })
            .first()
            .click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await expect(page.getByRole('dialog').getByRole('status')).toHaveCount(0);
        },
      },
    ],
  },
  {
    name: 'unmatched mail',
    path: paths.staffUnmatchedMail,
    ready: unmatchedLoaded,
    reads: 'helpdesk',
    states: [
      {
        name: 'attach',
        writes: 'helpdesk',
        open: (page) =>
          openDialog(
            page,
            page.getByRole('button', { name: /^Attach mail/ }).first(),
            'Attach Mail to a Company',
          ),
      },
    ],
  },
  {
    name: 'saved replies',
    path: paths.staffSavedReplies,
    ready: loaded,
    reads: 'savedReplies',
    states: [
      {
        name: 'new',
        writes: 'savedReplies',
        open: (page) =>
          openDialog(
            page,
            page.getByRole('button', { name: 'New Saved Reply' }),
            'New Saved Reply',
          ),
      },
    ],
  },
  // Issue 43 (ADR 079): the status page's switch, components and incidents; the maintenance windows.
  {
    name: 'status page',
    path: paths.staffStatusPage,
    ready: loaded,
    reads: 'statusPage',
    states: [
      {
        name: 'open incident',
        writes: 'statusPage',
        open: (page) =>
          openDialog(page, page.getByRole('button', { name: 'Open Incident' }), 'Open Incident'),
      },
      {
        name: 'new component',
        writes: 'statusPage',
        open: (page) =>
          openDialog(page, page.getByRole('button', { name: 'Add Component' }), 'New Component'),
      },
    ],
  },
  {
    name: 'maintenance',
    path: paths.staffMaintenance,
    ready: loaded,
    reads: 'statusPage',
    states: [
      {
        name: 'schedule',
        writes: 'statusPage',
        open: (page) =>
          openDialog(
            page,
            page.getByRole('button', { name: 'Schedule Maintenance' }),
            'Schedule Maintenance',
          ),
      },
    ],
  },
  // Issue 17: the SLA targets per priority.
  { name: 'service levels', path: paths.staffServiceLevels, ready: loaded, reads: 'serviceLevels' },
  { name: 'leads', path: paths.staffLeads, ready: loaded, reads: 'leads' },
  {
    name: 'customers',
    path: paths.staffCustomers,
    ready: loaded,
    reads: 'companies',
    states: [
      {
        name: 'new company',
        writes: 'companies',
        open: (page) =>
          openDialog(page, page.getByRole('button', { name: 'New Company' }), 'New Company'),
      },
      {
        name: 'Acme Logistics company page',
        open: async (page) => {
          await page.getByRole('link', { name: 'Acme Logistics' }).click();
          await loaded(page);
        },
        close: async () => {},
      },
      {
        name: 'Acme Logistics › invite user',
        writes: 'companies',
        open: (page) =>
          openDialog(
            page,
            page.getByRole('button', { name: 'Invite User' }),
            'Invite a User to Acme Logistics',
          ),
      },
      {
        name: 'Acme Logistics › new recurring invoice',
        writes: 'invoices',
        open: (page) =>
          openDialog(
            page,
            page.getByRole('button', { name: 'New Recurring Invoice' }),
            'New Recurring Invoice',
          ),
      },
    ],
  },
  {
    name: 'receivables',
    path: paths.staffReceivables,
    ready: loaded,
    reads: 'invoices',
    states: [
      {
        name: 'Acme Logistics statement',
        open: (page) =>
          openDialog(
            page,
            page.getByRole('button', { name: 'Statement of Acme Logistics' }),
            'Statement of Acme Logistics',
          ),
      },
    ],
  },
  { name: 'audit log', path: paths.staffAudit, ready: loaded, reads: 'auditLogs' },
  // Issue 19: the staff members (a colleague resets a lost factor) and one's passkeys.
  { name: 'security', path: paths.staffSecurity, ready: loaded },
  { name: 'sign-in log', path: paths.staffSignIns, ready: loaded, reads: 'auditLogs' },
  {
    name: 'api',
    path: paths.staffApi,
    ready: loaded,
    reads: 'integrations',
    states: [
      {
        name: 'new token',
        writes: 'integrations',
        open: (page) =>
          openDialog(page, page.getByRole('button', { name: 'New Token' }), 'New API Token'),
      },
      {
        name: 'endpoint open',
        open: async (page) => {
          await page
            .getByText('/api/customers/{customerId}/invoices', { exact: true })
            .first()
            .click();
        },
        close: async () => {},
      },
    ],
  },
  // Issue 21: webhook endpoints (none in the seed) and the dialog that registers one.
  {
    name: 'webhooks',
    path: paths.staffWebhooks,
    ready: loaded,
    reads: 'integrations',
    states: [
      {
        name: 'new webhook',
        writes: 'integrations',
        open: (page) =>
          openDialog(page, page.getByRole('button', { name: 'New Webhook' }), 'New Webhook'),
      },
    ],
  },
  { name: 'unknown path', path: '/staff/no-such-page', ready: notFound },
];

/** What to do on each screen and state: `label` names it and its width. */
export type Visit = (label: string, width: number) => Promise<void>;

/**
 * Loads each screen once per width, visits it, then each of its states in turn. A screen that
 * cannot be loaded or opened is passed to `failed` and the walk goes on with the next one.
 */
export async function walkScreens(
  page: Page,
  screens: readonly Screen[],
  visit: Visit,
  failed: (label: string, error: unknown) => void,
  widths: readonly number[] = WIDTHS,
): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    for (const screen of screens) {
      let label = `${screen.name} at ${width} px`;
      try {
        await page.goto(screen.path);
        await screen.ready(page);
        await visit(label, width);
        for (const state of screen.states ?? []) {
          if (state.widths && !state.widths.includes(width)) continue;
          label = `${screen.name} › ${state.name} at ${width} px`;
          await state.open(page);
          await visit(label, width);
          if (state.close) await state.close(page);
          else {
            await page.keyboard.press('Escape');
            await expect(page.getByRole('dialog')).toHaveCount(0);
            await expect(page.getByRole('alertdialog')).toHaveCount(0);
          }
        }
      } catch (error) {
        failed(label, error);
      }
    }
  }
}
