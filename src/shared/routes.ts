import { serviceIndex } from './service-index.ts';

/** Single sign-on with a customer company's own provider (issue 19, ADR 042). */
export const SSO_PATHS = {
  discover: '/api/auth/sso',
  start: '/api/auth/sso/start',
  callback: '/api/auth/sso/callback',
} as const;

/** A colleague invitation's mailed link (review N3): a page with a button, then the acceptance. */
export const INVITATION_PATH = '/api/auth/invitation';

/** Route paths, defined once: the router, the prerenderer, the sitemap and the server read these. */
export const paths = {
  home: '/',
  services: '/services',
  service: (slug: string) => `/services/${slug}`,
  about: '/about',
  contact: '/contact',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  systemStatus: '/system-status',
  login: '/api/login',
  logout: '/api/logout',
  portal: '/portal',
  dashboard: '/portal/dashboard',
  invoices: '/portal/invoices',
  projects: '/portal/projects',
  tickets: '/portal/tickets',
  documents: '/portal/documents',
  profile: '/portal/profile',
  team: '/portal/team',
  /** A quote to read and sign (ADR 072): linked from its mail, not the menu. */
  quote: (quoteId: string) => `/portal/quotes/${quoteId}`,
  quotePattern: '/portal/quotes/:quoteId',
  staff: '/staff',
  /** One ticket's screen: the queue with that ticket open (the bell's notices link here). */
  staffTicket: (ticketId: string) => `/staff/tickets/${ticketId}`,
  staffTicketPattern: '/staff/tickets/:ticketId',
  staffLeads: '/staff/leads',
  staffCustomers: '/staff/customers',
  staffCustomer: (customerId: string) => `/staff/customers/${customerId}`,
  staffCustomerPattern: '/staff/customers/:customerId',
  staffAudit: '/staff/audit',
  staffSignIns: '/staff/sign-ins',
  /** Issue 39 item 6: what each company owes, by age. */
  staffReceivables: '/staff/receivables',
  staffApi: '/staff/api',
  staffSavedReplies: '/staff/saved-replies',
  staffServiceLevels: '/staff/service-levels',
  staffWebhooks: '/staff/webhooks',
  /** Issue 19: a staff session past the mail link only confirms it is them here. */
  staffSecondFactor: '/staff/second-factor',
  staffSecurity: '/staff/security',
  staffUnmatchedMail: '/staff/unmatched-mail',
  /** The knowledge base (issue 43, ADR 078): the public help center and its articles. */
  help: '/help',
  helpArticle: (slug: string) => `/help/${slug}`,
  /** The portal's reading of an article any signed-in customer or one company may read. */
  portalArticle: (slug: string) => `/portal/help/${slug}`,
  portalArticlePattern: '/portal/help/:slug',
  staffKnowledgeBase: '/staff/knowledge-base',
  /** The status page (issue 43, ADR 079): components, incidents, and maintenance windows. */
  staffStatusPage: '/staff/status-page',
  staffMaintenance: '/staff/status-page/maintenance',
} as const;

/** The 18 public routes of the spec, in its order. */
export const publicRoutes: readonly string[] = [
  paths.home,
  paths.services,
  ...serviceIndex.map((s) => paths.service(s.slug)),
  paths.about,
  paths.contact,
  paths.privacyPolicy,
  paths.termsOfService,
  paths.systemStatus,
];

/** Paths served by the client app after sign-in (portal and staff route sets). */
export function isAppPath(pathname: string): boolean {
  return /^\/(portal|staff)(\/|$)/.test(pathname);
}
